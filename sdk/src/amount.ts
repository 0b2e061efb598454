/**
 * Exact decimal <-> base-unit conversion for token amounts (no floating point): what a merchant needs
 * to store the expected `amount` in wei before creating a payment (step 1 of the merchant flow in docs/api.md).
 */

/**
 * `toBaseUnits("12.5", 18)` is `"12500000000000000000"`. Accepts a decimal string or a number
 * (a number is read by its shortest decimal form, so pass strings for amounts beyond 15 digits).
 * Refuses negative values, exponents and more fraction digits than `decimals`.
 */
export function toBaseUnits(amount: string | number, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be an integer from 0 to 255, got ${decimals}`);
  }
  const text = typeof amount === "number" ? numberToPlainString(amount) : amount.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal amount: ${JSON.stringify(amount)}`);
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    throw new RangeError(`${text} has more than ${decimals} decimals`);
  }
  return BigInt(whole + fraction.padEnd(decimals, "0")).toString();
}

/** `fromBaseUnits("12500000000000000000", 18)` is `"12.5"`. */
export function fromBaseUnits(units: string | bigint, decimals: number): string {
  const value = BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`not a non-negative finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // 1e21 and up, or below 1e-6: expand the exponent form exactly.
  const [mantissa = "", exponentText = "0"] = text.toLowerCase().split("e");
  const exponent = Number(exponentText);
  const [intPart = "", fracPart = ""] = mantissa.split(".");
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
