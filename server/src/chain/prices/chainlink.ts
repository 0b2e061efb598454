import { getAddress, isAddress, parseAbi, type Address, type Client } from "viem";
import { readContract } from "viem/actions";
import { DEFAULT_CHAINLINK_MAX_AGE_SECONDS, type ChainlinkFxFeed } from "../../config/prices.js";
import { scaledIntegerToDecimal, type Currency } from "../../domain/fiat.js";
import {
  PriceSourceError,
  type FxRate,
  type FxSource,
  type PriceAssetRef,
  type PriceQuote,
  type PriceSource,
} from "./source.js";

/** The two functions of Chainlink's AggregatorV3Interface the service reads. */
export const aggregatorV3Abi = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

export interface ChainlinkFeedReading {
  price: string;
  updatedAt: Date;
  roundId: bigint;
}

export interface ReadChainlinkFeedParameters {
  feed: Address;
  maxAgeSeconds: number;
  now: Date;
  /** Cached `decimals()`; read from the feed when absent. */
  decimals?: number;
}

/** Reads and checks one feed: a positive answer from a complete round no older than `maxAgeSeconds`. */
export async function readChainlinkFeed(
  client: Client,
  { feed, maxAgeSeconds, now, decimals }: ReadChainlinkFeedParameters,
): Promise<ChainlinkFeedReading & { decimals: number }> {
  let feedDecimals = decimals;
  let round: readonly [bigint, bigint, bigint, bigint, bigint];
  try {
    [feedDecimals, round] = await Promise.all([
      feedDecimals ?? readContract(client, { address: feed, abi: aggregatorV3Abi, functionName: "decimals" }),
      readContract(client, { address: feed, abi: aggregatorV3Abi, functionName: "latestRoundData" }),
    ]);
  } catch (cause) {
    throw new PriceSourceError("chainlink", "UNAVAILABLE", `feed ${feed} could not be read`, { cause });
  }
  const [roundId, answer, , updatedAt] = round;
  if (updatedAt === 0n) {
    throw new PriceSourceError("chainlink", "BAD_RESPONSE", `feed ${feed} round ${roundId} is not complete`);
  }
  if (answer <= 0n) {
    throw new PriceSourceError(
      "chainlink",
      "BAD_RESPONSE",
      `feed ${feed} answered ${answer}, not a positive price`,
    );
  }
  const ageSeconds = BigInt(Math.floor(now.getTime() / 1000)) - updatedAt;
  if (ageSeconds > BigInt(maxAgeSeconds)) {
    throw new PriceSourceError(
      "chainlink",
      "STALE",
      `feed ${feed} was last updated ${ageSeconds} s ago, more than the allowed ${maxAgeSeconds} s`,
    );
  }
  return {
    price: scaledIntegerToDecimal(answer, feedDecimals),
    updatedAt: new Date(Number(updatedAt) * 1000),
    roundId,
    decimals: feedDecimals,
  };
}

export interface ChainlinkOptions {
  /** The viem client of a chain the service reads feeds on, or undefined when it has none. */
  clientFor: (chainId: number) => Client | undefined | Promise<Client | undefined>;
  maxAgeSeconds?: number;
  now?: () => Date;
}

function createFeedReader(options: ChainlinkOptions) {
  const maxAgeSeconds = options.maxAgeSeconds ?? DEFAULT_CHAINLINK_MAX_AGE_SECONDS;
  const now = options.now ?? (() => new Date());
  // decimals() never changes for a deployed feed.
  const decimalsCache = new Map<string, number>();
  return async (chainId: number, feed: Address): Promise<ChainlinkFeedReading> => {
    const client = await options.clientFor(chainId);
    if (!client) throw new PriceSourceError("chainlink", "UNAVAILABLE", `no RPC client for chain ${chainId}`);
    const key = `${chainId}:${feed}`;
    const reading = await readChainlinkFeed(client, {
      feed,
      maxAgeSeconds,
      now: now(),
      decimals: decimalsCache.get(key),
    });
    decimalsCache.set(key, reading.decimals);
    return reading;
  };
}

/**
 * Prices from Chainlink AggregatorV3 feeds. The asset ref is the feed address, `chainId` the chain
 * the feed is read on, `quoteCurrency` what the feed answers in (USD when not given); other
 * currencies are left to FX derivation.
 */
export function createChainlinkPriceSource(options: ChainlinkOptions): PriceSource {
  const read = createFeedReader(options);
  return {
    kind: "chainlink",
    async quote(asset: PriceAssetRef, currencies: readonly Currency[]): Promise<PriceQuote[]> {
      if (!isAddress(asset.ref)) {
        throw new PriceSourceError("chainlink", "NOT_FOUND", `feed ref ${asset.ref} is not an address`);
      }
      if (asset.chainId == null) {
        throw new PriceSourceError("chainlink", "NOT_FOUND", `feed ${asset.ref} has no chain id`);
      }
      const quoteCurrency = asset.quoteCurrency ?? "USD";
      if (!currencies.includes(quoteCurrency)) return [];
      const reading = await read(asset.chainId, getAddress(asset.ref));
      return [
        { currency: quoteCurrency, price: reading.price, observedAt: reading.updatedAt, source: "chainlink" },
      ];
    },
  };
}

/** FX rates from Chainlink fiat feeds (KRW/USD, EUR/USD, ...). */
export function createChainlinkFxSource(
  options: ChainlinkOptions & { feeds: Readonly<Partial<Record<Currency, ChainlinkFxFeed>>> },
): FxSource {
  const read = createFeedReader(options);
  return {
    kind: "chainlink",
    async usdRates(currencies: readonly Currency[]): Promise<Map<Currency, FxRate>> {
      const rates = new Map<Currency, FxRate>();
      for (const currency of currencies) {
        if (currency === "USD") {
          rates.set(currency, { quote: "units-per-usd", value: "1" });
          continue;
        }
        const feed = options.feeds[currency];
        if (!feed) continue;
        const reading = await read(feed.chainId, feed.address);
        rates.set(currency, { quote: feed.quote, value: reading.price });
      }
      return rates;
    },
  };
}
