import {
  depositReturnTypedData,
  paymentGatewayAbi,
  type DepositReturn,
  type DepositTerms,
} from "@kassa/contracts";
import {
  encodeFunctionData,
  erc20Abi,
  hashTypedData,
  verifyHash,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";

/**
 * What the server reads and sends of a return from a deposit address (the gateway's `returnDeposit`): facts
 * for core/deposits/returns.ts, which decides.
 */

/** What a deposit address holds of `token` (the zero address: native coin), and whether it settled with an excess. */
export async function readDepositHolding(
  client: PublicClient,
  params: { gateway: Address; deposit: Address; token: Address },
): Promise<{ balance: bigint; settledWithExcess: boolean }> {
  const [balance, settledWithExcess] = await Promise.all([
    params.token === zeroAddress
      ? client.getBalance({ address: params.deposit })
      : client.readContract({
          address: params.token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [params.deposit],
        }),
    client.readContract({
      address: params.gateway,
      abi: paymentGatewayAbi,
      functionName: "isDepositSettledWithExcess",
      args: [params.deposit],
    }),
  ]);
  return { balance, settledWithExcess };
}

/** The calldata of `returnDeposit(terms, request, signature)`. */
export function encodeReturnDeposit(params: {
  terms: DepositTerms;
  request: DepositReturn;
  signature: Hex;
}): Hex {
  return encodeFunctionData({
    abi: paymentGatewayAbi,
    functionName: "returnDeposit",
    args: [params.terms, params.request, params.signature],
  });
}

/**
 * Whether the merchant's recipient signed a `DepositReturn`: an externally owned account's signature is checked
 * locally, a smart account's (ERC-1271, or ERC-6492 before deployment) by the chain, as the gateway checks it.
 */
export async function verifyRecipientReturn(
  client: PublicClient,
  params: { recipient: Address; chainId: number; gateway: Address; request: DepositReturn; signature: Hex },
): Promise<boolean> {
  const signed = {
    address: params.recipient,
    hash: hashTypedData(depositReturnTypedData(params)),
    signature: params.signature,
  };
  if (await verifyHash(signed).catch(() => false)) return true;
  return client.verifyHash(signed).catch(() => false);
}
