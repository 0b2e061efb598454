import type { StaticPriceTable } from "../../config/prices.js";
import { isDecimalString, normalizeDecimal, type Currency } from "../../domain/fiat.js";
import {
  PriceSourceError,
  type FxRate,
  type FxSource,
  type PriceAssetRef,
  type PriceQuote,
  type PriceSource,
} from "./source.js";

function checkTable(table: Readonly<Record<string, unknown>>, what: string): void {
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === "string" && !isDecimalString(value)) {
      throw new TypeError(`${what}: ${key} is not a plain decimal: ${JSON.stringify(value)}`);
    }
  }
}

/** Prices from configuration, for development and tests. */
export function createStaticPriceSource(options: { prices: StaticPriceTable }): PriceSource {
  for (const [ref, prices] of Object.entries(options.prices)) checkTable(prices, `static price ${ref}`);
  return {
    kind: "static",
    async quote(asset: PriceAssetRef, currencies: readonly Currency[]): Promise<PriceQuote[]> {
      const prices = Object.hasOwn(options.prices, asset.ref) ? options.prices[asset.ref] : undefined;
      if (!prices) throw new PriceSourceError("static", "NOT_FOUND", `no static price for ${asset.ref}`);
      return currencies.flatMap((currency) => {
        const price = prices[currency];
        return price === undefined
          ? []
          : [{ currency, price: normalizeDecimal(price), observedAt: null, source: "static" }];
      });
    },
  };
}

/** Fixed FX rates from configuration: units of each currency per US dollar. */
export function createStaticFxSource(options: {
  ratesPerUsd: Readonly<Partial<Record<Currency, string>>>;
}): FxSource {
  checkTable(options.ratesPerUsd, "static FX rate");
  return {
    kind: "static",
    async usdRates(currencies: readonly Currency[]): Promise<Map<Currency, FxRate>> {
      const rates = new Map<Currency, FxRate>();
      for (const currency of currencies) {
        const rate = currency === "USD" ? "1" : options.ratesPerUsd[currency];
        if (rate !== undefined)
          rates.set(currency, { quote: "units-per-usd", value: normalizeDecimal(rate) });
      }
      return rates;
    },
  };
}
