import { AsyncLocalStorage } from "node:async_hooks";
import { Histogram, register } from "prom-client";
import type { ChainFactHandler } from "./chainFacts.js";

/**
 * The chain watcher's database time per block (`kassa_watcher_block_db_seconds`): the time its handler's calls
 * (core's settlement and deposit facts, all database work) take during one poll that read new final blocks,
 * divided by the blocks it read. Calls that overlap (payments reported side by side) each count whole: it is
 * database time, not wall time. Polls that find no new block are not observed.
 */

const NAME = "kassa_watcher_block_db_seconds";

/** Registered once per process in prom-client's default registry (merged into GET /metrics). */
const blockDbSeconds =
  (register.getSingleMetric(NAME) as Histogram<"chain"> | undefined) ??
  new Histogram({
    name: NAME,
    help: "Database time of the chain watcher per final block read (its handler's calls over a poll, divided by the blocks the poll read), per chain",
    labelNames: ["chain"],
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
  });

interface PollClock {
  ms: number;
  blocks: bigint;
}

const clocks = new AsyncLocalStorage<PollClock>();

/** The handler with each call's duration added to the clock of the poll it belongs to. */
export function timedHandler(handler: ChainFactHandler): ChainFactHandler {
  return new Proxy(handler, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const clock = clocks.getStore();
        const start = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          if (clock) clock.ms += performance.now() - start;
        }
      };
    },
  });
}

/** Runs one poll of a chain on a clock of its own; observes its database time per block when it read blocks. */
export async function timedPoll<T>(networkId: number, poll: () => Promise<T>): Promise<T> {
  const clock: PollClock = { ms: 0, blocks: 0n };
  try {
    return await clocks.run(clock, poll);
  } finally {
    if (clock.blocks > 0n) {
      blockDbSeconds.observe({ chain: String(networkId) }, clock.ms / 1000 / Number(clock.blocks));
    }
  }
}

/** Counts the final blocks the current poll read (its range). */
export function countBlocksRead(blocks: bigint): void {
  const clock = clocks.getStore();
  if (clock) clock.blocks += blocks;
}
