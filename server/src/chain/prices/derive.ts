import { divideDecimals, multiplyDecimals, type Currency } from "../../domain/fiat.js";
import type { FxSource, PriceAssetRef, PriceQuote, PriceSource } from "./source.js";

export interface QuoteAssetResult {
  quotes: PriceQuote[];
  /** Currencies neither the source nor a derivation through USD could price. */
  missing: Currency[];
}

/**
 * Quotes `asset` in every one of `currencies` the source serves directly, and derives the others
 * from its USD price with the FX source (`price_usd x units-per-usd` or `price_usd / usd-per-unit`,
 * exact, then cut to 18 decimals), marking such a quote's
 * source as `<source>+fx:<fx source>`. A direct quote always wins over a derived one.
 */
export async function quoteAsset(
  source: PriceSource,
  asset: PriceAssetRef,
  currencies: readonly Currency[],
  fx?: FxSource | null,
): Promise<QuoteAssetResult> {
  const wanted = [...new Set(currencies)];
  const asked: Currency[] = fx && !wanted.includes("USD") ? [...wanted, "USD"] : wanted;
  const direct = await source.quote(asset, asked);
  const byCurrency = new Map(direct.map((quote) => [quote.currency, quote]));
  const quotes = wanted.flatMap((currency) => byCurrency.get(currency) ?? []);
  let missing = wanted.filter((currency) => !byCurrency.has(currency));

  const usd = byCurrency.get("USD");
  if (missing.length > 0 && usd && fx) {
    const rates = await fx.usdRates(missing);
    for (const currency of missing) {
      const rate = rates.get(currency);
      if (rate === undefined) continue;
      quotes.push({
        currency,
        price:
          rate.quote === "units-per-usd"
            ? divideDecimals(multiplyDecimals(usd.price, rate.value), "1")
            : divideDecimals(usd.price, rate.value),
        observedAt: usd.observedAt,
        source: `${usd.source}+fx:${fx.kind}`,
      });
    }
    missing = missing.filter((currency) => !rates.has(currency));
  }
  return { quotes, missing };
}
