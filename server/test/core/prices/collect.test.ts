import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCronItems } from "graphile-worker";
import type { Db } from "../../../src/db/infra/database.js";
import {
  collectPricesCronItem,
  collectPricesWorkerModule,
  createCollectPricesTask,
} from "../../../src/jobs/prices.js";
import { enqueueJob } from "../../../src/db/infra/jobQueue.js";
import { startWorker } from "../../../src/jobs/worker.js";
import { createLogger } from "../../../src/logger.js";
import { createCoinGeckoPriceSource } from "../../../src/chain/prices/coingecko.js";
import { collectPrices, type CollectPricesDeps } from "../../../src/core/prices/collect.js";
import { createStaticFxSource, createStaticPriceSource } from "../../../src/chain/prices/static.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { startFakeCoinGecko, type FakeCoinGecko } from "../../harness/fakeCoinGecko.js";
import { addSamples, addToken, recordingLogger, testClock } from "../../harness/prices.js";
import { TASKS } from "../../../src/domain/tasks.js";

function samplesOf(db: Db, tokenId: number) {
  return db
    .selectFrom("price_samples")
    .select(["currency", "price", "source", "observed_at", "sampled_at"])
    .where("token_id", "=", tokenId)
    .orderBy("currency")
    .orderBy("sampled_at")
    .execute();
}

describe("collectPrices", () => {
  let test: TestDatabase;
  let gecko: FakeCoinGecko;
  const clock = testClock("2025-03-01T16:05:00Z");
  const log = recordingLogger();
  let deps: CollectPricesDeps;

  beforeAll(async () => {
    test = await createTestDatabase();
    gecko = await startFakeCoinGecko();
    gecko.setPrice("ethereum", "usd", 3000.12);
    gecko.setPrice("ethereum", "krw", 4155166.2);
    gecko.setLastUpdatedAt(1_740_844_980);
    deps = {
      db: test.db,
      sources: {
        static: createStaticPriceSource({ prices: { "usd-coin": { USD: "1" } } }),
        coingecko: createCoinGeckoPriceSource({ baseUrl: gecko.baseUrl, maxRetries: 0 }),
      },
      fx: createStaticFxSource({ ratesPerUsd: { KRW: "1385.5" } }),
      currencies: ["USD", "KRW"],
      now: clock.now,
      logger: log.logger,
    };
  });
  afterAll(async () => {
    await gecko.close();
    await test.close();
  });
  beforeEach(async () => {
    log.entries.length = 0;
    await test.db.deleteFrom("token_price_sources").execute();
    await test.db.deleteFrom("price_samples").execute();
  });

  it("samples every enabled token in every currency, with source and time, and survives a failing source", async () => {
    const usdc = await addToken(test.db, {
      symbol: "USDC",
      priceSource: { kind: "static", ref: "usd-coin" },
    });
    const weth = await addToken(test.db, {
      symbol: "WETH",
      decimals: 18,
      priceSource: { kind: "coingecko", ref: "ethereum" },
    });
    const broken = await addToken(test.db, {
      symbol: "BRK",
      priceSource: { kind: "coingecko", ref: "no-such-coin" },
    });
    const noSource = await addToken(test.db, {
      symbol: "LINKED",
      priceSource: {
        kind: "chainlink",
        ref: "0x000000000000000000000000000000000000dEaD",
        feed_network_id: 1,
      },
    });
    const disabled = await addToken(test.db, {
      enabled: false,
      priceSource: { kind: "static", ref: "usd-coin" },
    });

    const result = await collectPrices(deps);

    expect(result).toMatchObject({
      sampledAt: new Date("2025-03-01T16:05:00Z"),
      samples: 4,
      missing: [],
      pruned: 0,
    });
    expect(result.failures).toEqual([
      {
        tokenId: broken.id,
        networkId: 80002,
        tokenAddress: broken.address,
        source: "coingecko",
        message: "coingecko: no price for coin id no-such-coin",
      },
      {
        tokenId: noSource.id,
        networkId: 80002,
        tokenAddress: noSource.address,
        source: "chainlink",
        message: "price source chainlink is not configured",
      },
    ]);
    const sampledAt = new Date("2025-03-01T16:05:00Z");
    expect(await samplesOf(test.db, usdc.id)).toEqual([
      {
        currency: "KRW",
        price: "1385.5",
        source: "static+fx:static",
        observed_at: null,
        sampled_at: sampledAt,
      },
      { currency: "USD", price: "1", source: "static", observed_at: null, sampled_at: sampledAt },
    ]);
    const observedAt = new Date(1_740_844_980_000);
    expect(await samplesOf(test.db, weth.id)).toEqual([
      {
        currency: "KRW",
        price: "4155166.2",
        source: "coingecko",
        observed_at: observedAt,
        sampled_at: sampledAt,
      },
      {
        currency: "USD",
        price: "3000.12",
        source: "coingecko",
        observed_at: observedAt,
        sampled_at: sampledAt,
      },
    ]);
    expect(await samplesOf(test.db, disabled.id)).toEqual([]);
    expect(log.entries.filter((entry) => entry.level === "warn").map((entry) => entry.message)).toEqual([
      "price collection failed for BRK: coingecko: no price for coin id no-such-coin",
      "price collection failed for LINKED: price source chainlink is not configured",
    ]);
    expect(log.entries.at(-1)).toMatchObject({ level: "info", message: "prices collected" });
  });

  it("reports a currency neither the source nor FX can price, and prunes old samples", async () => {
    const usdc = await addToken(test.db, { priceSource: { kind: "static", ref: "usd-coin" } });
    await addSamples(test.db, usdc.id, "USD", [
      ["2025-01-01T00:00:00Z", "1"],
      ["2025-02-28T00:00:00Z", "1"],
    ]);
    const result = await collectPrices({ ...deps, currencies: ["USD", "JPY"], retentionMs: 7 * 86_400_000 });
    expect(result).toMatchObject({
      samples: 1,
      failures: [],
      missing: [{ tokenId: usdc.id, currency: "JPY" }],
      pruned: 1,
    });
    expect((await samplesOf(test.db, usdc.id)).map((row) => row.sampled_at)).toEqual([
      new Date("2025-02-28T00:00:00Z"),
      new Date("2025-03-01T16:05:00Z"),
    ]);
  });

  it("the worker task fails only when every token failed, so the worker retries that run", async () => {
    const task = createCollectPricesTask(deps);
    const helpers = {} as Parameters<typeof task>[1];
    await addToken(test.db, { priceSource: { kind: "coingecko", ref: "no-such-coin" } });
    await expect(task({}, helpers)).rejects.toThrow(
      /price collection failed for all 1 tokens: .*no-such-coin/,
    );
    await addToken(test.db, { priceSource: { kind: "static", ref: "usd-coin" } });
    await expect(task({}, helpers)).resolves.toBeUndefined();
    // Nothing to collect is not a failure.
    await test.db.deleteFrom("token_price_sources").execute();
    await expect(task({}, helpers)).resolves.toBeUndefined();
  });

  it("schedules every 5 minutes by default, as a valid graphile-worker cron item", () => {
    expect(collectPricesCronItem()).toMatchObject({ task: "collect_prices", match: "*/5 * * * *" });
    expect(collectPricesCronItem(1).match).toBe("* * * * *");
    expect(() => parseCronItems([collectPricesCronItem(15)])).not.toThrow();
    expect(() => collectPricesCronItem(0)).toThrow(RangeError);
  });

  it("runs as a graphile-worker job through the worker role's module", async () => {
    const usdc = await addToken(test.db, { priceSource: { kind: "static", ref: "usd-coin" } });
    const worker = await startWorker({
      databaseUrl: test.url,
      logger: createLogger({ level: "silent" }),
      modules: [collectPricesWorkerModule(deps)],
      pollInterval: 50,
    });
    try {
      await enqueueJob(test.db, TASKS.collectPrices, {});
      const deadline = Date.now() + 10_000;
      while ((await samplesOf(test.db, usdc.id)).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    expect((await samplesOf(test.db, usdc.id)).map((row) => [row.currency, row.price, row.source])).toEqual([
      ["KRW", "1385.5", "static+fx:static"],
      ["USD", "1", "static"],
    ]);
  });
});
