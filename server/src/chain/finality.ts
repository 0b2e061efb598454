import type { Hex, PublicClient } from "viem";
import { type ChainRow } from "../db/schema/rows.js";

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
  return (await readTaggedBlock(client, chain)).number;
}

/** The node's `finalized` or `safe` block, or an error that says what to do when the node has no such tag. */
async function readTaggedBlock(client: PublicClient, chain: FinalBlockNumberParameters) {
  try {
    return await client.getBlock({ blockTag: chain.finality === "safe" ? "safe" : "finalized" });
  } catch (error) {
    throw new Error(
      `chain ${chain.network_id} did not serve its "${chain.finality}" block; if its nodes do not offer that tag, ` +
        `set the chain's finality to depth (kassa admin chain update ${chain.network_id} --finality depth)`,
      { cause: error },
    );
  }
}

/** A block's number, hash and parent. */
export interface BlockHeader {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
}

/**
 * The chain's final block (as finalBlockNumber) with its hash and parent: one call where the finality is a
 * tag or the head itself (a depth of 0), two otherwise. Undefined while the chain is shorter than its depth.
 */
export async function readFinalBlockHeader(
  client: PublicClient,
  chain: FinalBlockNumberParameters,
): Promise<BlockHeader | undefined> {
  if (chain.finality !== "depth") return readTaggedBlock(client, chain);
  const head = await client.getBlock({ blockTag: "latest" });
  if (chain.confirmations === 0) return head;
  const final = head.number - BigInt(chain.confirmations);
  return final < 0n ? undefined : client.getBlock({ blockNumber: final });
}
