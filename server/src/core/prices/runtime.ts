import type { Client } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { findChainByNetworkId } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import type { Currency } from "../../domain/fiat.js";
import { createChainlinkFxSource, createChainlinkPriceSource } from "../../chain/prices/chainlink.js";
import { createCoinGeckoPriceSource } from "../../chain/prices/coingecko.js";
import type { CollectPricesDeps, PriceLogger } from "./collect.js";
import { createPriceService, type PriceQueryDeps, type PriceService } from "./service.js";
import type { PriceSettings } from "../../config/prices.js";
import type { FxRate, FxSource } from "../../chain/prices/source.js";
import { createStaticFxSource, createStaticPriceSource } from "../../chain/prices/static.js";

export interface PriceRuntimeDeps {
  db: Db;
  settings: PriceSettings;
  logger: PriceLogger;
  /** The viem client for a network id (feeds often live on a mainnet), or undefined. */
  clientFor: (networkId: number) => Client | undefined | Promise<Client | undefined>;
  now?: () => Date;
  fetch?: typeof globalThis.fetch;
}

/** Everything the API and the worker need from the price service, built from the settings. */
export interface PriceRuntime {
  /** For GET /prices (`getTokenPrice`). */
  queryDeps: PriceQueryDeps;
  /** For POST /payments with `currency`. */
  priceService: PriceService;
  /** For the worker's collect task (jobs/prices.ts), scheduled every `settings.collectIntervalMinutes`. */
  collectDeps: CollectPricesDeps;
}

/** Asks each FX source in turn for the currencies the ones before it did not know. */
function firstFx(sources: FxSource[]): FxSource | null {
  if (sources.length <= 1) return sources[0] ?? null;
  return {
    kind: sources.map((source) => source.kind).join("|"),
    async usdRates(currencies: readonly Currency[]) {
      const rates = new Map<Currency, FxRate>();
      for (const source of sources) {
        const missing = currencies.filter((currency) => !rates.has(currency));
        if (missing.length === 0) break;
        for (const [currency, rate] of await source.usdRates(missing)) rates.set(currency, rate);
      }
      return rates;
    },
  };
}

/**
 * A `clientFor` over the service's chain clients: the stored chain row when the network is known
 * (its RPC URL), else just an `RPC_URL_<id>` override; undefined when neither gives a URL.
 */
export function chainClientResolver(db: Db, clients: ChainClients) {
  return async (networkId: number): Promise<Client | undefined> => {
    const chain = (await findChainByNetworkId(db, networkId)) ?? {
      network_id: networkId,
      name: `chain ${networkId}`,
      rpc_url: null,
    };
    try {
      return clients.publicClient(chain);
    } catch {
      return undefined;
    }
  };
}

export function createPriceRuntime(deps: PriceRuntimeDeps): PriceRuntime {
  const { settings } = deps;
  const now = deps.now ?? (() => new Date());
  const chainlinkOptions = { clientFor: deps.clientFor, maxAgeSeconds: settings.chainlinkMaxAgeSeconds, now };
  const sources: CollectPricesDeps["sources"] = {
    static: createStaticPriceSource({ prices: settings.staticPrices }),
    coingecko: createCoinGeckoPriceSource({
      baseUrl: settings.coingecko.baseUrl,
      apiKey: settings.coingecko.apiKey?.reveal(),
      plan: settings.coingecko.plan,
      timeoutMs: settings.coingecko.timeoutMs,
      fetch: deps.fetch,
    }),
    chainlink: createChainlinkPriceSource(chainlinkOptions),
  };
  const fxSources: FxSource[] = [];
  if (Object.keys(settings.fx.chainlinkFeeds).length > 0) {
    fxSources.push(createChainlinkFxSource({ ...chainlinkOptions, feeds: settings.fx.chainlinkFeeds }));
  }
  if (Object.keys(settings.fx.staticRatesPerUsd).length > 0) {
    fxSources.push(createStaticFxSource({ ratesPerUsd: settings.fx.staticRatesPerUsd }));
  }
  const fx = firstFx(fxSources);
  const queryDeps: PriceQueryDeps = {
    db: deps.db,
    now,
    currencies: settings.currencies,
    stalenessMs: settings.stalenessMs,
  };
  const collectDeps: CollectPricesDeps = {
    db: deps.db,
    sources,
    fx,
    currencies: settings.currencies,
    now,
    logger: deps.logger,
    retentionMs: settings.retentionMs,
  };
  return { queryDeps, priceService: createPriceService(queryDeps), collectDeps };
}
