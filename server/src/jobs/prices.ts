import type { CronItem, Task } from "graphile-worker";
import { DEFAULT_PRICE_COLLECT_INTERVAL_MINUTES } from "../config/prices.js";
import { collectPrices, type CollectPricesDeps } from "../core/prices/collect.js";
import type { WorkerModule } from "./worker.js";
import { TASKS } from "../domain/tasks.js";

/**
 * The graphile-worker task that samples prices. A run where some tokens fail still succeeds (the
 * failures are logged and the next run samples them again); a run where every token failed throws,
 * so the worker records the error and retries with its backoff.
 */
export function createCollectPricesTask(deps: CollectPricesDeps): Task {
  return async () => {
    const result = await collectPrices(deps);
    const failedTokens = new Set(result.failures.map((failure) => failure.tokenId));
    if (result.failures.length > 0 && result.samples === 0) {
      throw new Error(
        `price collection failed for all ${failedTokens.size} tokens: ${result.failures
          .map((failure) => `${failure.tokenAddress} (${failure.source}): ${failure.message}`)
          .join("; ")}`,
      );
    }
  };
}

/**
 * The schedule: every `intervalMinutes` (a divisor of 60 keeps the runs evenly spaced within each
 * hour, which keeps every hourly average over the same number of samples). The job key stops a
 * backlog from piling up while the worker is down; there is no backfill because a price sampled
 * late is not the price of the missed moment.
 */
export function collectPricesCronItem(
  intervalMinutes: number = DEFAULT_PRICE_COLLECT_INTERVAL_MINUTES,
): CronItem {
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1 || intervalMinutes > 59) {
    throw new RangeError(`price collection interval must be 1-59 minutes, got ${intervalMinutes}`);
  }
  return {
    task: TASKS.collectPrices,
    match: intervalMinutes === 1 ? "* * * * *" : `*/${intervalMinutes} * * * *`,
    identifier: TASKS.collectPrices,
    options: { backfillPeriod: 0, maxAttempts: 3, jobKey: TASKS.collectPrices, jobKeyMode: "replace" },
  };
}

/** What prices contribute to the worker role: the collect task and its schedule. */
export function collectPricesWorkerModule(
  deps: CollectPricesDeps,
  intervalMinutes: number = DEFAULT_PRICE_COLLECT_INTERVAL_MINUTES,
): WorkerModule {
  return {
    tasks: { [TASKS.collectPrices]: createCollectPricesTask(deps) },
    cron: [collectPricesCronItem(intervalMinutes)],
  };
}
