import type { Logger } from "pino";
import type { Address, PublicClient } from "viem";
import { findChainCursor, findOrPlaceChainCursor, moveChainCursor } from "../db/chainCursors.js";
import { findChainById, findWatchedGateways, listChainsWithGateway } from "../db/chains.js";
import type { Db } from "../db/database.js";
import { findLastPaidBlockAtOrBelow, type PaidPaymentBlock } from "../db/paymentBlocks.js";
import { createSessionLocks } from "../db/sessionLocks.js";
import { type ChainRow } from "../db/rows.js";
import type { BackgroundService } from "../domain/tasks.js";
import type { ChainClients } from "./clients.js";
import { finalBlockNumber } from "./finality.js";
import { readGatewayEvents, type GatewayEvent } from "./gatewayEvents.js";
import { markSeenAboveFinal, reconcilePaidPayments, type WatcherContext } from "./watcherChecks.js";

/** First key of the two-int advisory locks `(WATCHER_LOCK_SPACE, chains.id)`: one watcher per chain. */
export const WATCHER_LOCK_SPACE = 4_271_913;

/**
 * What the watcher does with what it reads, given by its caller (the settlement service): the watcher reads
 * and orders, the handlers decide what a payment becomes, each in a transaction of its own.
 */
export interface ChainEventHandlers {
  /** Applies one event; `beforeCommit` runs inside its transaction. Returns how it went (logged). */
  applyEvent(entry: GatewayEvent, beforeCommit: (() => Promise<void>) | undefined): Promise<string>;
  /** A reorg removed the transaction that paid `paid`. False when the payment no longer is PAID in that block. */
  revertReorgedPayment(paid: PaidPaymentBlock): Promise<boolean>;
}

export interface ChainWatcherOptions {
  db: Db;
  handlers: ChainEventHandlers;
  /** A connection of its own holds the per-chain advisory locks; when it drops, another process takes over. */
  databaseUrl: string;
  chains: ChainClients;
  logger: Logger;
  /** Pause between polls when caught up; default 2,000 ms. */
  pollIntervalMs?: number;
  /** Largest block range per getLogs; default 2,000. */
  maxBlockRange?: number;
  /** Blocks read before the safe head when a chain has no cursor yet; default 10,000. */
  initialLookbackBlocks?: number;
  /** Compare token Transfer logs with each payment (fee-on-transfer guard); default true. */
  checkTransfers?: boolean;
  now?: () => Date;
  /** Payments applied side by side; default 4 (each holds a database connection while it commits). */
  applyConcurrency?: number;
  /** Test hook, called inside each event's transaction after it was applied (throw to abort it). */
  beforeCommit?: (info: {
    chainId: number;
    fromBlock: bigint;
    toBlock: bigint;
    events: number;
  }) => Promise<void>;
}

export interface ChainWatcher extends BackgroundService {
  /** Chains (chains.id) this process currently watches. */
  leaderOf(): number[];
  /** Runs one poll of every chain now, the chains side by side (tests). */
  pollOnce(): Promise<void>;
}

type StepResult = "idle" | "progressed" | "reorg";

/**
 * The chain watcher: per chain with a gateway, reads PaymentCompleted and RefundCompleted from the stored
 * cursor, in bounded ranges, up to the chain's final block (its `finalized` or `safe` block, or
 * `head - confirmations`), applies them, and only then moves the cursor (a crash mid-range loses nothing;
 * the range is read again and nothing is applied twice).
 *
 * Reorgs: the cursor keeps the hash of its block, checked on every poll; as a reorg at any depth changes the
 * hash of every later block, a cursor block the chain no longer has means a reorg reached below the
 * cursor, and the watcher steps back (below every PAID payment whose block is gone) and reads again. Each read of a range also
 * checks that every PAID payment whose block lies in the range still has its event there (the on-demand
 * sync and the relay tracker settle payments ahead of the cursor); one that has not, and whose transaction
 * the chain no longer has in that block, goes back to CREATED with a `payment.reorged` webhook.
 *
 * When caught up, it also reads the blocks above the final one and marks the CREATED payments paid there
 * (markSeenAboveFinal): their expiry waits for finality.
 *
 * Each chain is polled by a loop of its own, so a slow or failing chain never delays another. A PostgreSQL
 * advisory lock per chain makes one process the watcher; the others retry on each poll and take over when
 * its session ends.
 */
export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const log = options.logger.child({ service: "chain-watcher" });
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const maxBlockRange = BigInt(options.maxBlockRange ?? 2_000);
  const initialLookback = BigInt(options.initialLookbackBlocks ?? 10_000);
  const now = options.now ?? (() => new Date());
  const applyConcurrency = options.applyConcurrency ?? 4;
  const leading = new Set<number>();
  const context: WatcherContext = { db: options.db, handlers: options.handlers, log, now, maxBlockRange };
  const locks = createSessionLocks(options.databaseUrl, (error) => {
    log.warn({ err: error }, "watcher lock connection lost");
    leading.clear();
  });
  let running = false;
  let supervisor: Promise<void> | undefined;
  /** The poll loop of each chain (chains.id). */
  const chainLoops = new Map<number, Promise<void>>();
  const sleepers = new Set<() => void>();

  /** A pause that stop() cuts short. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  async function tryLead(chainId: number): Promise<boolean> {
    if (leading.has(chainId)) return true;
    if (await locks.tryLock(WATCHER_LOCK_SPACE, chainId)) {
      leading.add(chainId);
      log.info({ chainId }, "watching chain");
      return true;
    }
    return false;
  }

  async function step(chain: ChainRow, client: PublicClient): Promise<StepResult> {
    const safeHead = await finalBlockNumber(client, chain);
    if (safeHead < 0n) return "idle";
    let cursor = await findChainCursor(options.db, chain.id);
    if (!cursor) {
      const start = safeHead > initialLookback ? safeHead - initialLookback : 0n;
      const block = await client.getBlock({ blockNumber: start });
      cursor = await findOrPlaceChainCursor(options.db, chain.id, {
        blockNumber: start,
        blockHash: block.hash.toLowerCase(),
      });
    }
    const cursorBlock = BigInt(cursor.block_number);
    const canonical = await client.getBlock({ blockNumber: cursorBlock }).catch(() => undefined);
    if (canonical?.hash.toLowerCase() !== cursor.block_hash) {
      const stepBack = BigInt(Math.max(12, 2 * chain.confirmations));
      let back = cursorBlock > stepBack ? cursorBlock - stepBack : 0n;
      // Deeper still while a PAID payment below that point is in a block the chain no longer has: the reads
      // from there on check every payment the reorg touched, however deep it went.
      for (;;) {
        const below = await findLastPaidBlockAtOrBelow(options.db, chain.id, back);
        if (!below || below.block_number === 0) break;
        const onChain = await client.getBlock({ blockNumber: BigInt(below.block_number) });
        if (onChain.hash.toLowerCase() === below.block_hash) break;
        back = BigInt(below.block_number - 1);
      }
      const backBlock = await client.getBlock({ blockNumber: back });
      await moveChainCursor(options.db, chain.id, cursor, {
        blockNumber: back,
        blockHash: backBlock.hash.toLowerCase(),
      });
      log.warn(
        { chainId: chain.network_id, from: cursor.block_number, to: Number(back) },
        "reorg: the cursor's block is no longer canonical; reading again from an earlier block",
      );
      return "reorg";
    }
    if (safeHead <= cursorBlock) {
      await markSeenAboveFinal(context, chain, client, safeHead);
      return "idle";
    }

    const fromBlock = cursorBlock + 1n;
    const toBlock = safeHead - cursorBlock > maxBlockRange ? cursorBlock + maxBlockRange : safeHead;
    // The hash of the range's last block before and after the read: equal, the logs come from that chain.
    const toBlockHashBefore = (await client.getBlock({ blockNumber: toBlock })).hash.toLowerCase();
    const events = await readGatewayEvents(client, {
      networkId: chain.network_id,
      gateways: (await findWatchedGateways(options.db, chain.id)) as Address[],
      fromBlock,
      toBlock,
      checkTransfers: options.checkTransfers ?? true,
    });
    const toBlockHash = (await client.getBlock({ blockNumber: toBlock })).hash.toLowerCase();
    if (toBlockHash !== toBlockHashBefore) return "reorg";

    // Each event is applied in a transaction of its own, payments side by side (a payment's own events in
    // order); the cursor moves past the range only once all of them committed. A crash in between leaves
    // the cursor where it was: the range is read again and what was applied answers "already-applied".
    const byPayment = new Map<string, typeof events>();
    for (const entry of events) {
      const key = entry.event.paymentId.toLowerCase();
      byPayment.set(key, [...(byPayment.get(key) ?? []), entry]);
    }
    const applyPayment = async (list: typeof events) => {
      for (const entry of list) {
        const beforeCommit = options.beforeCommit;
        const result = await options.handlers.applyEvent(
          entry,
          beforeCommit && (() => beforeCommit({ chainId: chain.id, fromBlock, toBlock, events: 1 })),
        );
        const fields = {
          chainId: chain.network_id,
          paymentId: entry.event.paymentId,
          txHash: entry.event.txHash,
        };
        if (result === "unknown-payment" || result === "unexpected") {
          log.warn({ ...fields, result }, `${entry.kind} for a payment the service cannot apply it to`);
        } else {
          log.debug({ ...fields, result }, entry.kind);
        }
      }
    };
    const queue = [...byPayment.values()];
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: Math.min(applyConcurrency, queue.length) }, async () => {
        for (let list = queue.shift(); list; list = queue.shift()) {
          await applyPayment(list).catch((error: unknown) => failures.push(error));
        }
      }),
    );
    if (failures.length > 0) throw failures[0];
    await reconcilePaidPayments(context, chain, client, fromBlock, toBlock, events);
    const moved = await moveChainCursor(options.db, chain.id, cursor, {
      blockNumber: toBlock,
      blockHash: toBlockHash,
    });
    if (!moved) throw new Error("the chain cursor moved under the watcher");
    if (toBlock < safeHead) return "progressed";
    await markSeenAboveFinal(context, chain, client, safeHead);
    return "idle";
  }

  function watchedChains(): Promise<ChainRow[]> {
    return listChainsWithGateway(options.db);
  }

  /** One poll of one chain. Resolves true when the chain is behind (poll again at once); never rejects. */
  async function pollChain(chain: ChainRow): Promise<boolean> {
    let client: PublicClient;
    try {
      client = options.chains.publicClient(chain);
    } catch {
      return false; // no RPC URL: nothing to watch
    }
    try {
      if (!(await tryLead(chain.id))) return false;
      return (await step(chain, client)) !== "idle";
    } catch (error) {
      log.error({ err: error, chainId: chain.network_id }, "watcher poll failed; retrying");
      return false;
    }
  }

  async function pollOnce(): Promise<void> {
    await Promise.all((await watchedChains()).map(pollChain));
  }

  async function chainLoop(chainId: number): Promise<void> {
    while (running) {
      let chain: ChainRow | undefined;
      try {
        // The row as stored now: a change of finality, confirmations or contracts holds from the next poll.
        chain = await findChainById(options.db, chainId);
      } catch (error) {
        log.error({ err: error, chainId }, "watcher could not read the chain; retrying");
        await sleep(pollIntervalMs);
        continue;
      }
      if (!chain?.gateway_address) return;
      const behind = await pollChain(chain);
      if (running && !behind) await sleep(pollIntervalMs);
    }
  }

  /** Lists the chains every interval (a chain added while running is seen within one) and gives each new one its loop. */
  async function supervise(): Promise<void> {
    while (running) {
      try {
        for (const chain of await watchedChains()) {
          if (chainLoops.has(chain.id)) continue;
          chainLoops.set(
            chain.id,
            chainLoop(chain.id).finally(() => chainLoops.delete(chain.id)),
          );
        }
      } catch (error) {
        log.error({ err: error }, "watcher could not list the chains; retrying");
      }
      if (running) await sleep(pollIntervalMs);
    }
  }

  return {
    name: "chain-watcher",
    async start() {
      running = true;
      supervisor = supervise();
    },
    async stop() {
      running = false;
      for (const wake of [...sleepers]) wake();
      await supervisor;
      supervisor = undefined;
      await Promise.all(chainLoops.values());
      leading.clear();
      // Ending the session releases its advisory locks.
      await locks.close();
    },
    leaderOf: () => [...leading],
    pollOnce,
  };
}
