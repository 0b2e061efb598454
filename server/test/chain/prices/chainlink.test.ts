import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { foundry } from "viem/chains";
import { anvilAccount, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { compileSolidity, contractsRoot } from "../../../../contracts/src/compile.js";
import { createChainlinkFxSource, createChainlinkPriceSource } from "../../../src/chain/prices/chainlink.js";
import { collectPrices } from "../../../src/core/prices/collect.js";
import { quoteAsset } from "../../../src/chain/prices/derive.js";
import { PriceSourceError } from "../../../src/chain/prices/source.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { addToken, recordingLogger, testClock } from "../../harness/prices.js";
import { rejectionOf } from "../../harness/rejection.js";

const FEED_SOURCE = "solidity/test/TestPriceFeed.sol";

const rejection = rejectionOf(PriceSourceError);

describe("chainlink source on anvil", () => {
  let anvil: AnvilInstance;
  let client: PublicClient;
  let deployFeed: (decimals: number, description: string) => Promise<Address>;
  let postRound: (feed: Address, answer: bigint, updatedAt: Date | 0) => Promise<void>;
  const clock = testClock("2025-03-01T16:05:00Z");

  beforeAll(async () => {
    // Compiled here from the Solidity source: contracts/scripts/build.ts emits only the gateway's contracts.
    const compiled = compileSolidity(
      { [FEED_SOURCE]: readFileSync(join(contractsRoot, FEED_SOURCE), "utf8") },
      { settings: { viaIR: false, optimizerRuns: 200 } },
    );
    const feedContract = compiled["TestPriceFeed"];
    if (!feedContract) throw new Error("TestPriceFeed did not compile");
    const abi: Abi = feedContract.abi;
    anvil = await startAnvil();
    const transport = http(anvil.rpcUrl);
    client = createPublicClient({ transport });
    const wallet = createWalletClient({ account: anvilAccount(0), chain: foundry, transport });
    deployFeed = async (decimals, description) => {
      const hash = await wallet.deployContract({
        abi,
        bytecode: feedContract.bytecode,
        args: [decimals, description],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      return getAddress(receipt.contractAddress!);
    };
    postRound = async (feed, answer, updatedAt) => {
      const seconds = updatedAt === 0 ? 0n : BigInt(Math.floor(updatedAt.getTime() / 1000));
      const hash: Hex = await wallet.writeContract({
        address: feed,
        abi,
        functionName: "postRound",
        args: [answer, seconds],
      });
      await client.waitForTransactionReceipt({ hash });
    };
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  const sourceFor = (maxAgeSeconds = 3600) =>
    createChainlinkPriceSource({
      clientFor: (chainId) => (chainId === anvil.chainId ? client : undefined),
      maxAgeSeconds,
      now: clock.now,
    });

  it("reads latestRoundData and decimals into an exact price in the feed's currency", async () => {
    const feed = await deployFeed(8, "ETH / USD");
    await postRound(feed, 300_012_345_678n, new Date("2025-03-01T16:00:00Z"));
    const quotes = await sourceFor().quote({ ref: feed, chainId: anvil.chainId }, ["USD", "KRW"]);
    expect(quotes).toEqual([
      {
        currency: "USD",
        price: "3000.12345678",
        observedAt: new Date("2025-03-01T16:00:00Z"),
        source: "chainlink",
      },
    ]);
    // A feed quoted in another currency answers only for that one.
    const eurFeed = await deployFeed(18, "ETH / EUR");
    await postRound(eurFeed, 2_750_500_000_000_000_000_000n, new Date("2025-03-01T16:00:00Z"));
    expect(
      await sourceFor().quote({ ref: eurFeed.toLowerCase(), chainId: anvil.chainId, quoteCurrency: "EUR" }, [
        "EUR",
      ]),
    ).toMatchObject([{ currency: "EUR", price: "2750.5" }]);
  });

  it("refuses a stale round, at the limit and one second past it", async () => {
    const feed = await deployFeed(8, "USDC / USD");
    await postRound(feed, 100_000_000n, new Date("2025-03-01T15:05:00Z"));
    clock.set("2025-03-01T16:05:00Z");
    expect(await sourceFor(3600).quote({ ref: feed, chainId: anvil.chainId }, ["USD"])).toMatchObject([
      { price: "1" },
    ]);
    clock.set("2025-03-01T16:05:01Z");
    const error = await rejection(sourceFor(3600).quote({ ref: feed, chainId: anvil.chainId }, ["USD"]));
    expect(error.code).toBe("STALE");
    expect(error.message).toBe(
      `chainlink: feed ${feed} was last updated 3601 s ago, more than the allowed 3600 s`,
    );
    clock.set("2025-03-01T16:05:00Z");
  });

  it("refuses a non-positive answer, an incomplete round, a non-feed and an unknown chain", async () => {
    const feed = await deployFeed(8, "BAD / USD");
    const source = sourceFor();
    const asset = { ref: feed, chainId: anvil.chainId };
    expect((await rejection(source.quote(asset, ["USD"]))).code).toBe("BAD_RESPONSE");
    await postRound(feed, 0n, new Date("2025-03-01T16:00:00Z"));
    expect((await rejection(source.quote(asset, ["USD"]))).message).toMatch(
      /answered 0, not a positive price/,
    );
    await postRound(feed, -5n, new Date("2025-03-01T16:00:00Z"));
    expect((await rejection(source.quote(asset, ["USD"]))).code).toBe("BAD_RESPONSE");
    await postRound(feed, 5n, 0);
    expect((await rejection(source.quote(asset, ["USD"]))).message).toMatch(/is not complete/);
    const eoa = anvilAccount(1).address;
    expect((await rejection(source.quote({ ref: eoa, chainId: anvil.chainId }, ["USD"]))).code).toBe(
      "UNAVAILABLE",
    );
    expect((await rejection(source.quote({ ref: feed, chainId: 1 }, ["USD"]))).message).toBe(
      "chainlink: no RPC client for chain 1",
    );
    expect((await rejection(source.quote({ ref: "ethereum", chainId: 1 }, ["USD"]))).code).toBe("NOT_FOUND");
  });

  it("derives KRW through a KRW/USD feed and says so", async () => {
    const ethUsd = await deployFeed(8, "ETH / USD");
    await postRound(ethUsd, 300_000_000_000n, new Date("2025-03-01T16:00:00Z"));
    const krwUsd = await deployFeed(8, "KRW / USD");
    // 1 KRW = 0.00072 USD, so 1 USD = 1388.888... KRW
    await postRound(krwUsd, 72_000n, new Date("2025-03-01T16:00:00Z"));
    const options = {
      clientFor: (chainId: number) => (chainId === anvil.chainId ? client : undefined),
      now: clock.now,
    };
    const fx = createChainlinkFxSource({
      ...options,
      feeds: { KRW: { chainId: anvil.chainId, address: krwUsd, quote: "usd-per-unit" } },
    });
    const result = await quoteAsset(
      createChainlinkPriceSource(options),
      { ref: ethUsd, chainId: anvil.chainId },
      ["USD", "KRW"],
      fx,
    );
    expect(result.missing).toEqual([]);
    expect(result.quotes).toEqual([
      { currency: "USD", price: "3000", observedAt: new Date("2025-03-01T16:00:00Z"), source: "chainlink" },
      {
        currency: "KRW",
        price: "4166666.666666666666666666",
        observedAt: new Date("2025-03-01T16:00:00Z"),
        source: "chainlink+fx:chainlink",
      },
    ]);
  });

  describe("collected into PostgreSQL", () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase();
    });
    afterAll(async () => {
      await test.close();
    });

    it("a token mapped to a feed on another chain is sampled from it", async () => {
      const feed = await deployFeed(8, "USDC / USD");
      await postRound(feed, 99_987_100n, new Date("2025-03-01T16:04:00Z"));
      const token = await addToken(test.db, {
        symbol: "USDC",
        priceSource: { kind: "chainlink", ref: feed, feed_network_id: anvil.chainId },
      });
      const result = await collectPrices({
        db: test.db,
        sources: { chainlink: sourceFor() },
        currencies: ["USD"],
        now: clock.now,
        logger: recordingLogger().logger,
      });
      expect(result).toMatchObject({ samples: 1, failures: [] });
      const rows = await test.db
        .selectFrom("price_samples")
        .selectAll()
        .where("token_id", "=", token.id)
        .execute();
      expect(rows).toMatchObject([
        {
          currency: "USD",
          price: "0.999871",
          source: "chainlink",
          observed_at: new Date("2025-03-01T16:04:00Z"),
        },
      ]);
    });
  });
});
