import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, loadConfig } from "../../../src/config/index.js";
import { findTokenPriceSourceByTokenId } from "../../../src/db/prices/prices.js";
import { isKassaError } from "../../../src/errors.js";
import {
  formatPriceSourceSpec,
  parsePriceSourceSpec,
  setTokenPriceSource,
} from "../../../src/core/prices/admin.js";
import { defaultPriceSettings, priceEnvShape, toPriceSettings } from "../../../src/config/prices.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { addToken } from "../../harness/prices.js";

const FEED = "0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6";

describe("price source specs", () => {
  it("parses the three kinds and writes them back", () => {
    expect(parsePriceSourceSpec("coingecko:usd-coin")).toEqual({
      kind: "coingecko",
      ref: "usd-coin",
      feed_network_id: null,
      quote_currency: null,
    });
    expect(parsePriceSourceSpec(`chainlink:1:${FEED.toLowerCase()}`)).toEqual({
      kind: "chainlink",
      ref: FEED,
      feed_network_id: 1,
      quote_currency: "USD",
    });
    expect(parsePriceSourceSpec(`chainlink:1:${FEED}:eur`).quote_currency).toBe("EUR");
    expect(parsePriceSourceSpec("static:dev-usdc")).toMatchObject({ kind: "static", ref: "dev-usdc" });
    for (const spec of ["coingecko:usd-coin", `chainlink:1:${FEED}`, `chainlink:1:${FEED}:EUR`, "static:x"]) {
      expect(formatPriceSourceSpec(parsePriceSourceSpec(spec))).toBe(spec);
    }
  });

  it.each([
    "uniswap:x",
    "coingecko:",
    "coingecko:a b",
    "chainlink:1",
    "chainlink:0:" + FEED,
    "chainlink:1:0x12",
    `chainlink:1:${FEED}:XXX`,
  ])("refuses %s with VALIDATION_ERROR", (spec) => {
    let caught: unknown;
    try {
      parsePriceSourceSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(isKassaError(caught, "VALIDATION_ERROR")).toBe(true);
  });
});

describe("setTokenPriceSource", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.close();
  });

  it("sets, replaces and removes a token's source; an unknown token is TOKEN_NOT_FOUND", async () => {
    const token = await addToken(test.db);
    const input = { networkId: 80002, tokenAddress: token.address.toLowerCase() };
    expect(
      await setTokenPriceSource({ db: test.db }, { ...input, priceSource: "coingecko:usd-coin" }),
    ).toMatchObject({
      token_id: token.id,
      kind: "coingecko",
      ref: "usd-coin",
    });
    await setTokenPriceSource({ db: test.db }, { ...input, priceSource: `chainlink:11155111:${FEED}` });
    expect(await findTokenPriceSourceByTokenId(test.db, token.id)).toMatchObject({
      kind: "chainlink",
      ref: FEED,
      feed_network_id: 11155111,
      quote_currency: "USD",
    });
    expect(await setTokenPriceSource({ db: test.db }, { ...input, priceSource: null })).toBeNull();
    expect(await findTokenPriceSourceByTokenId(test.db, token.id)).toBeUndefined();
    await expect(
      setTokenPriceSource({ db: test.db }, { ...input, networkId: 97, priceSource: "static:x" }),
    ).rejects.toMatchObject({ code: "TOKEN_NOT_FOUND" });
  });
});

describe("price settings", () => {
  const schema = z.object(priceEnvShape);

  it("defaults: USD only, every 5 minutes, 3 hours staleness, 30 days retention", () => {
    expect(defaultPriceSettings()).toMatchObject({
      currencies: ["USD"],
      collectIntervalMinutes: 5,
      stalenessMs: 3 * 3_600_000,
      retentionMs: 30 * 86_400_000,
      coingecko: { plan: "demo", timeoutMs: 10_000, apiKey: undefined, baseUrl: undefined },
      staticPrices: {},
      fx: { chainlinkFeeds: {}, staticRatesPerUsd: {} },
    });
  });

  it("reads currencies, JSON tables and FX feeds", () => {
    const values = schema.parse({
      PRICE_CURRENCIES: "usd, KRW,EUR",
      PRICE_STALENESS_MINUTES: "90",
      STATIC_PRICES: '{"usd-coin": {"USD": "1", "krw": "1385"}}',
      FX_RATES: '{"KRW": "1385.5"}',
      CHAINLINK_FX_FEEDS: `{"EUR": {"chainId": 1, "address": "${FEED}"}}`,
    });
    expect(toPriceSettings(values, undefined)).toMatchObject({
      currencies: ["USD", "KRW", "EUR"],
      stalenessMs: 90 * 60_000,
      staticPrices: { "usd-coin": { USD: "1", KRW: "1385" } },
      fx: {
        staticRatesPerUsd: { KRW: "1385.5" },
        chainlinkFeeds: { EUR: { chainId: 1, address: FEED, quote: "usd-per-unit" } },
      },
    });
  });

  it("names every bad variable", () => {
    const result = schema.safeParse({
      PRICE_CURRENCIES: "USD,XXX",
      STATIC_PRICES: '{"usd-coin": {"USD": 1}}',
      FX_RATES: "not json",
      PRICE_COLLECT_INTERVAL_MINUTES: "0",
    });
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((issue) => issue.path[0]))).toEqual(
      new Set(["PRICE_CURRENCIES", "STATIC_PRICES", "FX_RATES", "PRICE_COLLECT_INTERVAL_MINUTES"]),
    );
  });

  it("is part of the service configuration; the CoinGecko key never prints", () => {
    const config = loadConfig({
      PRICE_CURRENCIES: "USD,KRW",
      COINGECKO_API_KEY: "CG-secret",
      COINGECKO_API_PLAN: "pro",
    });
    expect(config.prices.currencies).toEqual(["USD", "KRW"]);
    expect(config.prices.coingecko.apiKey?.reveal()).toBe("CG-secret");
    expect(inspect(config, { depth: 6 })).not.toContain("CG-secret");
    expect(() => loadConfig({ PRICE_CURRENCIES: "XXX" })).toThrow(ConfigError);
    expect(() => loadConfig({ PRICE_CURRENCIES: "XXX" })).toThrow(/PRICE_CURRENCIES/);
  });
});
