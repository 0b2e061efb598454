import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCoinGeckoPriceSource } from "../../../src/chain/prices/coingecko.js";
import { quoteAsset } from "../../../src/chain/prices/derive.js";
import { PriceSourceError } from "../../../src/chain/prices/source.js";
import { createStaticFxSource, createStaticPriceSource } from "../../../src/chain/prices/static.js";
import { startFakeCoinGecko, type FakeCoinGecko } from "../../harness/fakeCoinGecko.js";
import { rejectionOf } from "../../harness/rejection.js";

const rejection = rejectionOf(PriceSourceError);

describe("coingecko source", () => {
  let gecko: FakeCoinGecko;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  beforeAll(async () => {
    gecko = await startFakeCoinGecko();
  });
  afterAll(async () => {
    await gecko.close();
  });
  beforeEach(() => {
    gecko.requests.length = 0;
    sleeps.length = 0;
    gecko.setPrice("usd-coin", "usd", 0.999871);
    gecko.setPrice("usd-coin", "krw", 1385.21);
    gecko.setPrice("ethereum", "usd", 3000.12);
    gecko.setPrice("shiba-inu", "usd", 1.23e-7);
  });

  it("asks /simple/price for the coin in every currency and reads the answer exactly", async () => {
    gecko.setLastUpdatedAt(1_700_000_123);
    const source = createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl });
    const quotes = await source.quote({ ref: "usd-coin" }, ["USD", "KRW", "EUR"]);
    expect(quotes).toEqual([
      { currency: "USD", price: "0.999871", observedAt: new Date(1_700_000_123_000), source: "coingecko" },
      { currency: "KRW", price: "1385.21", observedAt: new Date(1_700_000_123_000), source: "coingecko" },
    ]);
    const [request] = gecko.requests;
    expect(request?.path).toBe("/api/v3/simple/price");
    expect(Object.fromEntries(request!.query)).toEqual({
      ids: "usd-coin",
      vs_currencies: "usd,krw,eur",
      include_last_updated_at: "true",
      precision: "full",
    });
    expect(request?.headers["x-cg-demo-api-key"]).toBeUndefined();
    expect(await source.quote({ ref: "shiba-inu" }, ["USD"])).toMatchObject([{ price: "0.000000123" }]);
  });

  it("sends the API key in the demo or pro header", async () => {
    await createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, apiKey: "CG-demo" }).quote(
      { ref: "ethereum" },
      ["USD"],
    );
    await createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, apiKey: "CG-pro", plan: "pro" }).quote(
      { ref: "ethereum" },
      ["USD"],
    );
    expect(gecko.requests.map((request) => request.headers["x-cg-demo-api-key"])).toEqual([
      "CG-demo",
      undefined,
    ]);
    expect(gecko.requests.map((request) => request.headers["x-cg-pro-api-key"])).toEqual([
      undefined,
      "CG-pro",
    ]);
  });

  it("waits what Retry-After asks after a 429 and tries again", async () => {
    gecko.queue({ status: 429, headers: { "retry-after": "2" }, body: { status: { error_code: 429 } } });
    const source = createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, sleep });
    expect(await source.quote({ ref: "ethereum" }, ["USD"])).toMatchObject([{ price: "3000.12" }]);
    expect(sleeps).toEqual([2000]);
    expect(gecko.requests).toHaveLength(2);
  });

  it("gives up with RATE_LIMITED after its retries, the waits capped", async () => {
    const tooMany = { status: 429, headers: { "retry-after": "3600" }, body: {} };
    gecko.queue(tooMany, tooMany, tooMany);
    const source = createCoinGeckoPriceSource({
      baseUrl: gecko.baseUrl,
      sleep,
      maxRetries: 2,
      maxRetryDelayMs: 1000,
    });
    const error = await rejection(source.quote({ ref: "ethereum" }, ["USD"]));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe("coingecko: rate limited (429) after 3 attempts");
    expect(sleeps).toEqual([1000, 1000]);
  });

  it("retries a 5xx with backoff, then reports HTTP_ERROR", async () => {
    const down = { status: 503, body: "upstream down" };
    gecko.queue(down, down);
    const source = createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, sleep, maxRetries: 1 });
    const error = await rejection(source.quote({ ref: "ethereum" }, ["USD"]));
    expect(error.code).toBe("HTTP_ERROR");
    expect(error.message).toBe("coingecko: HTTP 503: upstream down");
    expect(sleeps).toEqual([500]);
  });

  it("times out a request that never answers", async () => {
    gecko.queue({ hang: true });
    const source = createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, timeoutMs: 200 });
    const error = await rejection(source.quote({ ref: "ethereum" }, ["USD"]));
    expect(error.code).toBe("TIMEOUT");
  });

  it("reports an unknown coin id, a malformed body and an unreachable server", async () => {
    const source = createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, sleep });
    expect((await rejection(source.quote({ ref: "no-such-coin" }, ["USD"]))).code).toBe("NOT_FOUND");
    gecko.queue({ body: "<html>" });
    expect((await rejection(source.quote({ ref: "ethereum" }, ["USD"]))).code).toBe("BAD_RESPONSE");
    gecko.queue({ body: { ethereum: { usd: -1 } } });
    expect((await rejection(source.quote({ ref: "ethereum" }, ["USD"]))).code).toBe("BAD_RESPONSE");
    const closed = createCoinGeckoPriceSource({ baseUrl: "http://127.0.0.1:1/api/v3", maxRetries: 0 });
    expect((await rejection(closed.quote({ ref: "ethereum" }, ["USD"]))).code).toBe("UNAVAILABLE");
  });
});

describe("static source and FX derivation", () => {
  const source = createStaticPriceSource({ prices: { "usd-coin": { USD: "1.0000", EUR: "0.92" } } });

  it("answers from its table and refuses an unknown ref", async () => {
    expect(await source.quote({ ref: "usd-coin" }, ["USD", "KRW"])).toEqual([
      { currency: "USD", price: "1", observedAt: null, source: "static" },
    ]);
    expect((await rejection(source.quote({ ref: "ethereum" }, ["USD"]))).code).toBe("NOT_FOUND");
    expect(() => createStaticPriceSource({ prices: { x: { USD: "1e3" } } })).toThrow(/not a plain decimal/);
  });

  it("derives a missing currency through USD, says so, and prefers a direct quote", async () => {
    const fx = createStaticFxSource({ ratesPerUsd: { KRW: "1385.5", EUR: "0.5" } });
    const result = await quoteAsset(source, { ref: "usd-coin" }, ["KRW", "EUR", "JPY"], fx);
    expect(result).toEqual({
      quotes: [
        { currency: "EUR", price: "0.92", observedAt: null, source: "static" },
        { currency: "KRW", price: "1385.5", observedAt: null, source: "static+fx:static" },
      ],
      missing: ["JPY"],
    });
    expect(await quoteAsset(source, { ref: "usd-coin" }, ["KRW"])).toEqual({ quotes: [], missing: ["KRW"] });
  });
});
