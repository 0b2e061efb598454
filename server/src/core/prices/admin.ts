import { getAddress, isAddress } from "viem";
import { findChainByNetworkId } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import { deleteTokenPriceSourceByTokenId, upsertTokenPriceSource } from "../../db/prices/prices.js";
import { type TokenPriceSourceRow } from "../../db/schema/rows.js";
import { findTokenByChainIdAndAddress } from "../../db/tokens/tokens.js";
import { parseCurrency } from "../../domain/fiat.js";
import { KassaError } from "../../errors.js";

export type PriceSourceSpec = Pick<
  TokenPriceSourceRow,
  "kind" | "ref" | "feed_network_id" | "quote_currency"
>;

export const PRICE_SOURCE_SPEC_HELP =
  "coingecko:<coin id> | chainlink:<feed network id>:<feed address>[:<quote currency, default USD>] | static:<key>";

function invalid(spec: string, why: string): KassaError {
  return new KassaError("VALIDATION_ERROR", `invalid price source ${JSON.stringify(spec)}: ${why}`, {
    details: [{ path: ["priceSource"], message: `${why}; expected ${PRICE_SOURCE_SPEC_HELP}` }],
  });
}

/**
 * Parses the `--price-source` of `kassa admin token add/update`: `coingecko:usd-coin`,
 * `chainlink:1:0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6`, `chainlink:1:0x...:EUR`, `static:usd-coin`.
 */
export function parsePriceSourceSpec(spec: string): PriceSourceSpec {
  const [kind, ...rest] = spec.trim().split(":");
  switch (kind) {
    case "coingecko":
    case "static": {
      const ref = rest.join(":");
      if (!/^[A-Za-z0-9._-]+$/.test(ref))
        throw invalid(spec, `${kind} needs an id of letters, digits, . _ -`);
      return { kind, ref, feed_network_id: null, quote_currency: null };
    }
    case "chainlink": {
      const [networkId, address, quote, ...extra] = rest;
      if (!networkId || !/^[1-9]\d{0,15}$/.test(networkId))
        throw invalid(spec, "chainlink needs the feed's network id");
      if (!address || !isAddress(address)) throw invalid(spec, "chainlink needs the feed address");
      const quoteCurrency = quote === undefined ? "USD" : parseCurrency(quote);
      if (!quoteCurrency || extra.length > 0) throw invalid(spec, `unsupported quote currency ${quote}`);
      return {
        kind,
        ref: getAddress(address),
        feed_network_id: Number(networkId),
        quote_currency: quoteCurrency,
      };
    }
    default:
      throw invalid(spec, `unknown kind ${JSON.stringify(kind)}`);
  }
}

/** Sets (`spec`) or removes (`null`) the price source of a whitelisted token. */
export async function setTokenPriceSource(
  deps: { db: Db },
  input: { networkId: number; tokenAddress: string; priceSource: string | null },
): Promise<TokenPriceSourceRow | null> {
  const parsed = input.priceSource === null ? null : parsePriceSourceSpec(input.priceSource);
  const chain = await findChainByNetworkId(deps.db, input.networkId);
  const token =
    chain && isAddress(input.tokenAddress)
      ? await findTokenByChainIdAndAddress(deps.db, chain.id, getAddress(input.tokenAddress))
      : undefined;
  if (!token) {
    throw new KassaError(
      "TOKEN_NOT_FOUND",
      `token ${input.tokenAddress} is not whitelisted on chain ${input.networkId}`,
    );
  }
  if (parsed === null) {
    await deleteTokenPriceSourceByTokenId(deps.db, token.id);
    return null;
  }
  return upsertTokenPriceSource(deps.db, { token_id: token.id, ...parsed });
}

/** `coingecko:usd-coin`: a stored source written back in the `--price-source` format. */
export function formatPriceSourceSpec(source: PriceSourceSpec): string {
  if (source.kind !== "chainlink") return `${source.kind}:${source.ref}`;
  const quote = source.quote_currency && source.quote_currency !== "USD" ? `:${source.quote_currency}` : "";
  return `chainlink:${source.feed_network_id}:${source.ref}${quote}`;
}
