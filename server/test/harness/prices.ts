import { privateKeyToAddress, generatePrivateKey } from "viem/accounts";
import { findChainByNetworkId } from "../../src/db/chains/chains.js";
import type { Db } from "../../src/db/infra/database.js";
import { insertPriceSamples, upsertTokenPriceSource } from "../../src/db/prices/prices.js";
import { type NewTokenPriceSourceRow, type TokenRow } from "../../src/db/schema/rows.js";
import { insertToken } from "../../src/db/tokens/tokens.js";
import type { PriceLogger } from "../../src/core/prices/collect.js";

/** A clock tests move by hand. */
export function testClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set(time: string | Date) {
      now = new Date(time);
    },
  };
}

export function recordingLogger() {
  const entries: { level: "info" | "warn"; object: object; message: string }[] = [];
  const logger: PriceLogger = {
    info: (object, message) => entries.push({ level: "info", object, message }),
    warn: (object, message) => entries.push({ level: "warn", object, message }),
  };
  return { logger, entries };
}

/** Whitelists a fresh token (random address) on a seeded chain, optionally with a price source. */
export async function addToken(
  db: Db,
  options: {
    networkId?: number;
    symbol?: string;
    decimals?: number;
    enabled?: boolean;
    priceSource?: Omit<NewTokenPriceSourceRow, "token_id">;
  } = {},
): Promise<TokenRow> {
  const chain = await findChainByNetworkId(db, options.networkId ?? 80002);
  if (!chain) throw new Error(`chain ${options.networkId} is not seeded`);
  const token = await insertToken(db, {
    chain_id: chain.id,
    address: privateKeyToAddress(generatePrivateKey()),
    symbol: options.symbol ?? "TKN",
    decimals: options.decimals ?? 6,
    permit_supported: true,
    enabled: options.enabled ?? true,
  });
  if (options.priceSource) await upsertTokenPriceSource(db, { token_id: token.id, ...options.priceSource });
  return token;
}

/** Stores samples taken at the given ISO times. */
export async function addSamples(
  db: Db,
  tokenId: number,
  currency: string,
  samples: readonly (readonly [sampledAt: string, price: string])[],
): Promise<void> {
  await insertPriceSamples(
    db,
    samples.map(([sampledAt, price]) => ({
      token_id: tokenId,
      currency,
      price,
      source: "static",
      observed_at: null,
      sampled_at: new Date(sampledAt),
    })),
  );
}
