import type { PublicClient } from "viem";

/** What a transaction pays per gas: EIP-1559 where the chain has a base fee, legacy otherwise. */
export type FeeQuote =
  | { type: "eip1559"; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: "legacy"; gasPrice: bigint };

/** Lowest tip offered, so a node that reports zero (anvil's empty mempool) still orders us fairly. */
const MIN_PRIORITY_FEE = 1_000_000n;

/**
 * Current fees: on EIP-1559 chains a cap of twice the latest base fee plus the node's suggested tip,
 * which survives six full blocks of base-fee growth; on legacy chains the node's gas price.
 */
export async function estimateFees(client: PublicClient): Promise<FeeQuote> {
  const block = await client.getBlock({ blockTag: "latest" });
  if (block.baseFeePerGas === null || block.baseFeePerGas === undefined) {
    return { type: "legacy", gasPrice: await client.getGasPrice() };
  }
  let tip: bigint;
  try {
    tip = await client.request({ method: "eth_maxPriorityFeePerGas" }).then(BigInt);
  } catch {
    tip = MIN_PRIORITY_FEE;
  }
  if (tip < MIN_PRIORITY_FEE) tip = MIN_PRIORITY_FEE;
  return { type: "eip1559", maxFeePerGas: block.baseFeePerGas * 2n + tip, maxPriorityFeePerGas: tip };
}

function raise(value: bigint, percent: number): bigint {
  // Rounded up, so a bump is never lost to integer division on tiny fees.
  return (value * BigInt(100 + percent) + 99n) / 100n;
}

/**
 * Fees for a replacement of `previous`: at least `bumpPercent` (>= 10, the minimum nodes accept)
 * above it on every field, and at least what the chain asks for now.
 */
export function bumpFees(previous: FeeQuote, current: FeeQuote, bumpPercent: number): FeeQuote {
  const percent = Math.max(10, bumpPercent);
  if (previous.type === "legacy") {
    const now = current.type === "legacy" ? current.gasPrice : current.maxFeePerGas;
    const gasPrice = raise(previous.gasPrice, percent);
    return { type: "legacy", gasPrice: gasPrice > now ? gasPrice : now };
  }
  const currentMax = current.type === "eip1559" ? current.maxFeePerGas : current.gasPrice;
  const currentTip = current.type === "eip1559" ? current.maxPriorityFeePerGas : current.gasPrice;
  const maxPriorityFeePerGas = max(raise(previous.maxPriorityFeePerGas, percent), currentTip);
  const maxFeePerGas = max(raise(previous.maxFeePerGas, percent), currentMax, maxPriorityFeePerGas);
  return { type: "eip1559", maxFeePerGas, maxPriorityFeePerGas };
}

/**
 * The fee fields of a simulation at `quote`: the node then runs the call at the gas price the mined transaction
 * pays, so code that reads it (`tx.gasprice`) behaves as it will on-chain, not as at a price of 0.
 */
export function feeFields(
  quote: FeeQuote,
): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint } {
  return quote.type === "eip1559"
    ? { maxFeePerGas: quote.maxFeePerGas, maxPriorityFeePerGas: quote.maxPriorityFeePerGas }
    : { gasPrice: quote.gasPrice };
}

/**
 * `quote` as EIP-1559's fee fields, the only ones a type-4 (EIP-7702) transaction has: a legacy price is both its cap
 * and its tip.
 */
export function dynamicFeeFields(quote: FeeQuote): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  return quote.type === "eip1559"
    ? { maxFeePerGas: quote.maxFeePerGas, maxPriorityFeePerGas: quote.maxPriorityFeePerGas }
    : { maxFeePerGas: quote.gasPrice, maxPriorityFeePerGas: quote.gasPrice };
}

/** The most a transaction with `quote` can cost for `gas`. */
export function maxCost(quote: FeeQuote, gas: bigint): bigint {
  return gas * (quote.type === "eip1559" ? quote.maxFeePerGas : quote.gasPrice);
}

function max(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b));
}

/** The highest of several quotes (the fees a replacement must outbid), undefined for none. */
export function highestFee(quotes: FeeQuote[]): FeeQuote | undefined {
  let best: FeeQuote | undefined;
  for (const quote of quotes) {
    const value = quote.type === "eip1559" ? quote.maxFeePerGas : quote.gasPrice;
    const bestValue = best === undefined ? -1n : best.type === "eip1559" ? best.maxFeePerGas : best.gasPrice;
    if (value > bestValue) best = quote;
  }
  return best;
}
