import { paymentGatewayAbi } from "@kassa/contracts";
import type { Address, Hex, PublicClient } from "viem";
import { finalBlockNumber, type FinalBlockNumberParameters } from "./finality.js";

export interface ReadFinalBlockReturnType {
  number: bigint;
  /** Unix seconds. */
  timestamp: bigint;
}

/** The chain's final block (finalBlockNumber; the genesis block while the chain is shorter) and its time. */
export async function readFinalBlock(
  client: PublicClient,
  chain: FinalBlockNumberParameters,
): Promise<ReadFinalBlockReturnType> {
  const final = await finalBlockNumber(client, chain);
  const block = await client.getBlock({ blockNumber: final < 0n ? 0n : final });
  return { number: block.number, timestamp: block.timestamp };
}

export interface ReadGatewayRefundedParameters {
  gateway: Address;
  /** The refund's id on the gateway. */
  refundId: Hex;
  blockNumber: bigint;
}

/** Whether the gateway had sent a refund id at a block (`isRefunded`). */
export function readGatewayRefunded(
  client: PublicClient,
  params: ReadGatewayRefundedParameters,
): Promise<boolean> {
  return client.readContract({
    address: params.gateway,
    abi: paymentGatewayAbi,
    functionName: "isRefunded",
    args: [params.refundId],
    blockNumber: params.blockNumber,
  });
}

/** The fee the gateway charges a merchant now (its override, else the default), in basis points (`merchantFee`). */
export async function readMerchantFeeBps(
  client: PublicClient,
  params: { gateway: Address; merchantId: Hex },
): Promise<number> {
  const [feeBps] = await client.readContract({
    address: params.gateway,
    abi: paymentGatewayAbi,
    functionName: "merchantFee",
    args: [params.merchantId],
  });
  return feeBps;
}
