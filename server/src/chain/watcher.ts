import type { Logger } from "pino";
import type { PublicClient } from "viem";
import type { BackgroundService } from "../domain/tasks.js";
import type { BlockRef, ChainFactHandler, WatchedChain } from "./chainFacts.js";
import type { ChainClients } from "./clients.js";
import { readFinalBlockHeader } from "./finality.js";
import { eventGroupOf, readGatewayEvents, type GatewayEvent } from "./gatewayEvents.js";
import { recheckRecordedEvents } from "./recheck.js";
import { reportDepositTransfers } from "./deposits/report.js";
import type { DepositMove } from "./deposits/moves.js";
import { readDepositLogs, type TokenTransfer } from "./deposits/transfers.js";
import { countBlocksRead, timedHandler, timedPoll } from "./watcherMetrics.js";

export interface ChainWatcherOptions {
  /** Where every fact goes, and what keeps the watcher's position (core's settlement facts). */
  handler: ChainFactHandler;
  chains: ChainClients;
  logger: Logger;
  /** Pause between polls when caught up; default 2,000 ms. */
  pollIntervalMs?: number;
  /** Largest block range per getLogs; default 2,000. */
  maxBlockRange?: number;
  /** Blocks read before the safe head when a chain has no position yet; default 10,000. */
  initialLookbackBlocks?: number;
  /** Compare token Transfer logs with each payment (fee-on-transfer guard); default true. */
  checkTransfers?: boolean;
  /** Events reported side by side (a payment's own events in order); default 4. */
  applyConcurrency?: number;
}

export interface ChainWatcher extends BackgroundService {
  /** Chains (chains.id) this process currently watches. */
  leaderOf(): number[];
  /** Runs one poll of every chain now, the chains side by side (tests). */
  pollOnce(): Promise<void>;
}

type StepResult = "idle" | "progressed" | "reorg";

/** What the deposit logs of a chain are read for: its enabled tokens' transfers, its gateways' sweeps and returns. */
const depositLogs = (chain: WatchedChain) => ({
  chainId: chain.id,
  tokens: chain.tokens,
  gateways: chain.gateways,
});

const hashOf = (block: { hash: string }) => block.hash.toLowerCase();

/**
 * The chain watcher: per chain with a gateway, reads the gateway's events (PaymentCompleted, RefundCompleted,
 * SubscriptionCharged, SubscriptionCanceled) from its position, and with transfers on, the enabled tokens' transfers
 * and the gateway's DepositSwept and DepositReturned (deposits/),
 * in bounded ranges, up to the chain's final block (its `finalized` or `safe` block, or `head - confirmations`),
 * reports each event, and only then reports the range read (a crash mid-range loses nothing: the range is read
 * again and the handler finds what it applied). It reads and reports; the handler decides.
 *
 * Reorgs: the position keeps the hash of its block, checked on every poll; as a reorg at any depth changes the
 * hash of every later block, a position block the chain no longer has means a reorg reached below it, and the
 * watcher steps back (below every recorded event whose block is gone) and reads again. Each read of a range
 * also checks that every event the handler recorded in those blocks is still there (recheck.ts): the on-demand
 * sync and the relay tracker settle payments ahead of the watcher.
 *
 * When caught up, it also reads the blocks above the final one and reports their events (seenAboveFinal).
 *
 * Each chain is polled by a loop of its own, so a slow or failing chain never delays another; one process
 * reads a chain at a time (the handler's lead).
 */
export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const log = options.logger.child({ service: "chain-watcher" });
  // Its calls timed: the database time per block read (watcherMetrics.ts).
  const handler = timedHandler(options.handler);
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const maxBlockRange = BigInt(options.maxBlockRange ?? 2_000);
  const initialLookback = BigInt(options.initialLookbackBlocks ?? 10_000);
  const applyConcurrency = options.applyConcurrency ?? 4;
  const leading = new Set<number>();
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

  async function lead(chainId: number): Promise<boolean> {
    const leads = await handler.lead(chainId);
    if (leads && !leading.has(chainId)) log.info({ chainId }, "watching chain");
    if (leads) leading.add(chainId);
    else leading.delete(chainId);
    return leads;
  }

  /** Where to read again from after a reorg below `position`: below every recorded event whose block is gone. */
  async function stepBack(chain: WatchedChain, client: PublicClient, position: BlockRef): Promise<bigint> {
    const stepBack = BigInt(Math.max(12, 2 * chain.confirmations));
    let back = position.number > stepBack ? position.number - stepBack : 0n;
    for (;;) {
      const below = await handler.recordedBlockAtOrBelow(chain, back);
      if (!below || below.number === 0n) return back;
      const onChain = await client.getBlock({ blockNumber: below.number });
      if (hashOf(onChain) === below.hash) return back;
      back = below.number - 1n;
    }
  }

  /**
   * Reports the events of one range, payments (and subscriptions) side by side, each one's own events in order.
   */
  async function reportEvents(chain: WatchedChain, events: readonly GatewayEvent[]): Promise<void> {
    const byPayment = new Map<string, GatewayEvent[]>();
    for (const entry of events) {
      const key = eventGroupOf(entry);
      byPayment.set(key, [...(byPayment.get(key) ?? []), entry]);
    }
    const queue = [...byPayment.values()];
    const failures: unknown[] = [];
    const reportPayment = async (list: GatewayEvent[]) => {
      for (const entry of list) {
        const result = await handler.event(chain, entry);
        const fields = { chainId: chain.network_id, id: eventGroupOf(entry), txHash: entry.event.txHash };
        if (result === "unknown-payment" || result === "unexpected" || result === "collision") {
          log.warn({ ...fields, result }, `${entry.kind} for a payment the service cannot apply it to`);
        } else {
          log.debug({ ...fields, result }, entry.kind);
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(applyConcurrency, queue.length) }, async () => {
        for (let list = queue.shift(); list; list = queue.shift()) {
          await reportPayment(list).catch((error: unknown) => failures.push(error));
        }
      }),
    );
    if (failures.length > 0) throw failures[0];
  }

  /**
   * Reads the events between the final block and the head (at most maxBlockRange blocks below the head) and
   * reports them: mined, not final. A failed read only delays them to the next poll.
   */
  async function readAboveFinal(
    chain: WatchedChain,
    client: PublicClient,
    finalBlock: bigint,
  ): Promise<void> {
    try {
      const head =
        chain.finality === "depth"
          ? finalBlock + BigInt(chain.confirmations)
          : await client.getBlockNumber({ cacheTime: 0 });
      if (head <= finalBlock) return;
      const fromBlock = head - finalBlock > maxBlockRange ? head - maxBlockRange + 1n : finalBlock + 1n;
      const events = await readGatewayEvents(client, {
        chainId: chain.id,
        networkId: chain.network_id,
        gateways: chain.gateways,
        fromBlock,
        toBlock: head,
        checkTransfers: false,
      });
      for (const paymentId of await handler.seenAboveFinal(chain, { fromBlock, toBlock: head, events })) {
        log.info(
          { chainId: chain.network_id, paymentId },
          "pay transaction seen; waiting for its block to be final",
        );
      }
    } catch (error) {
      log.warn({ err: error, chainId: chain.network_id }, "could not read the blocks above the final one");
    }
  }

  /**
   * Reports the events of blocks `position + 1 .. toBlock` (read by the caller, `toBlockHash` the last one's),
   * checks what the handler recorded there, then the range; above the final block when it reaches it.
   */
  async function reportRange(
    chain: WatchedChain,
    client: PublicClient,
    read: {
      position: BlockRef;
      toBlock: bigint;
      toBlockHash: string;
      safeHead: bigint;
      events: GatewayEvent[];
      transfers: TokenTransfer[];
      moves: DepositMove[];
    },
  ): Promise<StepResult> {
    const { position, toBlock, events } = read;
    // What was recorded in the range before this read, in one call: what the read must find again (what it
    // records now, it found).
    const recorded = await handler.recordedInBlocks(chain, position.number + 1n, toBlock);
    // Each event is reported on its own, payments side by side; the range only once all of them were. A crash
    // in between leaves the position where it was: the range is read again.
    await reportEvents(chain, events);
    await recheckRecordedEvents({ handler, log }, chain, client, { events, recorded: recorded.events });
    await reportDepositTransfers({ handler, log }, chain, client, {
      transfers: read.transfers,
      moves: read.moves,
      recorded,
    });
    const moved = await handler.rangeRead(chain, {
      from: position,
      to: { number: toBlock, hash: read.toBlockHash },
      events,
    });
    if (!moved) throw new Error("the chain's position moved under the watcher");
    countBlocksRead(toBlock - position.number);
    if (toBlock < read.safeHead) return "progressed";
    await readAboveFinal(chain, client, read.safeHead);
    // A range with events: the next block often follows at once (payers pay one after another), so look
    // again without the pause; a poll that finds nothing new pauses as usual.
    return events.length > 0 ? "progressed" : "idle";
  }

  async function step(chain: WatchedChain, client: PublicClient): Promise<StepResult> {
    // The final block and the position side by side: the start of a chain without a position needs the first.
    const finalRead = readFinalBlockHeader(client, chain);
    const [final, position] = await Promise.all([
      finalRead,
      handler.position(chain, async () => {
        const safe = (await finalRead)?.number ?? 0n;
        const start = safe > initialLookback ? safe - initialLookback : 0n;
        return { number: start, hash: hashOf(await client.getBlock({ blockNumber: start })) };
      }),
    ]);
    if (!final) return "idle";
    const safeHead = final.number;
    const readOptions = {
      chainId: chain.id,
      networkId: chain.network_id,
      gateways: chain.gateways,
      checkTransfers: options.checkTransfers ?? true,
    };
    if (safeHead === position.number + 1n && final.parentHash.toLowerCase() === position.hash) {
      // One new block, the usual step of a watcher that keeps up: its header names the position's block as
      // its parent, and a read by its hash is that block's, so the header does what the position check and
      // the range's before-and-after hashes do otherwise.
      const oneBlock = { fromBlock: safeHead, toBlock: safeHead, blockHash: final.hash };
      const [events, deposits] = await Promise.all([
        readGatewayEvents(client, { ...readOptions, ...oneBlock }),
        readDepositLogs(client, { ...depositLogs(chain), ...oneBlock }),
      ]);
      return reportRange(chain, client, {
        position,
        toBlock: safeHead,
        toBlockHash: hashOf(final),
        safeHead,
        events,
        ...deposits,
      });
    }
    const canonical = await client.getBlock({ blockNumber: position.number }).catch(() => undefined);
    if (!canonical || hashOf(canonical) !== position.hash) {
      const back = await stepBack(chain, client, position);
      const to = { number: back, hash: hashOf(await client.getBlock({ blockNumber: back })) };
      await handler.reorged(chain, { from: position, to });
      log.warn(
        { chainId: chain.network_id, from: Number(position.number), to: Number(back) },
        "reorg: the position's block is no longer canonical; reading again from an earlier block",
      );
      return "reorg";
    }
    if (safeHead <= position.number) {
      await readAboveFinal(chain, client, safeHead);
      return "idle";
    }

    const fromBlock = position.number + 1n;
    const toBlock = safeHead - position.number > maxBlockRange ? position.number + maxBlockRange : safeHead;
    // The hash of the range's last block before and after the read: equal, the logs come from that chain.
    const toBlockHashBefore = hashOf(await client.getBlock({ blockNumber: toBlock }));
    const [events, deposits] = await Promise.all([
      readGatewayEvents(client, { ...readOptions, fromBlock, toBlock }),
      readDepositLogs(client, { ...depositLogs(chain), fromBlock, toBlock }),
    ]);
    const toBlockHash = hashOf(await client.getBlock({ blockNumber: toBlock }));
    if (toBlockHash !== toBlockHashBefore) return "reorg";
    return reportRange(chain, client, { position, toBlock, toBlockHash, safeHead, events, ...deposits });
  }

  /** One poll of one chain. Resolves true when the chain is behind (poll again at once); never rejects. */
  async function pollChain(chain: WatchedChain): Promise<boolean> {
    let client: PublicClient;
    try {
      client = options.chains.publicClient(chain);
    } catch {
      return false; // no RPC URL: nothing to watch
    }
    try {
      return await timedPoll(chain.network_id, async () => {
        if (!(await lead(chain.id))) return false;
        return (await step(chain, client)) !== "idle";
      });
    } catch (error) {
      log.error({ err: error, chainId: chain.network_id }, "watcher poll failed; retrying");
      return false;
    }
  }

  async function pollOnce(): Promise<void> {
    const chains = await Promise.all((await handler.watchedChainIds()).map((id) => handler.watchedChain(id)));
    await Promise.all(chains.flatMap((chain) => (chain ? [pollChain(chain)] : [])));
  }

  async function chainLoop(chainId: number): Promise<void> {
    while (running) {
      let chain: WatchedChain | undefined;
      try {
        // The chain as stored now: a change of finality, confirmations or gateways holds from the next poll.
        chain = await handler.watchedChain(chainId);
      } catch (error) {
        log.error({ err: error, chainId }, "watcher could not read the chain; retrying");
        await sleep(pollIntervalMs);
        continue;
      }
      if (!chain) return;
      const behind = await pollChain(chain);
      if (running && !behind) await sleep(pollIntervalMs);
    }
  }

  /** Lists the chains every interval (a chain added while running is seen within one) and gives each new one its loop. */
  async function supervise(): Promise<void> {
    while (running) {
      try {
        for (const chainId of await handler.watchedChainIds()) {
          if (chainLoops.has(chainId)) continue;
          chainLoops.set(
            chainId,
            chainLoop(chainId).finally(() => chainLoops.delete(chainId)),
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
      await handler.release();
    },
    leaderOf: () => [...leading],
    pollOnce,
  };
}
