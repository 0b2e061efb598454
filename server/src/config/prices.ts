import { isAddress, type Address } from "viem";
import { z } from "zod";
import type { Secret } from "../secret.js";
import { CURRENCY_CODES, isDecimalString, parseCurrency, type Currency } from "../domain/fiat.js";
import { DEFAULT_HOURLY_AVERAGE_STALENESS_MS } from "../domain/priceWindow.js";

export const DEFAULT_PRICE_COLLECT_INTERVAL_MINUTES = 5;

export const DEFAULT_PRICE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Chainlink feeds update on a deviation threshold or a heartbeat, whichever comes first; the
 * longest common heartbeat (stablecoin feeds) is 24 hours, so a day plus margin is the default.
 */
export const DEFAULT_CHAINLINK_MAX_AGE_SECONDS = 25 * 60 * 60;

/** Fixed prices keyed by asset ref, then currency: `{ "usd-coin": { USD: "1", KRW: "1380" } }`. */
export type StaticPriceTable = Readonly<Record<string, Readonly<Partial<Record<Currency, string>>>>>;

export interface ChainlinkFxFeed {
  chainId: number;
  address: Address;
  /**
   * How the feed is quoted: `usd-per-unit` for feeds like KRW/USD and EUR/USD (the price of one unit
   * of the currency in dollars), `units-per-usd` for feeds quoted the other way round.
   */
  quote: "usd-per-unit" | "units-per-usd";
}

/** Price settings, parsed once at start by config.ts from the variables of {@link priceEnvShape}. */
export interface PriceSettings {
  /** Currencies every token is sampled in; the only ones GET /prices and fiat payments accept. */
  currencies: Currency[];
  collectIntervalMinutes: number;
  /** Oldest price `current` serves and oldest hour `hourly-average` falls back to. */
  stalenessMs: number;
  retentionMs: number;
  coingecko: {
    baseUrl: string | undefined;
    apiKey: Secret | undefined;
    plan: "demo" | "pro";
    timeoutMs: number;
  };
  chainlinkMaxAgeSeconds: number;
  staticPrices: StaticPriceTable;
  /** FX for sources that answer only in USD: Chainlink fiat feeds win over static rates. */
  fx: {
    chainlinkFeeds: Partial<Record<Currency, ChainlinkFxFeed>>;
    staticRatesPerUsd: Partial<Record<Currency, string>>;
  };
}

const currencyCode = z.string().transform((code, ctx) => {
  const currency = parseCurrency(code);
  if (!currency) {
    ctx.addIssue({ code: "custom", message: `${code} is not one of ${CURRENCY_CODES.join(", ")}` });
    return z.NEVER;
  }
  return currency;
});

const decimal = z.string().refine(isDecimalString, 'must be a plain decimal string such as "1385.5"');

function json<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const currencyRecord = <T extends z.ZodType>(value: T) =>
  z.record(z.string(), value).transform((record, ctx) => {
    const result: Partial<Record<Currency, z.output<T>>> = {};
    for (const [code, entry] of Object.entries(record)) {
      const currency = parseCurrency(code);
      if (currency) result[currency] = entry as z.output<T>;
      else ctx.addIssue({ code: "custom", message: `${code} is not a supported currency` });
    }
    return result;
  });

const chainlinkFxFeed = z.object({
  chainId: z.number().int().positive(),
  address: z
    .string()
    .refine((value) => isAddress(value), "must be an address")
    .transform((value) => value as Address),
  quote: z.enum(["usd-per-unit", "units-per-usd"]).default("usd-per-unit"),
});

/**
 * Environment variables of the price service (merged into config.ts's schema). The CoinGecko API
 * key (`COINGECKO_API_KEY`) is a secret and is declared in config.ts, which wraps it.
 */
export const priceEnvShape = {
  /** Comma-separated ISO 4217 codes, e.g. `USD,KRW`. */
  PRICE_CURRENCIES: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(z.array(currencyCode).min(1))
    .default(["USD"])
    .describe(
      "Comma-separated ISO 4217 codes every token is priced in; the only currencies GET /prices and fiat payments accept.",
    ),
  PRICE_COLLECT_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(59)
    .default(DEFAULT_PRICE_COLLECT_INTERVAL_MINUTES)
    .describe("Minutes between price samples (a divisor of 60 keeps hourly averages even)."),
  PRICE_STALENESS_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_HOURLY_AVERAGE_STALENESS_MS / 60_000)
    .describe(
      "Oldest price `current` serves, and oldest hour `hourly-average` falls back to when the last hour has no samples.",
    ),
  PRICE_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PRICE_RETENTION_MS / 86_400_000)
    .describe("Days price samples are kept."),
  COINGECKO_BASE_URL: z
    .string()
    .url()
    .optional()
    .describe("CoinGecko API base URL; default the public (demo) or pro endpoint by COINGECKO_API_PLAN."),
  COINGECKO_API_PLAN: z
    .enum(["demo", "pro"])
    .default("demo")
    .describe("`demo` or `pro`: which CoinGecko endpoint and key header to use."),
  COINGECKO_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000)
    .describe("Timeout of one CoinGecko request."),
  CHAINLINK_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_CHAINLINK_MAX_AGE_SECONDS)
    .describe("A Chainlink round older than this is refused as stale."),
  /** JSON: `{"usd-coin": {"USD": "1", "KRW": "1385"}}`. */
  STATIC_PRICES: json(z.record(z.string(), currencyRecord(decimal)))
    .default({})
    .describe(
      'JSON of fixed prices by source key, e.g. `{"usd-coin": {"USD": "1", "KRW": "1385"}}` (tokens mapped with `static:<key>`).',
    ),
  /** JSON: units of each currency per US dollar, `{"KRW": "1385.5"}`. */
  FX_RATES: json(currencyRecord(decimal))
    .default({})
    .describe(
      'JSON of units of each currency per US dollar, e.g. `{"KRW": "1385.5"}`, for sources that answer only in USD.',
    ),
  /** JSON: Chainlink fiat feeds, `{"KRW": {"chainId": 1, "address": "0x...", "quote": "usd-per-unit"}}`. */
  CHAINLINK_FX_FEEDS: json(currencyRecord(chainlinkFxFeed))
    .default({})
    .describe(
      'JSON of Chainlink fiat feeds, e.g. `{"KRW": {"chainId": 1, "address": "0x...", "quote": "usd-per-unit"}}`; they win over FX_RATES.',
    ),
};

const priceEnvSchema = z.object(priceEnvShape);
export type PriceEnvValues = z.output<typeof priceEnvSchema>;

export function toPriceSettings(values: PriceEnvValues, coingeckoApiKey: Secret | undefined): PriceSettings {
  return {
    currencies: [...new Set(values.PRICE_CURRENCIES)],
    collectIntervalMinutes: values.PRICE_COLLECT_INTERVAL_MINUTES,
    stalenessMs: values.PRICE_STALENESS_MINUTES * 60_000,
    retentionMs: values.PRICE_RETENTION_DAYS * 86_400_000,
    coingecko: {
      baseUrl: values.COINGECKO_BASE_URL,
      apiKey: coingeckoApiKey,
      plan: values.COINGECKO_API_PLAN,
      timeoutMs: values.COINGECKO_TIMEOUT_MS,
    },
    chainlinkMaxAgeSeconds: values.CHAINLINK_MAX_AGE_SECONDS,
    staticPrices: values.STATIC_PRICES,
    fx: { chainlinkFeeds: values.CHAINLINK_FX_FEEDS, staticRatesPerUsd: values.FX_RATES },
  };
}

/** Settings with every default: what a test or `kassa dev` starts from. */
export function defaultPriceSettings(overrides: Partial<PriceSettings> = {}): PriceSettings {
  return { ...toPriceSettings(priceEnvSchema.parse({}), undefined), ...overrides };
}
