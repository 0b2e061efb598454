import { DEFAULT_PRICE_RETENTION_MS } from "../../config/prices.js";
import type { Db } from "../../db/infra/database.js";
import {
  deletePriceSamplesSampledBefore,
  insertPriceSamples,
  listEnabledTokensWithPriceSources,
  type PricedTokenRow,
} from "../../db/prices/prices.js";
import { type NewPriceSampleRow } from "../../db/schema/rows.js";
import { parseCurrency, type Currency } from "../../domain/fiat.js";
import { quoteAsset } from "../../chain/prices/derive.js";
import type { FxSource, PriceSource } from "../../chain/prices/source.js";
import type { PriceSourceKind } from "../../domain/records.js";

/** The subset of a pino logger the collector writes to. */
export interface PriceLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface CollectPricesDeps {
  db: Db;
  /** The sources this deployment runs; a token mapped to a missing kind is reported, not sampled. */
  sources: Partial<Record<PriceSourceKind, PriceSource>>;
  fx?: FxSource | null;
  /** Every currency to sample each token in. */
  currencies: readonly Currency[];
  now: () => Date;
  logger: PriceLogger;
  /** Samples older than this are deleted; default 30 days. */
  retentionMs?: number;
}

export interface CollectPricesFailure {
  tokenId: number;
  networkId: number;
  tokenAddress: string;
  source: PriceSourceKind;
  message: string;
}

export interface CollectPricesResult {
  sampledAt: Date;
  /** Samples written. */
  samples: number;
  /** Tokens whose source failed as a whole. */
  failures: CollectPricesFailure[];
  /** Token and currency pairs no source or derivation could price. */
  missing: { tokenId: number; currency: Currency }[];
  pruned: number;
}

/**
 * Samples the current price of every enabled token with a price source in every configured
 * currency, and stores each with its source and the collection time. A failing source or token is
 * logged and skipped so the others are still sampled; the next run is its retry.
 */
export async function collectPrices(deps: CollectPricesDeps): Promise<CollectPricesResult> {
  const sampledAt = deps.now();
  const tokens = await listEnabledTokensWithPriceSources(deps.db);
  const failures: CollectPricesFailure[] = [];
  const missing: CollectPricesResult["missing"] = [];
  const samples: NewPriceSampleRow[] = [];

  const results = await Promise.allSettled(tokens.map((token) => sampleToken(deps, token)));
  results.forEach((result, index) => {
    const token = tokens[index]!;
    if (result.status === "fulfilled") {
      for (const quote of result.value.quotes) {
        samples.push({
          token_id: token.token_id,
          currency: quote.currency,
          price: quote.price,
          source: quote.source,
          observed_at: quote.observedAt,
          sampled_at: sampledAt,
        });
      }
      for (const currency of result.value.missing) missing.push({ tokenId: token.token_id, currency });
      return;
    }
    const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
    failures.push({
      tokenId: token.token_id,
      networkId: token.network_id,
      tokenAddress: token.address,
      source: token.kind,
      message,
    });
    deps.logger.warn(
      {
        tokenId: token.token_id,
        networkId: token.network_id,
        token: token.address,
        source: token.kind,
        err: result.reason,
      },
      `price collection failed for ${token.symbol}: ${message}`,
    );
  });

  await insertPriceSamples(deps.db, samples);
  if (missing.length > 0) deps.logger.warn({ missing }, "no price for some token and currency pairs");
  const pruned = await deletePriceSamplesSampledBefore(
    deps.db,
    new Date(sampledAt.getTime() - (deps.retentionMs ?? DEFAULT_PRICE_RETENTION_MS)),
  );
  deps.logger.info(
    { samples: samples.length, tokens: tokens.length, failures: failures.length, pruned },
    "prices collected",
  );
  return { sampledAt, samples: samples.length, failures, missing, pruned };
}

async function sampleToken(deps: CollectPricesDeps, token: PricedTokenRow) {
  const source = deps.sources[token.kind];
  if (!source) throw new Error(`price source ${token.kind} is not configured`);
  const quoteCurrency = token.quote_currency === null ? null : parseCurrency(token.quote_currency);
  return quoteAsset(
    source,
    { ref: token.ref, chainId: token.feed_network_id, quoteCurrency },
    deps.currencies,
    deps.fx,
  );
}
