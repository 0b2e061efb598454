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

export interface ReadGatewayPaymentStatusParameters {
  gateway: Address;
  paymentId: Hex;
  blockNumber: bigint;
}

/** The gateway's `PaymentStatus` of a payment at a block: 0 none, 1 paid, 2 refunded. */
export function readGatewayPaymentStatus(
  client: PublicClient,
  params: ReadGatewayPaymentStatusParameters,
): Promise<number> {
  return client.readContract({
    address: params.gateway,
    abi: paymentGatewayAbi,
    functionName: "paymentStatus",
    args: [params.paymentId],
    blockNumber: params.blockNumber,
  });
}
