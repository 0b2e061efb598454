import { rpcChain } from "@kassa/contracts";
import type { Logger } from "pino";
import { createPublicClient, type PublicClient } from "viem";
import type { Secret } from "../secret.js";
import { type ChainRow } from "../db/schema/rows.js";
import { KassaError } from "../errors.js";
import { registerSecretText } from "../scrub.js";
import { LogRangeLimit, rpcTransport } from "./rpcTransport.js";

/** viem clients per chain, created on first use and reused while the chain's RPC URLs stay the same. */
export interface ChainClients {
  /**
   * Throws CHAIN_CONFIG_ERROR when the chain has no RPC URL (neither RPC_URL_<id> nor stored). A new
   * client starts at the chain's stored eth_getLogs range limit, when given.
   */
  publicClient(
    chain: Pick<ChainRow, "network_id" | "name" | "rpc_url"> & Partial<Pick<ChainRow, "logs_max_blocks">>,
  ): PublicClient;
}

export interface ChainClientsOptions {
  /** `RPC_URL_<networkId>`: one or more URLs per chain; they win over the URLs stored for the chain. */
  rpcUrls?: ReadonlyMap<number, Secret<readonly string[]>>;
  /** Longest wait for one answer from one URL; default 10,000 ms. */
  timeoutMs?: number;
  logger?: Logger;
  /** Keeps an eth_getLogs range limit learnt for a chain (lowered or grown), for the next process. */
  onLogRangeLimit?: (networkId: number, maxBlocks: bigint) => void;
}

/** The URLs of a stored `chains.rpc_url`: one URL, or several separated by commas (tried in order). */
export function splitRpcUrls(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter((url) => url !== "");
}

/**
 * The chain's URLs come from the environment or, without it, from the chain's row as given (read again by
 * the callers on every poll), so a URL changed with `kassa admin chain update` takes effect on the next
 * call: a new client (with a fresh range limit) replaces the chain's old one.
 */
export function createChainClients(options: ChainClientsOptions = {}): ChainClients {
  const current = new Map<number, { key: string; client: PublicClient }>();
  const log = options.logger?.child({ service: "rpc" });
  return {
    publicClient(chain) {
      const urls = options.rpcUrls?.get(chain.network_id)?.reveal() ?? splitRpcUrls(chain.rpc_url);
      if (urls.length === 0) {
        throw new KassaError(
          "CHAIN_CONFIG_ERROR",
          `chain ${chain.network_id} (${chain.name}) has no RPC URL`,
        );
      }
      const key = `${chain.name}|${urls.join(",")}`;
      const cached = current.get(chain.network_id);
      if (cached?.key === key) return cached.client;
      for (const url of urls) registerSecretText(url);
      const logRange = new LogRangeLimit(
        (maxBlocks, lowered) => {
          if (lowered) {
            log?.info(
              { chainId: chain.network_id, maxBlocks: Number(maxBlocks) },
              "the RPC provider refused an eth_getLogs range: reading fewer blocks per call",
            );
          }
          options.onLogRangeLimit?.(chain.network_id, maxBlocks);
        },
        chain.logs_max_blocks ? BigInt(chain.logs_max_blocks) : undefined,
      );
      const client = createPublicClient({
        chain: rpcChain(chain.network_id, chain.name, urls[0]!),
        transport: rpcTransport({
          urls,
          networkId: chain.network_id,
          logRange,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          ...(options.logger ? { logger: options.logger } : {}),
        }),
      });
      current.set(chain.network_id, { key, client });
      return client;
    },
  };
}
