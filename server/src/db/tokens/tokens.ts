import type { Db } from "../infra/database.js";
import { findAllBy, findOneBy, updateOneBy } from "../infra/lookups.js";
import { type ChainRow, type NewTokenRow, type TokenRow } from "../schema/rows.js";

export type TokenWithChain = TokenRow & { network_id: number };

export function insertToken(db: Db, token: NewTokenRow): Promise<TokenRow> {
  return db.insertInto("tokens").values(token).returningAll().executeTakeFirstOrThrow();
}

export function setTokenEnabled(db: Db, id: number, enabled: boolean): Promise<TokenRow | undefined> {
  return updateOneBy(db, "tokens", { id }, { enabled });
}

export function findTokenByChainIdAndAddress(
  db: Db,
  chainId: number,
  address: string,
): Promise<TokenRow | undefined> {
  return findOneBy(db, "tokens", { chain_id: chainId, address });
}

/** The same address whitelisted on any chain: tells CHAIN_MISMATCH apart from TOKEN_NOT_FOUND. */
export function findTokensByAddress(db: Db, address: string): Promise<TokenRow[]> {
  return findAllBy(db, "tokens", { address });
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

export interface ChainTokenForMerchant {
  chain: ChainRow;
  /** The token at the address on this chain, if whitelisted there. */
  token: TokenRow | undefined;
  /** The merchant's payment method for that token: undefined when it has none. */
  methodEnabled: boolean | undefined;
}

/**
 * What a payment creation checks, in one round trip: the merchant's chain, the token at `address` on it
 * and the merchant's payment method for that token. Undefined when the chain does not exist.
 */
export async function findChainTokenForMerchant(
  db: Db,
  chainId: number,
  address: string,
  merchantId: number,
): Promise<ChainTokenForMerchant | undefined> {
  const row = await db
    .selectFrom("chains")
    .leftJoin("tokens", (join) =>
      join.onRef("tokens.chain_id", "=", "chains.id").on("tokens.address", "=", address),
    )
    .leftJoin("payment_methods", (join) =>
      join
        .onRef("payment_methods.token_id", "=", "tokens.id")
        .on("payment_methods.merchant_id", "=", merchantId),
    )
    .selectAll("chains")
    .select([
      "tokens.id as token_id",
      "tokens.address as token_address",
      "tokens.symbol as token_symbol",
      "tokens.decimals as token_decimals",
      "tokens.permit_supported as token_permit_supported",
      "tokens.enabled as token_enabled",
      "tokens.created_at as token_created_at",
      "tokens.updated_at as token_updated_at",
      "payment_methods.is_enabled as method_enabled",
    ])
    .where("chains.id", "=", chainId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    token_id,
    token_address,
    token_symbol,
    token_decimals,
    token_permit_supported,
    token_enabled,
    token_created_at,
    token_updated_at,
    method_enabled,
    ...chain
  } = row;
  const token =
    token_id === null
      ? undefined
      : {
          id: token_id,
          chain_id: chain.id,
          address: token_address as string,
          symbol: token_symbol as string,
          decimals: token_decimals as number,
          permit_supported: token_permit_supported as boolean,
          enabled: token_enabled as boolean,
          created_at: token_created_at as Date,
          updated_at: token_updated_at as Date,
        };
  return { chain, token, methodEnabled: method_enabled ?? undefined };
}
