import type { TransactionSender } from "../chain/sender/transactionSender.js";
import { releaseAbandonedClaims } from "../core/faucet/faucet.js";
import { failExpiredRelays, failRelayAfterRetries, processQueuedRelay } from "../core/relay/track.js";
import { listChains } from "../db/chains/chains.js";
import { type BackgroundService, TASKS } from "../domain/tasks.js";
import type { WorkerModule } from "./worker.js";
import { gaslessMetrics, type GaslessRuntime } from "../chain/gasless.js";

/**
 * The senders of every registered chain with a relayer or faucet key, read again on each tracking pass so
 * that a chain registered (or its RPC URLs changed) while the worker runs is tracked within one pass.
 * `noted` holds the chains already reported as missing, so each is reported once, not on every pass.
 */
async function configuredSenders(runtime: GaslessRuntime, noted: Set<string>): Promise<TransactionSender[]> {
  const networkIds = new Set([...runtime.settings.relayerKeys.keys(), ...runtime.settings.faucetKeys.keys()]);
  if (networkIds.size === 0) return [];
  const chains = new Map((await listChains(runtime.db)).map((chain) => [chain.network_id, chain]));
  const senders: TransactionSender[] = [];
  for (const networkId of networkIds) {
    const chain = chains.get(networkId);
    if (!chain) {
      // Not a fault: `kassa dev` and operators register chains after the worker starts.
      if (!noted.has(`unregistered:${networkId}`)) {
        runtime.logger?.info(
          { networkId },
          "relayer or faucet key configured for a chain not registered yet: tracked once it is",
        );
        noted.add(`unregistered:${networkId}`);
      }
      continue;
    }
    try {
      for (const sender of [runtime.relayer(chain), runtime.faucet(chain)]) if (sender) senders.push(sender);
      noted.delete(`no-rpc:${networkId}`);
    } catch (error) {
      if (!noted.has(`no-rpc:${networkId}`)) {
        runtime.logger?.warn({ networkId, err: error }, "relayer or faucet chain has no RPC URL");
        noted.add(`no-rpc:${networkId}`);
      }
    }
  }
  return senders;
}

/** Balances are read every this many tracking passes. */
const BALANCE_EVERY = 30;

async function reportBalances(runtime: GaslessRuntime, sender: TransactionSender): Promise<void> {
  for (const { address, balance } of await sender.balances()) {
    const labels = { network_id: String(sender.networkId), role: sender.role, address };
    gaslessMetrics.balance.set(labels, Number(balance));
    const low = balance < runtime.settings.minBalanceWei;
    gaslessMetrics.lowBalance.set(labels, low ? 1 : 0);
    if (low) {
      runtime.logger?.warn(
        { networkId: sender.networkId, role: sender.role, address, balanceWei: balance.toString() },
        "relayer balance is low: fund it or gasless payments will stop",
      );
    }
  }
}

/**
 * The relayer tracker of the worker role: every RELAYER_POLL_INTERVAL_MS, for every key of every registered
 * chain (the list read again on each pass), finishes the
 * transactions that are mined, sends again the ones that may not have reached the node, replaces the
 * stuck ones and fills cancelled nonces.
 */
export function relayerTracker(runtime: GaslessRuntime): BackgroundService {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  return {
    name: "relayer-tracker",
    async start() {
      running = true;
      const noted = new Set<string>();
      // A sender seen for the first time (a chain registered while running) reports its balance at once.
      const reported = new WeakSet<TransactionSender>();
      loop = (async () => {
        for (let pass = 0; running; pass++) {
          let senders: TransactionSender[] = [];
          try {
            senders = await configuredSenders(runtime, noted);
          } catch (error) {
            runtime.logger?.error({ err: error }, "relayer tracking could not read the chains");
          }
          for (const sender of senders) {
            if (!running) break;
            const replacedBefore = sender.counters.replaced;
            try {
              await sender.track();
              if (pass % BALANCE_EVERY === 0 || !reported.has(sender)) {
                reported.add(sender);
                await reportBalances(runtime, sender);
              }
            } catch (error) {
              runtime.logger?.error(
                { err: error, networkId: sender.networkId, role: sender.role },
                "relayer tracking failed",
              );
            }
            const replaced = sender.counters.replaced - replacedBefore;
            if (replaced > 0) {
              gaslessMetrics.replacements.inc(
                { network_id: String(sender.networkId), role: sender.role },
                replaced,
              );
            }
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, runtime.settings.pollIntervalMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}

/** What the gasless capability runs in the worker role. */
export function gaslessWorkerModule(runtime: GaslessRuntime): WorkerModule {
  return {
    tasks: {
      [TASKS.submitRelay]: async (payload, helpers) => {
        const { relayRequestId } = payload as { relayRequestId: number };
        try {
          await processQueuedRelay(runtime, relayRequestId);
        } catch (error) {
          // graphile-worker counts this attempt already: the last one fails the relay instead of the job.
          if (helpers.job.attempts < helpers.job.max_attempts) throw error;
          await failRelayAfterRetries(runtime, relayRequestId, helpers.job.attempts, error);
        }
      },
      [TASKS.sweepGasless]: async () => {
        const [relays, claims] = await Promise.all([
          failExpiredRelays(runtime),
          releaseAbandonedClaims(runtime),
        ]);
        if (relays.length > 0)
          runtime.logger?.warn({ relayRequestIds: relays }, "relays failed: not sent before their deadline");
        if (claims > 0)
          runtime.logger?.warn(
            { count: claims },
            "released gas grant claims whose request died before sending",
          );
      },
    },
    cron: [
      {
        task: TASKS.sweepGasless,
        match: "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.sweepGasless },
      },
    ],
    services: [relayerTracker(runtime)],
  };
}
