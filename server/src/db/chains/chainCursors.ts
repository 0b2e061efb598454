import type { Db } from "../infra/database.js";
import { findOneBy, updateWhere } from "../infra/lookups.js";
import { type ChainCursorRow } from "../schema/rows.js";

/** Where the watcher stopped reading a chain: the last block it applied, and that block's hash. */
export interface ChainCursorPosition {
  blockNumber: bigint;
  blockHash: string;
}

export function findChainCursor(db: Db, chainId: number): Promise<ChainCursorRow | undefined> {
  return findOneBy(db, "chain_cursors", { chain_id: chainId });
}

/** The chain's cursor, placed at `start` first when the chain has none (a concurrent first placement wins). */
export async function findOrPlaceChainCursor(
  db: Db,
  chainId: number,
  start: ChainCursorPosition,
): Promise<ChainCursorRow> {
  await db
    .insertInto("chain_cursors")
    .values({ chain_id: chainId, block_number: Number(start.blockNumber), block_hash: start.blockHash })
    .onConflict((oc) => oc.column("chain_id").doNothing())
    .execute();
  return db.selectFrom("chain_cursors").selectAll().where("chain_id", "=", chainId).executeTakeFirstOrThrow();
}

/**
 * Moves the chain's cursor from `from` to `to` in one statement guarded by where it was: false when it had
 * moved since (another watcher, or a reorg step), and nothing changes.
 */
export function moveChainCursor(
  db: Db,
  chainId: number,
  from: Pick<ChainCursorRow, "block_number" | "block_hash">,
  to: ChainCursorPosition,
): Promise<boolean> {
  return updateWhere(
    db,
    "chain_cursors",
    { chain_id: chainId, block_number: from.block_number, block_hash: from.block_hash },
    { block_number: Number(to.blockNumber), block_hash: to.blockHash },
  );
}
