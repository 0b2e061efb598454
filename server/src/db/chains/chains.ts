import type { Db } from "../infra/database.js";
import { findAllBy, findOneBy, updateOneBy } from "../infra/lookups.js";
import { type ChainRow, type ChainUpdate, type NewChainRow } from "../schema/rows.js";

export function listChains(db: Db): Promise<ChainRow[]> {
  return findAllBy(db, "chains", {}, ["id"]);
}

export function findChainById(db: Db, id: number): Promise<ChainRow | undefined> {
  return findOneBy(db, "chains", { id });
}

export function findChainByNetworkId(db: Db, networkId: number): Promise<ChainRow | undefined> {
  return findOneBy(db, "chains", { network_id: networkId });
}

export function insertChain(db: Db, chain: NewChainRow): Promise<ChainRow> {
  return db.insertInto("chains").values(chain).returningAll().executeTakeFirstOrThrow();
}

export function updateChainByNetworkId(
  db: Db,
  networkId: number,
  update: ChainUpdate,
): Promise<ChainRow | undefined> {
  return updateOneBy(db, "chains", { network_id: networkId }, update);
}

/**
 * The gateways whose events the watcher reads for a chain: every deployment its payments were signed for
 * (a trigger on chains keeps the list). The watcher's per-block lookup: a primary-key range of a table with
 * a row per deployment, whatever the number of payments.
 */
export async function findWatchedGateways(db: Db, chainId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("chain_gateways")
    .select("gateway_address")
    .where("chain_id", "=", chainId)
    .execute();
  return rows.map((row) => row.gateway_address);
}

/** The chains with a gateway: those the watcher reads. */
export function listChainsWithGateway(db: Db): Promise<ChainRow[]> {
  return db.selectFrom("chains").selectAll().where("gateway_address", "is not", null).orderBy("id").execute();
}

/** The row id (chains.id) of the chain with EIP-155 id `networkId`. */
export async function findChainIdByNetworkId(db: Db, networkId: number): Promise<number | undefined> {
  const chain = await db
    .selectFrom("chains")
    .select("id")
    .where("network_id", "=", networkId)
    .executeTakeFirst();
  return chain?.id;
}

/** Keeps the eth_getLogs range limit learnt for chain `networkId` (one statement; idempotent). */
export async function recordLogRangeLimit(db: Db, networkId: number, maxBlocks: number): Promise<void> {
  await db
    .updateTable("chains")
    .set({ logs_max_blocks: maxBlocks })
    .where("network_id", "=", networkId)
    .where((eb) => eb.or([eb("logs_max_blocks", "is", null), eb("logs_max_blocks", "!=", maxBlocks)]))
    .execute();
}
