import { z } from "zod";
import { addressSchema } from "../validation.js";
import { PRICE_TYPES, type TokenPrice } from "./service.js";

/** GET /prices query. The currency is checked by the service (INVALID_CURRENCY). */
export const priceQuerySchema = z.object({
  chainId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "must be a positive integer (EIP-155 chain id)")
    .transform(Number)
    .refine(Number.isSafeInteger, "must be a positive integer (EIP-155 chain id)")
    .describe("EIP-155 chain id"),
  tokenAddress: addressSchema.describe("ERC-20 token address"),
  type: z.enum(PRICE_TYPES).default("current").describe("`current` (default) or `hourly-average`"),
  currency: z.string().default("USD").describe("ISO 4217 fiat code, default USD"),
});
export type PriceQueryInput = z.input<typeof priceQuerySchema>;

/**
 * The token price, with when it is from: `updated_at` and `source` for `current`,
 * the hour (`period_start`, `period_end`) and `sample_count` for `hourly-average`.
 */
export const tokenPriceViewSchema = z
  .object({
    type: z.enum(PRICE_TYPES),
    chain_id: z.number().describe("EIP-155 chain id"),
    token_address: z.string().describe("EIP-55 checksummed address"),
    currency: z.string().describe("ISO 4217 code"),
    price: z.number().describe("Price of one whole token in `currency`"),
    symbol: z.string(),
    updated_at: z.string().optional().describe("current: when the price was sampled (ISO 8601)"),
    source: z
      .string()
      .optional()
      .describe("current: where the price came from, e.g. `coingecko`, `chainlink+fx:static`"),
    period_start: z.string().optional().describe("hourly-average: start of the hour averaged (ISO 8601)"),
    period_end: z
      .string()
      .optional()
      .describe("hourly-average: end of the hour averaged, exclusive (ISO 8601)"),
    sample_count: z.number().optional().describe("hourly-average: samples in the hour"),
  })
  .meta({ id: "TokenPrice" });
export type TokenPriceView = z.infer<typeof tokenPriceViewSchema>;

export function tokenPriceView(price: TokenPrice): TokenPriceView {
  const base = {
    type: price.type,
    chain_id: price.networkId,
    token_address: price.tokenAddress,
    currency: price.currency,
    // The exact decimal becomes a JSON number only here, at the edge (the API's price is a number).
    price: Number(price.price),
    symbol: price.symbol,
  };
  return price.type === "current"
    ? { ...base, updated_at: price.sampledAt.toISOString(), source: price.source }
    : {
        ...base,
        period_start: price.periodStart.toISOString(),
        period_end: price.periodEnd.toISOString(),
        sample_count: price.sampleCount,
      };
}
