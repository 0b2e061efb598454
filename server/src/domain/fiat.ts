import { BaseError } from "./baseError.js";

/**
 * Exact decimal arithmetic for fiat conversion. Pure: no I/O, no `Number` for money.
 *
 * A decimal is kept as an integer count of units and a scale (`units / 10^scale`), so every sum,
 * product and truncation is exact. Prices, fiat amounts and token quantities cross the edges of
 * the service as decimal strings ("1234.5", "0.000123") and are stored as `numeric` in SQL.
 */

export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Fractional digits kept when a division (mean, FX derivation) does not terminate. */
export const PRICE_SCALE = 18;

/** The smallest token quantity a payment may ask for: 0.01. */
export const MIN_TOKEN_QUANTITY = "0.01";

/** Token quantities are truncated to this many decimals. */
export const TOKEN_QUANTITY_DECIMALS = 2;

export class DecimalError extends BaseError {
  override readonly name = "DecimalError";
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative plain decimal ("12", "0.5", "1234.5600"). Exponents and signs are refused. */
export function parseDecimal(text: string): Decimal {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new DecimalError(`not a non-negative decimal number: ${JSON.stringify(text)}`);
  const fraction = match[2] ?? "";
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

export function isDecimalString(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

/** The shortest plain form: no exponent, no trailing fractional zeros ("1.50" -> "1.5", "2.00" -> "2"). */
export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The same decimal with exactly `places` fractional digits ("1.5", 2 -> "1.50"); truncates extra digits. */
export function formatFixed(value: Decimal, places: number): string {
  const rescaled = rescaleTruncating(value, places);
  const digits = rescaled.units.toString().padStart(places + 1, "0");
  if (places === 0) return digits;
  return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}

/** Normalises a decimal string ("001.500" -> "1.5"). */
export function normalizeDecimal(text: string): string {
  return formatDecimal(parseDecimal(text));
}

/** An integer scaled by `decimals` (an on-chain answer, a wei amount) as a decimal string. */
export function scaledIntegerToDecimal(value: bigint, decimals: number): string {
  return formatDecimal({ units: value, scale: decimals });
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Same value at another scale; digits beyond the new scale are truncated toward zero. */
function rescaleTruncating(value: Decimal, scale: number): Decimal {
  if (scale >= value.scale) return { units: value.units * pow10(scale - value.scale), scale };
  return { units: value.units / pow10(value.scale - scale), scale };
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const left = rescaleTruncating(x, scale).units;
  const right = rescaleTruncating(y, scale).units;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function addDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return formatDecimal({
    units: rescaleTruncating(x, scale).units + rescaleTruncating(y, scale).units,
    scale,
  });
}

export function multiplyDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** `a / b`, truncated to `scale` fractional digits (default {@link PRICE_SCALE}). */
export function divideDecimals(a: string, b: string, scale: number = PRICE_SCALE): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (y.units === 0n) throw new DecimalError("division by zero");
  // a / b = (x.units / 10^x.scale) / (y.units / 10^y.scale); scaled by 10^scale and floored.
  const numerator = x.units * pow10(y.scale + scale);
  const denominator = y.units * pow10(x.scale);
  return formatDecimal({ units: numerator / denominator, scale });
}

/**
 * The arithmetic mean of decimal strings, truncated to {@link PRICE_SCALE} fractional digits.
 * The sum is exact; only the final division can leave a remainder (a mean of 1, 1 and 2 is 4/3).
 */
export function meanOfDecimals(values: readonly string[]): string {
  if (values.length === 0) throw new DecimalError("the mean of no samples is undefined");
  return divideDecimals(values.reduce(addDecimals, "0"), String(values.length));
}

/** The mean from an exact SQL `sum(numeric)` and a count. */
export function meanFromSum(sum: string, count: number): string {
  if (!Number.isSafeInteger(count) || count <= 0) throw new DecimalError(`invalid sample count: ${count}`);
  return divideDecimals(sum, String(count));
}

// ---------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------

/**
 * ISO 4217 codes the service converts from, with their minor units (KRW and JPY have none).
 * A closed list: a code outside it is `INVALID_CURRENCY`, even when it is a valid ISO code,
 * because a price source would not answer for it.
 */
export const SUPPORTED_CURRENCIES = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  KRW: 0,
  CNY: 2,
  CAD: 2,
  AUD: 2,
  CHF: 2,
  HKD: 2,
  SGD: 2,
  TWD: 2,
  INR: 2,
  IDR: 2,
  THB: 2,
  PHP: 2,
  MYR: 2,
  VND: 0,
  NZD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  TRY: 2,
  BRL: 2,
  MXN: 2,
  ZAR: 2,
  AED: 2,
  SAR: 2,
  ILS: 2,
} as const satisfies Record<string, number>;

export type Currency = keyof typeof SUPPORTED_CURRENCIES;

export const CURRENCY_CODES = Object.keys(SUPPORTED_CURRENCIES) as Currency[];

export function isSupportedCurrency(code: string): code is Currency {
  return Object.hasOwn(SUPPORTED_CURRENCIES, code);
}

/** The supported currency for a code given in any letter case ("krw" -> "KRW"), or null. */
export function parseCurrency(code: string): Currency | null {
  if (!/^[A-Za-z]{3}$/.test(code)) return null;
  const upper = code.toUpperCase();
  return isSupportedCurrency(upper) ? upper : null;
}

/** Fractional digits a fiat amount may carry: the currency's minor units, and never more than 2. */
export function maxFiatDecimals(currency: Currency): number {
  return Math.min(SUPPORTED_CURRENCIES[currency], 2);
}

// ---------------------------------------------------------------------------------------------
// Conversion
// ---------------------------------------------------------------------------------------------

export type FiatConversionProblem =
  | { kind: "invalid-fiat-amount"; message: string }
  | { kind: "invalid-price"; message: string }
  | { kind: "below-minimum"; message: string; tokenQuantity: string };

export type FiatConversionResult =
  { ok: true; tokenQuantity: string; amountWei: bigint } | { ok: false; problem: FiatConversionProblem };

export interface FiatConversionInput {
  /** Fiat amount as a plain decimal string, e.g. "12.50". */
  fiatAmount: string;
  currency: Currency;
  /** Price of one whole token in `currency`, as a plain decimal string. */
  price: string;
  tokenDecimals: number;
}

/**
 * Token quantity for a fiat amount: `fiatAmount / price`, truncated (never rounded) to 2 decimals,
 * so the payer is never charged more than the fiat amount: `qty * price <= fiat` and
 * `(qty + 0.01) * price > fiat`. A token with fewer than 2 decimals truncates further to what it
 * can represent. The quantity must reach {@link MIN_TOKEN_QUANTITY}.
 */
export function convertFiatToToken(input: FiatConversionInput): FiatConversionResult {
  const { fiatAmount, currency, price, tokenDecimals } = input;
  if (!Number.isInteger(tokenDecimals) || tokenDecimals < 0 || tokenDecimals > 77) {
    return {
      ok: false,
      problem: { kind: "invalid-price", message: `invalid token decimals ${tokenDecimals}` },
    };
  }
  let fiat: Decimal;
  try {
    fiat = parseDecimal(fiatAmount);
  } catch {
    return {
      ok: false,
      problem: { kind: "invalid-fiat-amount", message: "amount must be a non-negative decimal number" },
    };
  }
  const allowed = maxFiatDecimals(currency);
  if (
    fiat.scale > allowed &&
    rescaleTruncating(fiat, allowed).units * pow10(fiat.scale - allowed) !== fiat.units
  ) {
    return {
      ok: false,
      problem: {
        kind: "invalid-fiat-amount",
        message:
          allowed === 0
            ? `amount in ${currency} must be a whole number (${currency} has no minor unit)`
            : `amount in ${currency} must have at most ${allowed} decimal places`,
      },
    };
  }
  if (fiat.units <= 0n) {
    return { ok: false, problem: { kind: "invalid-fiat-amount", message: "amount must be greater than 0" } };
  }
  let unitPrice: Decimal;
  try {
    unitPrice = parseDecimal(price);
  } catch {
    return {
      ok: false,
      problem: { kind: "invalid-price", message: `invalid price ${JSON.stringify(price)}` },
    };
  }
  if (unitPrice.units <= 0n) {
    return { ok: false, problem: { kind: "invalid-price", message: "price must be greater than 0" } };
  }

  // cents of token = floor(fiat / price * 100), all in integers.
  const centsNumerator = fiat.units * pow10(unitPrice.scale + TOKEN_QUANTITY_DECIMALS);
  const centsDenominator = unitPrice.units * pow10(fiat.scale);
  const tokenCents = centsNumerator / centsDenominator;
  const amountWei =
    tokenDecimals >= TOKEN_QUANTITY_DECIMALS
      ? tokenCents * pow10(tokenDecimals - TOKEN_QUANTITY_DECIMALS)
      : tokenCents / pow10(TOKEN_QUANTITY_DECIMALS - tokenDecimals);
  const tokenQuantity = formatFixed({ units: amountWei, scale: tokenDecimals }, TOKEN_QUANTITY_DECIMALS);

  if (compareDecimals(tokenQuantity, MIN_TOKEN_QUANTITY) < 0) {
    return {
      ok: false,
      problem: {
        kind: "below-minimum",
        tokenQuantity,
        message: `${fiatAmount} ${currency} converts to ${tokenQuantity} token at a price of ${formatDecimal(unitPrice)} ${currency}, below the minimum token amount of ${MIN_TOKEN_QUANTITY}`,
      },
    };
  }
  return { ok: true, tokenQuantity, amountWei };
}
