import { z } from "zod";
import { type ChainRow, type TokenRow } from "../../db/schema/rows.js";
import { addressField } from "../schemaTypes.js";

/** A chain and a token as the public API shows them (GET /chains, a merchant's payment methods). */

export const chainViewSchema = z
  .object({ id: z.number(), network_id: z.number(), name: z.string(), is_testnet: z.boolean() })
  .meta({ id: "Chain" });
export type ChainView = z.infer<typeof chainViewSchema>;

export function chainView(chain: ChainRow): ChainView {
  return { id: chain.id, network_id: chain.network_id, name: chain.name, is_testnet: chain.is_testnet };
}

export const tokenViewSchema = z
  .object({
    id: z.number(),
    tokenAddress: addressField,
    symbol: z.string(),
    decimals: z.number(),
    permit_supported: z.boolean(),
    is_enabled: z.boolean(),
  })
  .meta({ id: "Token" });
export type TokenView = z.infer<typeof tokenViewSchema>;

export function tokenView(
  token: Pick<TokenRow, "id" | "address" | "symbol" | "decimals" | "permit_supported" | "enabled">,
): TokenView {
  return {
    id: token.id,
    tokenAddress: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    permit_supported: token.permit_supported,
    is_enabled: token.enabled,
  };
}
