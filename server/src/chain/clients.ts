import { rpcChain } from "@kassa/contracts";
import { createPublicClient, http, webSocket, type PublicClient } from "viem";
import type { Secret } from "../secret.js";
import type { ChainRow } from "../db/types.js";
import { KassaError } from "../errors.js";
import { registerSecretText } from "../scrub.js";

/** viem clients per chain, created on first use and reused. */
export interface ChainClients {
  /** Throws CHAIN_CONFIG_ERROR when the chain has no RPC URL (neither RPC_URL_<id> nor stored). */
  publicClient(chain: Pick<ChainRow, "network_id" | "name" | "rpc_url">): PublicClient;
}

/** `rpcOverrides` (from RPC_URL_<networkId>) win over the URL stored for the chain. */
export function createChainClients(rpcOverrides: ReadonlyMap<number, Secret> = new Map()): ChainClients {
  const cache = new Map<string, PublicClient>();
  return {
    publicClient(chain) {
      const url = rpcOverrides.get(chain.network_id)?.reveal() ?? chain.rpc_url;
      if (!url) {
        throw new KassaError(
          "CHAIN_CONFIG_ERROR",
          `chain ${chain.network_id} (${chain.name}) has no RPC URL`,
        );
      }
      const cacheKey = `${chain.network_id}|${url}`;
      let client = cache.get(cacheKey);
      if (!client) {
        registerSecretText(url);
        client = createPublicClient({
          chain: rpcChain(chain.network_id, chain.name, url),
          transport: /^wss?:/.test(url) ? webSocket(url) : http(url),
        });
        cache.set(cacheKey, client);
      }
      return client;
    },
  };
}
