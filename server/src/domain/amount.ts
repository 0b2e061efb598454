/**
 * Money at the edges is an exact decimal string; inside it is a `bigint` of base units (wei).
 * A JSON `amount` arrives as a double, so the first step recovers the decimal the client wrote:
 * the shortest string that round-trips to the same double. That is exact for every value with at
 * most 2 decimals below 2^46 (the gap between neighbouring doubles stays under 0.01), which is why
 * MAX_AMOUNT is 10^13.
 */

export const AMOUNT_MAX_DECIMALS = 2;
export const MIN_AMOUNT = "0.01";
export const MAX_AMOUNT = 10_000_000_000_000;

export type AmountProblem = "not-finite" | "too-many-decimals" | "below-minimum" | "above-maximum";

export const amountProblemMessages: Record<AmountProblem, string> = {
  "not-finite": "amount must be a finite number",
  "too-many-decimals": `amount must have at most ${AMOUNT_MAX_DECIMALS} decimal places`,
  "below-minimum": `amount must be at least ${MIN_AMOUNT}`,
  "above-maximum": `amount must be at most ${MAX_AMOUNT}`,
};

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/** Writes a finite double in plain decimal notation (no exponent), using its shortest round-trip form. */
export function numberToDecimalString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError("not a finite number");
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText] = String(Math.abs(value)).split("e");
  if (exponentText === undefined) return sign + mantissa;
  const [intPart = "", fracPart = ""] = mantissa.split(".");
  const digits = intPart + fracPart;
  const pointAt = intPart.length + Number(exponentText);
  const plain =
    pointAt <= 0
      ? `0.${"0".repeat(-pointAt)}${digits}`
      : pointAt >= digits.length
        ? digits + "0".repeat(pointAt - digits.length)
        : `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return sign + normalizeDecimal(plain);
}

function normalizeDecimal(decimal: string): string {
  const match = decimalPattern.exec(decimal);
  if (!match) throw new RangeError(`not a non-negative decimal: ${decimal}`);
  const intPart = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fracPart = (match[2] ?? "").replace(/0+$/, "");
  return fracPart === "" ? intPart : `${intPart}.${fracPart}`;
}

/** The problem with a request amount, or null when it is acceptable (Kassa's amount limits). */
export function checkAmount(value: number): AmountProblem | null {
  if (!Number.isFinite(value)) return "not-finite";
  if (value > MAX_AMOUNT) return "above-maximum";
  const decimal = numberToDecimalString(Math.abs(value));
  const fraction = decimal.split(".")[1] ?? "";
  if (fraction.length > AMOUNT_MAX_DECIMALS) return "too-many-decimals";
  if (
    value < 0 ||
    decimalToUnits(decimal, AMOUNT_MAX_DECIMALS) < decimalToUnits(MIN_AMOUNT, AMOUNT_MAX_DECIMALS)
  ) {
    return "below-minimum";
  }
  return null;
}

/** A request amount as an exact, normalized decimal string ("12.5", "3"). Throws on a bad amount. */
export function parseAmount(value: number): string {
  const problem = checkAmount(value);
  if (problem) throw new RangeError(amountProblemMessages[problem]);
  return numberToDecimalString(value);
}

/**
 * Converts a non-negative decimal string to base units with `decimals` places. Throws when the
 * decimal has more places than the unit can hold (a 0-decimal token cannot take 0.5).
 */
export function decimalToUnits(decimal: string, decimals: number): bigint {
  const match = decimalPattern.exec(decimal);
  if (!match) throw new RangeError(`not a non-negative decimal: ${decimal}`);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    throw new RangeError(`${decimal} has more than ${decimals} decimal places`);
  }
  return BigInt((match[1] ?? "0") + fraction.padEnd(decimals, "0"));
}

/** Base units back to a normalized decimal string. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  if (units < 0n) throw new RangeError("negative units");
  const digits = units.toString().padStart(decimals + 1, "0");
  const cut = digits.length - decimals;
  return normalizeDecimal(decimals === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`);
}
