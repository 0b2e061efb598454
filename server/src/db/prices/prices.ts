import { sql } from "kysely";
import type {
  NewPriceSampleRow,
  NewTokenPriceSourceRow,
  PriceSampleRow,
  TokenPriceSourceRow,
} from "../schema/rows.js";
import type { Db } from "../infra/database.js";
import { findOneBy } from "../infra/lookups.js";

/** Sets (or replaces) the price source of a token. */
export function upsertTokenPriceSource(db: Db, row: NewTokenPriceSourceRow): Promise<TokenPriceSourceRow> {
  return db
    .insertInto("token_price_sources")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("token_id").doUpdateSet({
        kind: row.kind,
        ref: row.ref,
        feed_network_id: row.feed_network_id ?? null,
        quote_currency: row.quote_currency ?? null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTokenPriceSourceByTokenId(
  db: Db,
  tokenId: number,
): Promise<TokenPriceSourceRow | undefined> {
  return findOneBy(db, "token_price_sources", { token_id: tokenId });
}

export async function deleteTokenPriceSourceByTokenId(db: Db, tokenId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("token_price_sources")
    .where("token_id", "=", tokenId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface PricedTokenRow extends TokenPriceSourceRow {
  network_id: number;
  address: string;
  symbol: string;
}

/** Every enabled token that has a price source: what the collector samples. */
export function listEnabledTokensWithPriceSources(db: Db): Promise<PricedTokenRow[]> {
  return db
    .selectFrom("token_price_sources")
    .innerJoin("tokens", "tokens.id", "token_price_sources.token_id")
    .innerJoin("chains", "chains.id", "tokens.chain_id")
    .selectAll("token_price_sources")
    .select(["chains.network_id", "tokens.address", "tokens.symbol"])
    .where("tokens.enabled", "=", true)
    .orderBy("tokens.id")
    .execute();
}

export async function insertPriceSamples(db: Db, samples: readonly NewPriceSampleRow[]): Promise<void> {
  if (samples.length === 0) return;
  await db
    .insertInto("price_samples")
    .values([...samples])
    .execute();
}

/** The newest sample taken in [notBefore, notAfter]. */
export function findLatestPriceSample(
  db: Db,
  query: { tokenId: number; currency: string; notBefore: Date; notAfter: Date },
): Promise<PriceSampleRow | undefined> {
  return db
    .selectFrom("price_samples")
    .selectAll()
    .where("token_id", "=", query.tokenId)
    .where("currency", "=", query.currency)
    .where("sampled_at", ">=", query.notBefore)
    .where("sampled_at", "<=", query.notAfter)
    .orderBy("sampled_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export interface HourOfSamples {
  hourStart: Date;
  /** Exact sum of the prices, a decimal string. */
  sum: string;
  count: number;
}

/** The newest UTC hour in [from, to) with samples, with their exact sum and count. */
export async function findNewestHourOfSamples(
  db: Db,
  query: { tokenId: number; currency: string; from: Date; to: Date },
): Promise<HourOfSamples | undefined> {
  const hour = sql<number>`floor(extract(epoch from sampled_at) / 3600)::bigint`;
  const row = await db
    .selectFrom("price_samples")
    .select([
      hour.as("hour"),
      sql<string>`sum(price)::text`.as("sum"),
      sql<number>`count(*)::int`.as("count"),
    ])
    .where("token_id", "=", query.tokenId)
    .where("currency", "=", query.currency)
    .where("sampled_at", ">=", query.from)
    .where("sampled_at", "<", query.to)
    .groupBy(hour)
    .orderBy(hour, "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { hourStart: new Date(row.hour * 3_600_000), sum: row.sum, count: row.count };
}

export async function deletePriceSamplesSampledBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom("price_samples").where("sampled_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
