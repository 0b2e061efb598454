import type { Logger } from "pino";
import { Counter, Gauge } from "prom-client";
import type { PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KassaError } from "../errors.js";
import type { ChainClients } from "./clients.js";
import { isNodeUnavailable } from "./rpcTransport.js";
import { type SenderHooks } from "./sender/owner.js";
import { registered } from "./sender/metrics.js";
import { TransactionSender } from "./sender/transactionSender.js";
import type { Db } from "../db/infra/database.js";
import { type SenderRole } from "../domain/records.js";
import { type ChainRow } from "../db/schema/rows.js";
import type { GaslessSettings } from "../config/gasless.js";

/** What the relay and faucet core functions and the worker's tracker share. */
export interface GaslessRuntime {
  db: Db;
  settings: GaslessSettings;
  logger: Logger | undefined;
  now: () => Date;
  client(chain: ChainRow): PublicClient;
  /** The relayer of the chain; undefined when it has no RELAYER_PRIVATE_KEYS_<networkId>. */
  relayer(chain: ChainRow): TransactionSender | undefined;
  /** The faucet of the chain; undefined when it has no FAUCET_PRIVATE_KEY_<networkId>. */
  faucet(chain: ChainRow): TransactionSender | undefined;
  /** The current sender of every chain and role used so far. */
  senders(): TransactionSender[];
  /** How long request-gas polls between receipt checks; tests shorten it. */
  confirmPollMs: number;
}

/**
 * What a relay or a gas grant answers when a chain call on its way fails: CHAIN_UNAVAILABLE (503, retry later)
 * when the node gave no answer (isNodeUnavailable: network, timeout, 429, 5xx), RELAYER_ERROR saying `failed`
 * for the rest, the relayer's or the faucet's own failure (a key that cannot pay, a send the node refused).
 * A KassaError is already the answer.
 */
export function gaslessChainError(error: unknown, failed: string): KassaError {
  if (error instanceof KassaError) return error;
  if (isNodeUnavailable(error)) {
    return new KassaError("CHAIN_UNAVAILABLE", "the chain's node did not answer: retry later", {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new KassaError("RELAYER_ERROR", `${failed}: ${message}`, { cause: error });
}

export interface CreateGaslessRuntimeOptions {
  db: Db;
  chains: ChainClients;
  settings: GaslessSettings;
  logger?: Logger;
  now?: () => Date;
  confirmPollMs?: number;
}

/** Prometheus metrics of the keys, registered once per process. */
export const gaslessMetrics = {
  balance: registered(Gauge, {
    name: "kassa_sender_balance_wei",
    help: "Native balance of a relayer or faucet key, in wei (may lose precision above 2^53)",
    labelNames: ["network_id", "role", "address"],
  }),
  lowBalance: registered(Gauge, {
    name: "kassa_sender_low_balance",
    help: "1 when a relayer or faucet key is below RELAYER_MIN_BALANCE_WEI",
    labelNames: ["network_id", "role", "address"],
  }),
  replacements: registered(Counter, {
    name: "kassa_sender_replacements_total",
    help: "Stuck transactions replaced with higher fees",
    labelNames: ["network_id", "role"],
  }),
};

/**
 * Builds the relayer and faucet senders of each chain on first use, from the configured keys, and again
 * when the chain's row changes what they depend on (its RPC URLs, its confirmations), so a chain updated
 * while running is served by the new settings on the next call. `hooks` receives the outcome of every
 * transaction (set by core/gasless/gasless.ts, whose table of purposes hands it to the transaction's owner).
 */
export function createGaslessRuntime(
  options: CreateGaslessRuntimeOptions,
  hooks: (runtime: GaslessRuntime) => SenderHooks,
): GaslessRuntime {
  const senders = new Map<
    string,
    { client: PublicClient; confirmations: number; sender: TransactionSender }
  >();
  const stuckAfterMs = options.settings.stuckAfterSeconds * 1000;

  function sender(chain: ChainRow, role: SenderRole): TransactionSender | undefined {
    const cacheKey = `${role}:${chain.network_id}`;
    const keys =
      role === "relayer"
        ? options.settings.relayerKeys.get(chain.network_id)
        : [options.settings.faucetKeys.get(chain.network_id)].filter((key) => key !== undefined);
    if (!keys || keys.length === 0) return undefined;
    // The same client as long as the chain's URLs are the same (the chain clients keep one per URL list).
    const client = options.chains.publicClient(chain);
    const cached = senders.get(cacheKey);
    if (cached?.client === client && cached.confirmations === chain.confirmations) return cached.sender;
    const created = new TransactionSender({
      db: options.db,
      client,
      networkId: chain.network_id,
      role,
      accounts: keys.map((key) => privateKeyToAccount(key.reveal())),
      confirmations: chain.confirmations,
      stuckAfterMs,
      feeBumpPercent: options.settings.feeBumpPercent,
      hooks: senderHooks,
      ...(options.now ? { now: options.now } : {}),
    });
    senders.set(cacheKey, { client, confirmations: chain.confirmations, sender: created });
    return created;
  }

  const runtime: GaslessRuntime = {
    db: options.db,
    settings: options.settings,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
    client: (chain) => options.chains.publicClient(chain),
    relayer: (chain) => sender(chain, "relayer"),
    faucet: (chain) => sender(chain, "faucet"),
    senders: () => [...senders.values()].map((entry) => entry.sender),
    confirmPollMs: options.confirmPollMs ?? 500,
  };
  const senderHooks = hooks(runtime);
  return runtime;
}
