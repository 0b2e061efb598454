import type { Currency } from "../../domain/fiat.js";
import { BaseError } from "../../domain/baseError.js";
import type { PriceSourceKind } from "../../domain/records.js";

/**
 * The asset a source prices, in that source's terms. A testnet token maps to the asset whose price
 * it stands for (test USDC on Amoy -> the mainnet USDC/USD feed, or the CoinGecko id `usd-coin`).
 */
export interface PriceAssetRef {
  /** chainlink: the feed address; coingecko: the coin id; static: the key in the static price table. */
  ref: string;
  /** chainlink: the chain the feed is read on. */
  chainId?: number | null;
  /** chainlink: the currency the feed answers in (a ETH/USD feed: USD). */
  quoteCurrency?: Currency | null;
}

export interface PriceQuote {
  currency: Currency;
  /** Price of one whole token in `currency`, a plain decimal string. */
  price: string;
  /** When the source says the price was last updated, if it says. */
  observedAt: Date | null;
  /** `chainlink`, `coingecko`, `static`; a derived price says how: `chainlink+fx:static`. */
  source: string;
}

export interface PriceSource {
  readonly kind: PriceSourceKind;
  /**
   * Quotes for `asset` in those of `currencies` the source serves; a currency it does not serve is
   * left out. Throws {@link PriceSourceError} when the source cannot answer at all.
   */
  quote(asset: PriceAssetRef, currencies: readonly Currency[]): Promise<PriceQuote[]>;
}

/**
 * How many units of a currency a US dollar is worth, as the FX source quotes it: `units-per-usd`
 * ("1385.2" KRW for 1 USD) or `usd-per-unit` ("0.000722" USD for 1 KRW, how Chainlink's KRW/USD feed
 * answers). Kept as quoted so a derivation divides instead of multiplying by a rounded inverse.
 */
export interface FxRate {
  quote: "units-per-usd" | "usd-per-unit";
  value: string;
}

/** Converts USD prices into other currencies, for sources that only answer in USD. */
export interface FxSource {
  readonly kind: string;
  /** Rates for those of `currencies` the source knows; throws {@link PriceSourceError} when it cannot answer. */
  usdRates(currencies: readonly Currency[]): Promise<Map<Currency, FxRate>>;
}

export type PriceSourceErrorCode =
  "TIMEOUT" | "RATE_LIMITED" | "HTTP_ERROR" | "BAD_RESPONSE" | "STALE" | "NOT_FOUND" | "UNAVAILABLE";

/** A source could not give a usable price. `details` names the asset and what went wrong. */
export class PriceSourceError extends BaseError {
  override readonly name = "PriceSourceError";
  readonly source: string;
  readonly code: PriceSourceErrorCode;

  constructor(source: string, code: PriceSourceErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${source}: ${message}`, options);
    this.source = source;
    this.code = code;
  }
}
