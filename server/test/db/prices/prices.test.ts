import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLatestPriceSample } from "../../../src/db/prices/prices.js";
import { type TokenRow } from "../../../src/db/schema/rows.js";
import type { Currency } from "../../../src/domain/fiat.js";
import { isKassaError, type ErrorCode } from "../../../src/errors.js";
import { createPriceService, getTokenPrice, type PriceQueryDeps } from "../../../src/core/prices/service.js";
import { hourlyAverageSearchSpan, previousFullHour } from "../../../src/domain/priceWindow.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { addSamples, addToken, testClock } from "../../harness/prices.js";

async function kassaError(promise: Promise<unknown>, code: ErrorCode): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isKassaError(error)) throw new Error(`expected KassaError ${code}, got ${String(error)}`);
  expect(error.code).toBe(code);
  return error.message;
}

describe("hour windows (pure)", () => {
  it("the previous full hour, at and around the hour", () => {
    expect(previousFullHour(new Date("2025-03-01T16:20:00Z"))).toEqual({
      start: new Date("2025-03-01T15:00:00Z"),
      end: new Date("2025-03-01T16:00:00Z"),
    });
    expect(previousFullHour(new Date("2025-03-01T16:00:00.000Z")).start).toEqual(
      new Date("2025-03-01T15:00:00Z"),
    );
    expect(previousFullHour(new Date("2025-03-01T15:59:59.999Z")).start).toEqual(
      new Date("2025-03-01T14:00:00Z"),
    );
    expect(previousFullHour(new Date("2025-03-02T00:10:00Z")).start).toEqual(
      new Date("2025-03-01T23:00:00Z"),
    );
  });

  it("the fallback span reaches back to the oldest hour that ended within the staleness", () => {
    const span = (now: string, hours = 3) =>
      hourlyAverageSearchSpan(new Date(now), hours * 3_600_000).start.toISOString();
    expect(span("2025-03-01T16:20:00Z")).toBe("2025-03-01T13:00:00.000Z");
    expect(span("2025-03-01T16:00:00Z")).toBe("2025-03-01T12:00:00.000Z");
    expect(span("2025-03-01T16:00:00.001Z")).toBe("2025-03-01T13:00:00.000Z");
    // The previous full hour is always searched, whatever the staleness.
    expect(span("2025-03-01T16:20:00Z", 0)).toBe("2025-03-01T15:00:00.000Z");
  });
});

describe("price queries", () => {
  let test: TestDatabase;
  const clock = testClock("2025-03-01T16:20:00Z");
  let deps: PriceQueryDeps;
  const currencies: Currency[] = ["USD", "KRW"];

  beforeAll(async () => {
    test = await createTestDatabase();
    deps = { db: test.db, now: clock.now, currencies };
  });
  afterAll(async () => {
    await test.close();
  });

  const hourly = (token: TokenRow, currency = "USD", extra: Partial<PriceQueryDeps> = {}) =>
    getTokenPrice(
      { ...deps, ...extra },
      { networkId: 80002, tokenAddress: token.address, type: "hourly-average", currency },
    );

  it("hourly-average is the mean of the previous full hour, edges [15:00, 16:00)", async () => {
    const token = await addToken(test.db, { symbol: "USDC" });
    await addSamples(test.db, token.id, "USD", [
      ["2025-03-01T14:59:59.999Z", "9"],
      ["2025-03-01T15:00:00.000Z", "1.00"],
      ["2025-03-01T15:30:00.000Z", "1.01"],
      ["2025-03-01T15:59:59.999Z", "1.03"],
      ["2025-03-01T16:00:00.000Z", "7"],
      ["2025-03-01T16:15:00.000Z", "8"],
    ]);
    clock.set("2025-03-01T16:20:00Z");
    expect(await hourly(token)).toEqual({
      type: "hourly-average",
      networkId: 80002,
      tokenAddress: token.address,
      symbol: "USDC",
      currency: "USD",
      price: "1.013333333333333333",
      periodStart: new Date("2025-03-01T15:00:00Z"),
      periodEnd: new Date("2025-03-01T16:00:00Z"),
      sampleCount: 3,
    });
    clock.set("2025-03-01T16:00:00.000Z");
    expect((await hourly(token)).price).toBe("1.013333333333333333");
    clock.set("2025-03-01T15:59:59.999Z");
    expect(await hourly(token)).toMatchObject({ price: "9", sampleCount: 1 });
    clock.set("2025-03-01T17:00:00Z");
    expect(await hourly(token)).toMatchObject({
      price: "7.5",
      periodStart: new Date("2025-03-01T16:00:00Z"),
    });
  });

  it("falls back to the newest hour with samples within the staleness, then has no price", async () => {
    const token = await addToken(test.db);
    await addSamples(test.db, token.id, "USD", [
      ["2025-03-01T12:30:00Z", "12"],
      ["2025-03-01T13:10:00Z", "13"],
      ["2025-03-01T13:50:00Z", "13.5"],
    ]);
    clock.set("2025-03-01T16:20:00Z");
    expect(await hourly(token)).toMatchObject({
      price: "13.25",
      periodStart: new Date("2025-03-01T13:00:00Z"),
    });
    // 13-14 ended exactly 3 h before 17:00: still acceptable; a millisecond later it is not.
    clock.set("2025-03-01T17:00:00.000Z");
    expect(await hourly(token)).toMatchObject({ price: "13.25" });
    clock.set("2025-03-01T17:00:00.001Z");
    expect(await kassaError(hourly(token), "TOKEN_NOT_FOUND")).toBe(
      `no hourly-average USD price data for TKN (${token.address})`,
    );
    // A shorter staleness limit refuses the old hour sooner.
    clock.set("2025-03-01T16:20:00Z");
    await kassaError(hourly(token, "USD", { stalenessMs: 3_600_000 }), "TOKEN_NOT_FOUND");
    // The previous full hour counts whatever the staleness.
    clock.set("2025-03-01T14:20:00Z");
    expect(await hourly(token, "USD", { stalenessMs: 0 })).toMatchObject({ price: "13.25" });
  });

  it("current is the newest sample no older than the staleness limit and not after now", async () => {
    const token = await addToken(test.db);
    await addSamples(test.db, token.id, "KRW", [
      ["2025-03-01T16:05:00Z", "1385.1"],
      ["2025-03-01T16:10:00Z", "1385.2"],
      ["2025-03-01T16:25:00Z", "1385.3"],
    ]);
    const current = () =>
      getTokenPrice(deps, {
        networkId: 80002,
        tokenAddress: token.address.toLowerCase(),
        type: "current",
        currency: "krw",
      });
    clock.set("2025-03-01T16:20:00Z");
    expect(await current()).toEqual({
      type: "current",
      networkId: 80002,
      tokenAddress: token.address,
      symbol: "TKN",
      currency: "KRW",
      price: "1385.2",
      sampledAt: new Date("2025-03-01T16:10:00Z"),
      source: "static",
    });
    clock.set("2025-03-01T19:25:00Z");
    expect((await current()).price).toBe("1385.3");
    clock.set("2025-03-01T19:25:00.001Z");
    await kassaError(current(), "TOKEN_NOT_FOUND");
  });

  it("refuses unknown tokens, chains, disabled tokens and unsupported currencies", async () => {
    const token = await addToken(test.db);
    const disabled = await addToken(test.db, { enabled: false });
    await addSamples(test.db, disabled.id, "USD", [["2025-03-01T16:10:00Z", "1"]]);
    clock.set("2025-03-01T16:20:00Z");
    const query = (tokenAddress: string, networkId = 80002, currency = "USD") =>
      getTokenPrice(deps, { networkId, tokenAddress, type: "current", currency });
    expect(await kassaError(query(disabled.address), "TOKEN_NOT_FOUND")).toBe(
      `token ${disabled.address} is not whitelisted on chain 80002`,
    );
    await kassaError(query(token.address, 97), "TOKEN_NOT_FOUND");
    await kassaError(query(token.address, 424242), "TOKEN_NOT_FOUND");
    await kassaError(query("0x000000000000000000000000000000000000dEaD"), "TOKEN_NOT_FOUND");
    await kassaError(query(token.address), "TOKEN_NOT_FOUND");
    expect(await kassaError(query(token.address, 80002, "XXX"), "INVALID_CURRENCY")).toBe(
      '"XXX" is not a supported currency; supported: USD, KRW',
    );
    // A real ISO code the deployment does not collect is just as unsupported.
    await kassaError(query(token.address, 80002, "EUR"), "INVALID_CURRENCY");
  });

  it("the payment price service: hourly average, or PRICE_SERVICE_NOT_CONFIGURED", async () => {
    const service = createPriceService(deps);
    const mapped = await addToken(test.db, {
      symbol: "WETH",
      priceSource: { kind: "coingecko", ref: "ethereum" },
    });
    const unmapped = await addToken(test.db);
    await addSamples(test.db, unmapped.id, "USD", [["2025-03-01T15:10:00Z", "1"]]);
    clock.set("2025-03-01T16:20:00Z");
    const price = (tokenAddress: string, currency = "USD") =>
      service.hourlyAveragePrice({ networkId: 80002, tokenAddress, currency });

    expect(await kassaError(price(unmapped.address), "PRICE_SERVICE_NOT_CONFIGURED")).toBe(
      `no price source is configured for token ${unmapped.address} on chain 80002`,
    );
    expect(await kassaError(price(mapped.address), "PRICE_SERVICE_NOT_CONFIGURED")).toBe(
      "no USD price for WETH in the last 3 hours; fiat conversion is unavailable",
    );
    await kassaError(price(mapped.address, "GBP"), "INVALID_CURRENCY");
    await addSamples(test.db, mapped.id, "KRW", [
      ["2025-03-01T15:05:00Z", "4500000"],
      ["2025-03-01T15:10:00Z", "4500001"],
    ]);
    expect(await price(mapped.address, "KRW")).toBe("4500000.5");
  });

  it("reads the latest sample with its source", async () => {
    const token = await addToken(test.db);
    await addSamples(test.db, token.id, "USD", [["2025-03-01T16:10:00Z", "2"]]);
    const sample = await findLatestPriceSample(test.db, {
      tokenId: token.id,
      currency: "USD",
      notBefore: new Date(0),
      notAfter: new Date("2030-01-01"),
    });
    expect(sample).toMatchObject({ price: "2", source: "static" });
  });
});
