import type { Logger } from "pino";
import type {
  BlockRef,
  ChainFactHandler,
  RecordedEvent,
  RecordedInBlocks,
  WatchedChain,
} from "../../chain/chainFacts.js";
import { eventSequence, type GatewayEvent } from "../../chain/gatewayEvents.js";
import { findChainCursor, findOrPlaceChainCursor, moveChainCursor } from "../../db/chains/chainCursors.js";
import { findChainById, findWatchedGateways, listChainsWithGateway } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import {
  findLastRecordedBlockAtOrBelow,
  findRecordedInBlocks,
  markSeenPayments,
} from "../../db/payments/paymentBlocks.js";
import { raisePaymentSequences, sequenceFloorAbove } from "../../db/payments/paymentSequences.js";
import { createSessionLocks } from "../../db/infra/sessionLocks.js";
import { findDepositTokens, findLastDepositTransferBlockAtOrBelow } from "../../db/deposits/transfers.js";
import { applyRefundCompletedIn } from "../settlement/refundSettlement.js";
import { applyPaymentCompletedIn } from "../settlement/settlement.js";
import { revertRemovedPaymentIn, revertRemovedRefundIn } from "../settlement/settlementReorgs.js";
import { depositFacts } from "../deposits/facts.js";
import { applySubscriptionEventIn, revertRemovedChargeIn } from "../subscriptions/facts.js";

/** How long the watcher's own record of a chain's cursor stands for a read of it (settlementFacts' positions). */
const POSITION_TRUST_MS = 5_000;

/** First key of the two-int advisory locks `(WATCHER_LOCK_SPACE, chains.id)`: one watcher per chain. */
export const WATCHER_LOCK_SPACE = 4_271_913;

export interface SettlementFactsOptions {
  db: Db;
  /** A connection of its own holds the per-chain advisory locks; when it drops, another process takes over. */
  databaseUrl: string;
  logger: Logger;
  now?: () => Date;
  /**
   * Called right after each commit that changed a payment or a refund (and recorded its webhook): the worker
   * wakes its webhook sender with it, in-process, instead of waiting for the sender's next poll.
   */
  onCommitted?: () => void;
  /** TRANSFER_PAYMENTS: read the enabled tokens' transfers for deposit addresses; default false (none read). */
  transferPayments?: boolean;
  /** Test hook, called inside each event's transaction after it was applied (throw to abort it). */
  beforeCommit?: (entry: GatewayEvent) => Promise<void>;
}

/**
 * How far the gateways' sequence mark (`read_to_block`, `read_at`) may trail the watcher's reads when they find
 * no event: a range refill reads those blocks again (one eth_getLogs), and a mark younger than
 * SEQUENCE_READ_FRESH_MS lets a refill go on when the RPC fails.
 */
const SEQUENCE_MARK_LAG_BLOCKS = 64n;
const SEQUENCE_MARK_LAG_MS = 60_000;

/** Outcomes of an event that changed nothing: no webhook to send. */
const unchanged = new Set(["already-applied", "unknown-payment", "unexpected"]);

/**
 * Each watched gateway's floor after a read (sequenceFloorAbove of the highest sequence its events carried, 0
 * without one), so that every gateway read records how far it was read.
 */
function sequenceFloors(chain: WatchedChain, events: readonly GatewayEvent[]): Map<string, bigint> {
  const floors = new Map(chain.gateways.map((gateway) => [gateway.toLowerCase(), 0n]));
  for (const entry of events) {
    const gateway = entry.event.gateway.toLowerCase();
    const sequence = eventSequence(entry);
    if (sequence === undefined) continue;
    const floor = sequenceFloorAbove(sequence);
    if (floor > (floors.get(gateway) ?? 0n)) floors.set(gateway, floor);
  }
  return floors;
}

/**
 * Core's side of the chain watcher (ChainFactHandler): what each fact does, decided and written here, each in a
 * transaction of its own (events and removals through settlement/settlement.ts and settlementReorgs.ts, a
 * subscription's through subscriptions/facts.ts, transfers and deposit moves through deposits/facts.ts), and where
 * the watcher stands (chain_cursors, the recorded events' blocks, one reader per chain by advisory lock). Every
 * sequence the watcher reads raises its gateway's counter above it (a database restored from an old backup
 * does not hand it out again).
 */
export function settlementFacts(options: SettlementFactsOptions): ChainFactHandler {
  const { db } = options;
  const log = options.logger.child({ service: "settlement-facts" });
  const now = options.now ?? (() => new Date());
  const committed = () => options.onCommitted?.();
  const leading = new Set<number>();
  /**
   * Where each chain's cursor stands as this process last moved it (or read it), while it leads the chain: the
   * position of the polls of the next POSITION_TRUST_MS without a read, so a block costs no read of it. Every move is
   * guarded by where the cursor was (moveChainCursor), so a cursor moved by anything else (an operator, a database
   * restored under the process) fails the next move, which forgets it, or is read again once the time is up.
   */
  const positions = new Map<number, { block: BlockRef; at: number }>();
  const locks = createSessionLocks(options.databaseUrl, (error) => {
    log.warn({ err: error }, "watcher lock connection lost");
    leading.clear();
    positions.clear();
  });
  /** The outcome of a guarded move of the cursor to `to`: kept when it moved, forgotten when not. */
  const moved = (chainId: number, to: BlockRef, done: boolean) => {
    const known = positions.get(chainId);
    if (done && known) positions.set(chainId, { block: to, at: known.at });
    else positions.delete(chainId);
    return done;
  };

  /** The last block this process marked read for each chain's sequences (chains.id), and when. */
  const marked = new Map<number, { block: bigint; at: number }>();

  /**
   * Every sequence the watcher read raises its gateway's counter; and the blocks read since the last mark
   * count as read (`fromBlock` the first of this read). Without events, only once the mark trails by
   * SEQUENCE_MARK_LAG_BLOCKS or SEQUENCE_MARK_LAG_MS: one statement per range with events, not per poll.
   */
  async function markSequences(
    chain: WatchedChain,
    read: { fromBlock: bigint; toBlock: bigint; events: readonly GatewayEvent[] },
  ): Promise<void> {
    const last = marked.get(chain.id);
    const recent =
      last !== undefined &&
      read.toBlock - last.block < SEQUENCE_MARK_LAG_BLOCKS &&
      Date.now() - last.at < SEQUENCE_MARK_LAG_MS;
    if (read.events.length === 0 && recent) return;
    await raisePaymentSequences(db, chain.id, {
      fromBlock: last !== undefined && last.block < read.fromBlock ? last.block + 1n : read.fromBlock,
      toBlock: read.toBlock,
      floors: sequenceFloors(chain, read.events),
    });
    if (last === undefined || read.toBlock >= last.block) {
      marked.set(chain.id, { block: read.toBlock, at: Date.now() });
    }
  }

  async function watchedChain(chainId: number): Promise<WatchedChain | undefined> {
    const [chain, gateways, tokens] = await Promise.all([
      findChainById(db, chainId),
      findWatchedGateways(db, chainId),
      options.transferPayments ? findDepositTokens(db, chainId) : [],
    ]);
    if (!chain?.gateway_address) return undefined;
    return {
      ...chain,
      gateways: gateways as WatchedChain["gateways"],
      tokens: tokens as WatchedChain["tokens"],
    };
  }

  return {
    watchedChainIds: async () => (await listChainsWithGateway(db)).map((chain) => chain.id),
    watchedChain,

    async lead(chainId) {
      if (!leading.has(chainId) && (await locks.tryLock(WATCHER_LOCK_SPACE, chainId))) leading.add(chainId);
      return leading.has(chainId);
    },

    async position(chain, start) {
      const known = positions.get(chain.id);
      if (known && leading.has(chain.id) && Date.now() - known.at < POSITION_TRUST_MS) return known.block;
      let cursor = await findChainCursor(db, chain.id);
      if (!cursor) {
        const block = await start();
        cursor = await findOrPlaceChainCursor(db, chain.id, {
          blockNumber: block.number,
          blockHash: block.hash,
        });
      }
      const block = { number: BigInt(cursor.block_number), hash: cursor.block_hash };
      if (leading.has(chain.id)) positions.set(chain.id, { block, at: Date.now() });
      return block;
    },

    async recordedBlockAtOrBelow(chain, blockNumber) {
      const [row, transfer] = await Promise.all([
        findLastRecordedBlockAtOrBelow(db, chain.id, blockNumber),
        findLastDepositTransferBlockAtOrBelow(db, chain.id, blockNumber),
      ]);
      const found = [
        ...(row ? [{ number: BigInt(row.block_number), hash: row.block_hash }] : []),
        ...(transfer ? [{ number: BigInt(transfer.block_number), hash: transfer.block_hash }] : []),
      ];
      return found.sort((a, b) => (a.number > b.number ? -1 : a.number < b.number ? 1 : 0))[0];
    },

    async recordedInBlocks(chain, fromBlock, toBlock) {
      const recorded: RecordedInBlocks = { events: [], transfers: [], moves: [] };
      for (const row of await findRecordedInBlocks(db, chain.id, fromBlock, toBlock)) {
        const at = { txHash: row.tx_hash, blockNumber: BigInt(row.block_number), blockHash: row.block_hash };
        if (row.source === "event") {
          recorded.events.push({ ...at, kind: row.kind as RecordedEvent["kind"], id: row.id as string });
        } else {
          (row.source === "transfer" ? recorded.transfers : recorded.moves).push({
            ...at,
            logIndex: row.log_index as number,
          });
        }
      }
      return recorded;
    },

    async event(_chain, entry) {
      const result = await db.transaction().execute(async (trx) => {
        const at = now();
        const outcome =
          entry.kind === "PaymentCompleted"
            ? await applyPaymentCompletedIn(trx, entry.event, at)
            : entry.kind === "RefundCompleted"
              ? await applyRefundCompletedIn(trx, entry.event, at)
              : await applySubscriptionEventIn(trx, entry, at);
        await options.beforeCommit?.(entry);
        return outcome;
      });
      if (result === "collision") {
        log.error(
          {
            chainId: entry.event.networkId,
            gateway: entry.event.gateway,
            sequence: String(eventSequence(entry)),
          },
          "sequence collision: an id this database does not know used the sequence of an open payment or refund (restored from an old backup?)",
        );
      }
      if (!unchanged.has(result)) committed();
      return result;
    },

    async eventRemoved(chain, removed) {
      const reverted = await db
        .transaction()
        .execute((trx) =>
          removed.kind === "PaymentCompleted"
            ? revertRemovedPaymentIn(trx, chain.id, removed, now())
            : removed.kind === "RefundCompleted"
              ? revertRemovedRefundIn(trx, chain.id, removed, now())
              : revertRemovedChargeIn(trx, chain.id, removed, now()),
        );
      if (reverted) committed();
      return reverted;
    },

    async rangeRead(chain, read) {
      // Side by side: the counters may rise before the cursor moves, or after (monotonic, and harmless twice:
      // a crash between them reads the range again).
      const [done] = await Promise.all([
        moveChainCursor(
          db,
          chain.id,
          { block_number: Number(read.from.number), block_hash: read.from.hash },
          { blockNumber: read.to.number, blockHash: read.to.hash },
        ),
        markSequences(chain, {
          fromBlock: read.from.number + 1n,
          toBlock: read.to.number,
          events: read.events,
        }),
      ]);
      return moved(chain.id, read.to, done);
    },

    async reorged(chain, step) {
      return moved(
        chain.id,
        step.to,
        await moveChainCursor(
          db,
          chain.id,
          { block_number: Number(step.from.number), block_hash: step.from.hash },
          { blockNumber: step.to.number, blockHash: step.to.hash },
        ),
      );
    },

    async seenAboveFinal(chain, read) {
      await markSequences(chain, read);
      return markSeenPayments(
        db,
        chain.id,
        read.events.flatMap((entry) =>
          entry.kind === "PaymentCompleted"
            ? [
                {
                  paymentId: entry.event.paymentId,
                  txHash: entry.event.txHash,
                  blockNumber: entry.event.blockNumber,
                },
              ]
            : [],
        ),
        now(),
      );
    },

    ...depositFacts({ db, log, now, committed }),

    async release() {
      leading.clear();
      positions.clear();
      marked.clear();
      // Ending the session releases its advisory locks.
      await locks.close();
    },
  };
}
