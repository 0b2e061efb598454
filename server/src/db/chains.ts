import type { Db } from "./database.js";
import type { ChainRow, ChainUpdate, NewChainRow } from "./types.js";

export function listChains(db: Db): Promise<ChainRow[]> {
  return db.selectFrom("chains").selectAll().orderBy("id").execute();
}

export function findChainById(db: Db, id: number): Promise<ChainRow | undefined> {
  return db.selectFrom("chains").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findChainByNetworkId(db: Db, networkId: number): Promise<ChainRow | undefined> {
  return db.selectFrom("chains").selectAll().where("network_id", "=", networkId).executeTakeFirst();
}

export function insertChain(db: Db, chain: NewChainRow): Promise<ChainRow> {
  return db.insertInto("chains").values(chain).returningAll().executeTakeFirstOrThrow();
}

export function updateChainByNetworkId(
  db: Db,
  networkId: number,
  update: ChainUpdate,
): Promise<ChainRow | undefined> {
  return db
    .updateTable("chains")
    .set(update)
    .where("network_id", "=", networkId)
    .returningAll()
    .executeTakeFirst();
}
