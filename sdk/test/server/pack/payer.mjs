/* global process, console */
// A payer in plain JavaScript (Node 20, ES modules) with viem and the packed @kassa/sdk: approves the
// gateway for exactly the payment's amount and calls pay() with the SDK's ABI and payArgs(), as a
// payer's own app would. Environment: RPC_URL, PAYER_KEY, PAYMENT (the payment as the API returned it).
// Prints one JSON line: the pay() transaction's hash and status.
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { tokenAbi, gatewayAbi, payArgs } from "@kassa/sdk";

const env = process.env;
const payment = JSON.parse(env.PAYMENT);
const chain = {
  id: payment.chainId,
  name: "payer's chain",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [env.RPC_URL] } },
};
const transport = http(env.RPC_URL);
const publicClient = createPublicClient({ chain, transport });
const wallet = createWalletClient({ account: privateKeyToAccount(env.PAYER_KEY), chain, transport });

const approval = await wallet.writeContract({
  address: payment.tokenAddress,
  abi: tokenAbi,
  functionName: "approve",
  args: [payment.gatewayAddress, BigInt(payment.amount)],
});
await publicClient.waitForTransactionReceipt({ hash: approval });
const hash = await wallet.writeContract({
  address: payment.gatewayAddress,
  abi: gatewayAbi,
  functionName: "pay",
  args: payArgs(payment),
});
const receipt = await publicClient.waitForTransactionReceipt({ hash });
console.log(JSON.stringify({ step: "paid", txHash: hash, status: receipt.status }));
