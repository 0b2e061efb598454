import type { Logger } from "pino";
import type { ChainClients } from "../chain/clients.js";
import { createGaslessRuntime, type GaslessRuntime } from "../chain/gasless.js";
import type { GaslessSettings } from "../config/gasless.js";
import type { Db } from "../db/database.js";
import { onGrantTransactionFinished } from "./faucet.js";
import { onRelayBroadcast, onRelayTransactionFinished, relayReplacementRefusal } from "./relay.js";

export interface CreateGaslessOptions {
  db: Db;
  chains: ChainClients;
  settings: GaslessSettings;
  logger?: Logger;
  now?: () => Date;
  /** request-gas receipt polling, ms; default 500. */
  confirmPollMs?: number;
}

/** The runtime with the relay and grant outcomes wired to their owners. */
export function createGasless(options: CreateGaslessOptions): GaslessRuntime {
  return createGaslessRuntime(options, (runtime) => ({
    async onFinished(tx, outcome) {
      if (tx.purpose === "relay") await onRelayTransactionFinished(runtime, tx, outcome);
      else await onGrantTransactionFinished(runtime.db, tx, outcome);
    },
    async onBroadcast(tx, txHash) {
      if (tx.purpose === "relay") await onRelayBroadcast(runtime, tx, txHash);
    },
    async beforeReplace(tx) {
      return tx.purpose === "relay" ? relayReplacementRefusal(runtime, tx) : undefined;
    },
  }));
}
