import { getAddress, isAddress } from "viem";
import { findChainByNetworkId } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import {
  findLatestPriceSample,
  findNewestHourOfSamples,
  findTokenPriceSourceByTokenId,
} from "../../db/prices/prices.js";
import { findTokenByChainIdAndAddress } from "../../db/tokens/tokens.js";
import { type TokenRow } from "../../db/schema/rows.js";
import { meanFromSum, parseCurrency, type Currency } from "../../domain/fiat.js";
import { KassaError } from "../../errors.js";
import {
  DEFAULT_HOURLY_AVERAGE_STALENESS_MS,
  HOUR_MS,
  hourlyAverageSearchSpan,
} from "../../domain/priceWindow.js";

export interface PriceQuery {
  networkId: number;
  tokenAddress: string;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/**
 * The price seam of payment creation: `createPriceService` reads the stored hourly averages;
 * `noPriceService`, for an API without prices, answers every fiat request with PRICE_SERVICE_NOT_CONFIGURED.
 */
export interface PriceService {
  /**
   * Mean price of one whole token over the previous full hour, in `currency` units, as a positive
   * decimal string. Throws INVALID_CURRENCY for an unsupported currency and
   * PRICE_SERVICE_NOT_CONFIGURED when no price is available.
   */
  hourlyAveragePrice(query: PriceQuery): Promise<string>;
}

export const noPriceService: PriceService = {
  hourlyAveragePrice: () => Promise.reject(new KassaError("PRICE_SERVICE_NOT_CONFIGURED")),
};

export const PRICE_TYPES = ["current", "hourly-average"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export interface PriceQueryDeps {
  db: Db;
  now: () => Date;
  /** The currencies the collector samples; any other code is INVALID_CURRENCY. */
  currencies: readonly Currency[];
  /**
   * How old a price may be: `current` serves no sample older than this, and `hourly-average` no
   * hour that ended longer ago (default 3 hours).
   */
  stalenessMs?: number;
}

export interface TokenPriceQuery {
  networkId: number;
  tokenAddress: string;
  type: PriceType;
  currency: string;
}

interface TokenPriceBase {
  networkId: number;
  tokenAddress: string;
  symbol: string;
  currency: Currency;
  /** Price of one whole token in `currency`, an exact decimal string. */
  price: string;
}

export type TokenPrice =
  | (TokenPriceBase & { type: "current"; sampledAt: Date; source: string })
  | (TokenPriceBase & { type: "hourly-average"; periodStart: Date; periodEnd: Date; sampleCount: number });

/** A supported currency code (any case), or INVALID_CURRENCY. */
export function requireCurrency(code: string, supported: readonly Currency[]): Currency {
  const currency = parseCurrency(code);
  if (currency === null || !supported.includes(currency)) {
    throw new KassaError(
      "INVALID_CURRENCY",
      `${JSON.stringify(code)} is not a supported currency; supported: ${supported.join(", ")}`,
    );
  }
  return currency;
}

async function findWhitelistedToken(
  db: Db,
  networkId: number,
  tokenAddress: string,
): Promise<TokenRow | undefined> {
  if (!isAddress(tokenAddress, { strict: false })) return undefined;
  const chain = await findChainByNetworkId(db, networkId);
  if (!chain) return undefined;
  const token = await findTokenByChainIdAndAddress(db, chain.id, getAddress(tokenAddress));
  return token?.enabled ? token : undefined;
}

async function hourlyAverage(deps: PriceQueryDeps, tokenId: number, currency: Currency) {
  const span = hourlyAverageSearchSpan(deps.now(), deps.stalenessMs ?? DEFAULT_HOURLY_AVERAGE_STALENESS_MS);
  const hour = await findNewestHourOfSamples(deps.db, { tokenId, currency, from: span.start, to: span.end });
  if (!hour) return undefined;
  return {
    price: meanFromSum(hour.sum, hour.count),
    periodStart: hour.hourStart,
    periodEnd: new Date(hour.hourStart.getTime() + HOUR_MS),
    sampleCount: hour.count,
  };
}

/**
 * GET /prices: `current` is the newest sample, `hourly-average` the mean of the previous full
 * hour's samples (or of the newest hour within the staleness limit). TOKEN_NOT_FOUND when the token
 * is not whitelisted on the chain or there is no price data.
 */
export async function getTokenPrice(deps: PriceQueryDeps, query: TokenPriceQuery): Promise<TokenPrice> {
  const currency = requireCurrency(query.currency, deps.currencies);
  const token = await findWhitelistedToken(deps.db, query.networkId, query.tokenAddress);
  if (!token) {
    throw new KassaError(
      "TOKEN_NOT_FOUND",
      `token ${query.tokenAddress} is not whitelisted on chain ${query.networkId}`,
    );
  }
  const base = { networkId: query.networkId, tokenAddress: token.address, symbol: token.symbol, currency };
  const noData = () =>
    new KassaError(
      "TOKEN_NOT_FOUND",
      `no ${query.type} ${currency} price data for ${token.symbol} (${token.address})`,
    );

  if (query.type === "current") {
    const now = deps.now();
    const sample = await findLatestPriceSample(deps.db, {
      tokenId: token.id,
      currency,
      notBefore: new Date(now.getTime() - (deps.stalenessMs ?? DEFAULT_HOURLY_AVERAGE_STALENESS_MS)),
      notAfter: now,
    });
    if (!sample) throw noData();
    return {
      ...base,
      type: "current",
      price: sample.price,
      sampledAt: sample.sampled_at,
      source: sample.source,
    };
  }
  const average = await hourlyAverage(deps, token.id, currency);
  if (!average) throw noData();
  return { ...base, type: "hourly-average", ...average };
}

/**
 * The price seam of payment creation: the hourly average, or PRICE_SERVICE_NOT_CONFIGURED when no
 * source serves the token or it has no recent price.
 */
export function createPriceService(deps: PriceQueryDeps): PriceService {
  return {
    async hourlyAveragePrice(query: PriceQuery): Promise<string> {
      const currency = requireCurrency(query.currency, deps.currencies);
      const token = await findWhitelistedToken(deps.db, query.networkId, query.tokenAddress);
      const source = token && (await findTokenPriceSourceByTokenId(deps.db, token.id));
      if (!token || !source) {
        throw new KassaError(
          "PRICE_SERVICE_NOT_CONFIGURED",
          `no price source is configured for token ${query.tokenAddress} on chain ${query.networkId}`,
        );
      }
      const average = await hourlyAverage(deps, token.id, currency);
      if (!average) {
        const hours = (deps.stalenessMs ?? DEFAULT_HOURLY_AVERAGE_STALENESS_MS) / HOUR_MS;
        throw new KassaError(
          "PRICE_SERVICE_NOT_CONFIGURED",
          `no ${currency} price for ${token.symbol} in the last ${hours} hours; fiat conversion is unavailable`,
        );
      }
      return average.price;
    },
  };
}
