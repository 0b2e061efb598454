import type { Db } from "./database.js";
import type { NewTokenRow, TokenRow } from "./types.js";

export type TokenWithChain = TokenRow & { network_id: number };

export function insertToken(db: Db, token: NewTokenRow): Promise<TokenRow> {
  return db.insertInto("tokens").values(token).returningAll().executeTakeFirstOrThrow();
}

export function setTokenEnabled(db: Db, id: number, enabled: boolean): Promise<TokenRow | undefined> {
  return db.updateTable("tokens").set({ enabled }).where("id", "=", id).returningAll().executeTakeFirst();
}

export function findTokenByChainIdAndAddress(
  db: Db,
  chainId: number,
  address: string,
): Promise<TokenRow | undefined> {
  return db
    .selectFrom("tokens")
    .selectAll()
    .where("chain_id", "=", chainId)
    .where("address", "=", address)
    .executeTakeFirst();
}

/** The same address whitelisted on any chain: tells CHAIN_MISMATCH apart from TOKEN_NOT_FOUND. */
export function findTokensByAddress(db: Db, address: string): Promise<TokenRow[]> {
  return db.selectFrom("tokens").selectAll().where("address", "=", address).execute();
}

export function listTokens(
  db: Db,
  filter: { chainId?: number; enabledOnly?: boolean } = {},
): Promise<TokenWithChain[]> {
  let query = db
    .selectFrom("tokens")
    .innerJoin("chains", "chains.id", "tokens.chain_id")
    .selectAll("tokens")
    .select("chains.network_id")
    .orderBy("tokens.chain_id")
    .orderBy("tokens.id");
  if (filter.chainId !== undefined) query = query.where("tokens.chain_id", "=", filter.chainId);
  if (filter.enabledOnly) query = query.where("tokens.enabled", "=", true);
  return query.execute();
}
