import { z } from "zod";
import { checkExactTransfers, readTokenInfo } from "../../chain/tokenInfo.js";
import { isUniqueViolation } from "../../db/infra/database.js";
import {
  findTokenByChainIdAndAddress,
  insertToken,
  listTokens as listTokenRows,
  setTokenEnabled as setTokenEnabledRow,
} from "../../db/tokens/tokens.js";
import { KassaError } from "../../errors.js";
import { addressSchema, networkIdSchema, parseInput } from "../validation.js";
import { adminToken, type AdminToken } from "./views.js";
import { type AdminDeps, requireChain } from "./shared.js";

/** The token whitelist of each chain. */

export const addTokenInputSchema = z.object({
  networkId: networkIdSchema,
  address: addressSchema,
  /** When symbol, decimals and permitSupported are all given, the chain is not asked. */
  symbol: z.string().trim().min(1).max(32).optional(),
  decimals: z.number().int().min(0).max(77).optional(),
  permitSupported: z.boolean().optional(),
  enabled: z.boolean().default(true),
  /**
   * An account holding some of the token: a transfer from it is simulated and a token that delivers less
   * than it sends (fee-on-transfer) is refused with UNSUPPORTED_TOKEN. Omitted: the token is not probed.
   */
  probeHolder: addressSchema.optional(),
});
export type AddTokenInput = z.input<typeof addTokenInputSchema>;

/** Whitelists a token on a chain, reading symbol, decimals and permit support from the chain. */
export async function addToken(deps: AdminDeps, input: AddTokenInput): Promise<AdminToken> {
  const token = parseInput(addTokenInputSchema, input);
  const chain = await requireChain(deps.db, token.networkId);
  const info =
    token.symbol !== undefined && token.decimals !== undefined && token.permitSupported !== undefined
      ? { symbol: token.symbol, decimals: token.decimals, permitSupported: token.permitSupported }
      : await readTokenInfo(deps.chains.publicClient(chain), token.address);
  if (info.decimals > 77 || info.symbol.trim() === "") {
    throw new KassaError(
      "TOKEN_INFO_ERROR",
      `token ${token.address} reports symbol "${info.symbol}" and ${info.decimals} decimals`,
    );
  }
  if (token.probeHolder !== undefined) {
    await checkExactTransfers(
      deps.chains.publicClient(chain),
      token.address,
      token.probeHolder,
      info.decimals,
    );
  }
  try {
    const row = await insertToken(deps.db, {
      chain_id: chain.id,
      address: token.address,
      symbol: info.symbol.trim(),
      decimals: info.decimals,
      permit_supported: info.permitSupported,
      enabled: token.enabled,
    });
    return adminToken({ ...row, network_id: chain.network_id });
  } catch (error) {
    if (isUniqueViolation(error, "tokens_chain_id_address_key")) {
      throw new KassaError(
        "INVALID_REQUEST",
        `token ${token.address} is already whitelisted on chain ${chain.network_id}`,
      );
    }
    throw error;
  }
}

export async function listTokens(
  deps: AdminDeps,
  filter: { networkId?: number } = {},
): Promise<AdminToken[]> {
  const chain = filter.networkId === undefined ? undefined : await requireChain(deps.db, filter.networkId);
  return (await listTokenRows(deps.db, chain ? { chainId: chain.id } : {})).map(adminToken);
}

/** A disabled token stays whitelisted but payments with it fail with UNSUPPORTED_TOKEN. */
export async function setTokenEnabled(
  deps: AdminDeps,
  input: { networkId: number; address: string; enabled: boolean },
): Promise<AdminToken> {
  const address = parseInput(addressSchema, input.address);
  const chain = await requireChain(deps.db, input.networkId);
  const token = await findTokenByChainIdAndAddress(deps.db, chain.id, address);
  const updated = token && (await setTokenEnabledRow(deps.db, token.id, input.enabled));
  if (!updated)
    throw new KassaError(
      "TOKEN_NOT_FOUND",
      `token ${address} is not whitelisted on chain ${chain.network_id}`,
    );
  return adminToken({ ...updated, network_id: chain.network_id });
}
