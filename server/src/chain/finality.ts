import type { PublicClient } from "viem";
import { type ChainRow } from "../db/rows.js";

/** The chain's head block number, read afresh (never viem's cached answer). */
export function readHeadBlockNumber(client: PublicClient): Promise<bigint> {
  return client.getBlockNumber({ cacheTime: 0 });
}

export type FinalBlockNumberParameters = Pick<ChainRow, "network_id" | "finality" | "confirmations">;

/**
 * The highest block that is final for the chain: the node's `finalized` or `safe` block when the chain's
 * finality names that tag, else `confirmations` blocks below the head (negative while the chain is shorter
 * than that). Payments become PAID only in blocks up to here.
 */
export async function finalBlockNumber(
  client: PublicClient,
  chain: FinalBlockNumberParameters,
): Promise<bigint> {
  if (chain.finality === "depth") {
    return (await readHeadBlockNumber(client)) - BigInt(chain.confirmations);
  }
  try {
    return (await client.getBlock({ blockTag: chain.finality })).number;
  } catch (error) {
    throw new Error(
      `chain ${chain.network_id} did not serve its "${chain.finality}" block; if its nodes do not offer that tag, ` +
        `set the chain's finality to depth (kassa admin chain update ${chain.network_id} --finality depth)`,
      { cause: error },
    );
  }
}
