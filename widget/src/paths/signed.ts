/**
 * The gateway's one-signature paths in the widget (issue 28): what the payer's wallet signs for each (EIP-3009's
 * authorization, Permit2's witness transfer, the payment intent), what the widget reads to choose among them
 * (the wallet's kind, the token's domain and EIP-3009 support, Permit2 and the payer's approval of it), and
 * whether the token would move this payment at all (a blocklist), found by simulation before anything is signed.
 */
import {
  paymentAuthorizationTypedData,
  paymentIntentTypedData,
  permit2PaymentTypedData,
  pickPermit2Nonce,
  type TokenDomain,
} from "@kassa/contracts/intents";
import { permit2Abi, permit2Address } from "@kassa/contracts/abi";
import type { PaymentRequest } from "@kassa/contracts/eip712";
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  isErc6492Signature,
  type Address,
  type Hex,
} from "viem";

import type { PayablePayment } from "../chain.js";
import { readAllowance, readPermitDomain, signTypedData } from "../chain.js";
import { request, WalletError, type Eip1193Provider } from "../wallet/eip1193.js";

/** What the widget knows of a payer before it chooses a path. */
export interface PayerFacts {
  /** The account has code: a smart-contract wallet (ERC-1271), which can sign no ECDSA permit or ForwardRequest. */
  smartWallet: boolean;
  /** The token's EIP-712 domain as the token tells it, if it does. */
  tokenDomain: TokenDomain | undefined;
  /** The token takes EIP-3009 authorizations (`authorizationState` answers) and tells its domain. */
  eip3009: boolean;
  /** Permit2 is deployed on the chain. */
  permit2: boolean;
  /** What the payer allowed Permit2 to move of the token. */
  permit2Allowance: bigint;
  /** What the payer allowed the gateway to move of the token. */
  gatewayAllowance: bigint;
}

const authorizationStateAbi = [
  {
    type: "function",
    name: "authorizationState",
    stateMutability: "view",
    inputs: [
      { name: "authorizer", type: "address" },
      { name: "nonce", type: "bytes32" },
    ],
    outputs: [{ type: "bool" }],
  },
] as const;

const call = (provider: Eip1193Provider, to: Address, data: Hex, from?: Address) =>
  request<Hex>(provider, "eth_call", [{ ...(from ? { from } : {}), to, data }, "latest"]);

async function hasCode(provider: Eip1193Provider, address: Address): Promise<boolean> {
  const code = await request<Hex>(provider, "eth_getCode", [address, "latest"]);
  return code !== "0x" && code !== "0x0";
}

async function answersAuthorizationState(provider: Eip1193Provider, token: Address, owner: Address) {
  const data = encodeFunctionData({
    abi: authorizationStateAbi,
    functionName: "authorizationState",
    args: [owner, `0x${"00".repeat(32)}`],
  });
  return call(provider, token, data).then(
    (result) => result.length === 66,
    () => false,
  );
}

export async function readPayerFacts(
  provider: Eip1193Provider,
  payment: PayablePayment,
  account: Address,
): Promise<PayerFacts> {
  const token = payment.tokenAddress;
  const [smartWallet, tokenDomain, authorizations, permit2, gatewayAllowance] = await Promise.all([
    hasCode(provider, account),
    readPermitDomain(provider, token, payment.chainId),
    answersAuthorizationState(provider, token, account),
    hasCode(provider, permit2Address),
    readAllowance(provider, token, account, payment.gatewayAddress),
  ]);
  const permit2Allowance = permit2 ? await readAllowance(provider, token, account, permit2Address) : 0n;
  return {
    smartWallet,
    tokenDomain,
    eip3009: authorizations && tokenDomain !== undefined,
    permit2,
    permit2Allowance,
    gatewayAllowance,
  };
}

/**
 * Why the token would not move this payment from the payer to the merchant, found by simulating the transfer
 * (nothing is sent): a blocklisted payer or recipient (USDC, USDT). Undefined when the transfer would go through.
 */
export async function transferRefusal(
  provider: Eip1193Provider,
  payment: Pick<PayablePayment, "tokenAddress" | "recipientAddress" | "amount">,
  account: Address,
): Promise<string | undefined> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [payment.recipientAddress, BigInt(payment.amount)],
  });
  return call(provider, payment.tokenAddress, data, account).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** The payment's signed `PaymentRequest`, as the payer's signatures name it. */
export function paymentRequest(payment: PayablePayment): PaymentRequest {
  return {
    paymentId: payment.paymentId,
    tokenAddress: payment.tokenAddress,
    amount: BigInt(payment.amount),
    recipientAddress: payment.recipientAddress,
    merchantId: payment.merchantId,
    deadline: BigInt(payment.deadline),
  };
}

/** The relay body of a one-signature path (POST /payments/:id/relay). */
export interface SignedRelay {
  kind: "permit2" | "authorization" | "intent";
  payer: Address;
  signature: Hex;
  permit2Nonce?: string;
}

type Typed = Parameters<typeof signTypedData>[2];

const base = (payment: PayablePayment, payer: Address) => ({
  chainId: payment.chainId,
  gateway: payment.gatewayAddress,
  request: paymentRequest(payment),
  payer,
});

/** A smart wallet not deployed yet answered with ERC-6492: only paths without an allowance are open to it. */
export class UndeployedWallet extends Error {
  override name = "UndeployedWallet";
}

export async function signAuthorization(
  provider: Eip1193Provider,
  payment: PayablePayment,
  payer: Address,
  tokenDomain: TokenDomain,
): Promise<SignedRelay> {
  const typed = paymentAuthorizationTypedData({ ...base(payment, payer), tokenDomain });
  const signature = await signTypedData(provider, payer, typed as unknown as Typed);
  return { kind: "authorization", payer, signature };
}

export async function signIntent(provider: Eip1193Provider, payment: PayablePayment, payer: Address) {
  const typed = paymentIntentTypedData(base(payment, payer));
  const signature = await signTypedData(provider, payer, typed as unknown as Typed);
  return { kind: "intent", payer, signature } satisfies SignedRelay;
}

/** Signs Permit2's witness transfer of this payment with an unused nonce of the payer's first bitmap word. */
export async function signPermit2(
  provider: Eip1193Provider,
  payment: PayablePayment,
  payer: Address,
): Promise<SignedRelay> {
  const data = encodeFunctionData({ abi: permit2Abi, functionName: "nonceBitmap", args: [payer, 0n] });
  const bitmap = decodeFunctionResult({
    abi: permit2Abi,
    functionName: "nonceBitmap",
    data: await call(provider, permit2Address, data),
  });
  const nonce = pickPermit2Nonce(0n, bitmap);
  const typed = permit2PaymentTypedData({ ...base(payment, payer), nonce });
  const signature = await signTypedData(provider, payer, typed as unknown as Typed);
  if (isErc6492Signature(signature))
    throw new UndeployedWallet("a wallet not deployed yet has no Permit2 approval");
  return { kind: "permit2", payer, signature, permit2Nonce: nonce.toString() };
}

/** An ECDSA signature was needed (a permit, a ForwardRequest) and the wallet answered as a smart wallet. */
export function requireEcdsa(signature: Hex): void {
  if (isErc6492Signature(signature))
    throw new UndeployedWallet("the wallet signs as a smart wallet not deployed yet");
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new WalletError("the wallet returned a signature that is not ECDSA", undefined);
}
