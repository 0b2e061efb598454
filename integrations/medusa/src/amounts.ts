import { KassaProviderError } from "./errors.js";

/**
 * Exact decimal arithmetic on the amounts Medusa and Kassa exchange, as strings and bigints, never
 * floating point: Medusa hands the provider decimal amounts in the cart's currency, Kassa takes at most two
 * decimals and answers in the token's base units.
 */

/** A non-negative decimal as an integer and a power of ten: 12.5 is { units: 125n, scale: 1 }. */
interface Decimal {
  units: bigint;
  scale: number;
}

function parseDecimal(text: string, what: string): Decimal {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new KassaProviderError("invalid_data", `${what} is not a decimal amount: ${text}`);
  const fraction = match[2] ?? "";
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

function formatDecimal({ units, scale }: Decimal): string {
  const digits = units.toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

function atScale({ units, scale }: Decimal, target: number): bigint {
  return units * 10n ** BigInt(target - scale);
}

/** The smallest amount Kassa creates a payment for. */
const KASSA_MINIMUM_CENTS = 1n;

/**
 * What Kassa is asked to charge for a Medusa amount: rounded half up to two decimals (Kassa's precision;
 * Medusa may carry more, from taxes), as the shortest decimal string. Refuses less than 0.01.
 */
export function chargeAmount(medusaAmount: string): string {
  const amount = parseDecimal(medusaAmount, "the amount");
  const scaled = amount.scale <= 2 ? atScale(amount, 2) : roundHalfUp(amount, 2);
  if (scaled < KASSA_MINIMUM_CENTS) {
    throw new KassaProviderError(
      "invalid_data",
      `Kassa takes payments of at least 0.01; the amount is ${medusaAmount}`,
    );
  }
  return formatDecimal({ units: scaled, scale: 2 });
}

function roundHalfUp(amount: Decimal, scale: number): bigint {
  const divisor = 10n ** BigInt(amount.scale - scale);
  const quotient = amount.units / divisor;
  return amount.units % divisor >= divisor / 2n ? quotient + 1n : quotient;
}

/** The sum of decimal strings, exactly. */
export function addDecimals(values: readonly string[]): string {
  const parsed = values.map((value) => parseDecimal(value, "an amount"));
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  const units = parsed.reduce((sum, value) => sum + atScale(value, scale), 0n);
  return formatDecimal({ units, scale });
}

export interface RefundShare {
  /** What the payment paid, in the token's base units. */
  paidUnits: bigint;
  /** What that payment charged in the cart's currency (the amount Kassa was asked for). */
  charged: string;
  /** What Medusa refunded of it before this refund, in the cart's currency. */
  refundedBefore: string;
  /** This refund, in the cart's currency. */
  refund: string;
}

/**
 * The token amount (base units) of a refund given in the cart's currency: the payment's token amount in
 * proportion, counted on the running total so that refunds adding up to the whole charge return exactly
 * what was paid (floor(paid * (before + refund) / charged) - floor(paid * before / charged); the rounding
 * of one part is made up by the next). A pegged currency's charge is the token amount itself, so its refunds
 * are exact; a converted one's follow the price the payment was made at.
 */
export function refundUnits({ paidUnits, charged, refundedBefore, refund }: RefundShare): bigint {
  const chargedDecimal = parseDecimal(charged, "the charged amount");
  const before = parseDecimal(refundedBefore, "the refunded amount");
  const now = parseDecimal(refund, "the refund amount");
  if (now.units === 0n) throw new KassaProviderError("invalid_data", "a refund must be more than 0");
  const scale = Math.max(chargedDecimal.scale, before.scale, now.scale);
  const total = atScale(chargedDecimal, scale);
  const previous = atScale(before, scale);
  const after = previous + atScale(now, scale);
  if (after > total) {
    throw new KassaProviderError(
      "invalid_data",
      `refunds of ${addDecimals([refundedBefore, refund])} would exceed the ${charged} charged`,
    );
  }
  return (paidUnits * after) / total - (paidUnits * previous) / total;
}
