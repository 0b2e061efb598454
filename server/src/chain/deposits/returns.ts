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
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { verifySignature } from "../signatures.js";

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
 * Whether the merchant's recipient signed a `DepositReturn`, as the gateway checks it (signatures.ts: ECDSA,
 * ERC-1271 or ERC-6492). Throws CHAIN_UNAVAILABLE when the chain does not answer.
 */
export function verifyRecipientReturn(
  client: PublicClient,
  params: { recipient: Address; chainId: number; gateway: Address; request: DepositReturn; signature: Hex },
): Promise<boolean> {
  return verifySignature(client, {
    address: params.recipient,
    hash: hashTypedData(depositReturnTypedData(params)),
    signature: params.signature,
  });
}
