import { listChains } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import { listTokens } from "../../db/tokens/tokens.js";
import { z } from "zod";
import { chainView, chainViewSchema, tokenView, tokenViewSchema, type ChainView } from "./views.js";

/** GET /chains. */
export async function listPublicChains(db: Db): Promise<ChainView[]> {
  return (await listChains(db)).map(chainView);
}

export const chainWithTokensSchema = chainViewSchema
  .extend({ tokens: z.array(tokenViewSchema).describe("Enabled whitelisted tokens") })
  .meta({ id: "ChainWithTokens" });
export type ChainWithTokens = z.infer<typeof chainWithTokensSchema>;

/** GET /chains/tokens: every chain with its enabled whitelisted tokens. */
export async function listChainsWithTokens(db: Db): Promise<ChainWithTokens[]> {
  const [chains, tokens] = await Promise.all([listChains(db), listTokens(db, { enabledOnly: true })]);
  return chains.map((chain) => ({
    ...chainView(chain),
    tokens: tokens.filter((token) => token.chain_id === chain.id).map(tokenView),
  }));
}
