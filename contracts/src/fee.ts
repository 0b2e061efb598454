/** Highest fee the gateway accepts, in basis points (its `MAX_FEE_BPS`). */
export const maxFeeBps = 1_000;

const bpsDenominator = 10_000n;

/**
 * The fee the gateway takes from `amount` at `feeBps`: floor(amount * feeBps / 10,000), exactly as
 * `PaymentGateway.computeFee`. The recipient gets `amount - fee`.
 */
export function computeFee(amount: bigint, feeBps: number): bigint {
  if (amount < 0n) throw new RangeError(`amount must not be negative, got ${amount}`);
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) {
    throw new RangeError(`feeBps must be an integer in 0..10000, got ${feeBps}`);
  }
  return (amount * BigInt(feeBps)) / bpsDenominator;
}
