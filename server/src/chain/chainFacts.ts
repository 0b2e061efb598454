import type { Address } from "viem";
import { type ChainRow } from "../db/schema/rows.js";
import { type ChainEventKind } from "../domain/records.js";
import type { DepositMove } from "./deposits/moves.js";
import type { TokenTransfer } from "./deposits/transfers.js";
import type { GatewayEvent } from "./gatewayEvents.js";

/**
 * What the chain watcher reports, and to whom: the one interface between reading a chain and deciding what
 * it means. The watcher (watcher.ts) reads logs, receipts and blocks and reports facts; the handler (core's
 * settlement facts) decides what each fact does to payments and refunds, and keeps where the watcher stands
 * (its position, the blocks of what it recorded, who reads which chain). Every fact carries the chain it was
 * read on (`WatchedChain.id`, and `chainId` on each event), so nothing is looked up again. A new kind of fact
 * (a transfer to a deposit address) is a new method here, read by the watcher and decided by core; a new gateway
 * event (a subscription's charge or cancellation) is a new kind of `GatewayEvent`, decided by core's handler of it.
 */

/** A block: its number and hash (lowercase). */
export interface BlockRef {
  number: bigint;
  hash: string;
}

/**
 * A chain as the watcher reads it: what its clients (the stored eth_getLogs limit too) and its finality need,
 * and the gateways to read.
 */
export type WatchedChain = Pick<
  ChainRow,
  "id" | "network_id" | "name" | "rpc_url" | "finality" | "confirmations" | "logs_max_blocks"
> & {
  /** Every gateway the chain's payments were signed for. */
  gateways: Address[];
  /** The tokens whose transfers may pay a payment by transfer (the chain's enabled tokens). */
  tokens: Address[];
};

/**
 * A transfer the handler recorded to a deposit address, or a sweep or return from one, and where it was read (a
 * reorg may remove it).
 */
export interface RecordedTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
}

/**
 * A gateway event the handler recorded as what settled a payment (or a subscription's charge) or completed a
 * refund, and where it was read: each read of its block must find it again (or its transaction elsewhere), else
 * a reorg removed it.
 */
export interface RecordedEvent {
  kind: ChainEventKind | "SubscriptionCharged";
  /**
   * The payment id (PaymentCompleted), the refund's gateway id (RefundCompleted), or `subscriptionId:period`
   * (SubscriptionCharged).
   */
  id: string;
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
}

/** Everything recorded in a block range, as a read of it must find it again. */
export interface RecordedInBlocks {
  events: RecordedEvent[];
  /** Transfers to deposit addresses. */
  transfers: RecordedTransfer[];
  /** Sweeps and returns from deposit addresses. */
  moves: RecordedTransfer[];
}

/** A block range read whole: every gateway event of blocks `from + 1 .. to` was reported (event). */
export interface RangeRead {
  /** Where the watcher stood: the last block read before. */
  from: BlockRef;
  /** The last block of the range, final for the chain. */
  to: BlockRef;
  events: readonly GatewayEvent[];
}

export interface ChainFactHandler {
  // Where the watcher stands.

  /** The chains to read (chains.id): those with a gateway. */
  watchedChainIds(): Promise<number[]>;
  /** The chain as stored now, with its gateways; undefined once it has no gateway. */
  watchedChain(chainId: number): Promise<WatchedChain | undefined>;
  /**
   * Whether this process is the chain's reader now (one across every process; taken when free). A reader
   * that loses it (its database session ended) is told false on its next call.
   */
  lead(chainId: number): Promise<boolean>;
  /** The last block read; placed at `start()` first when the chain has none. */
  position(chain: WatchedChain, start: () => Promise<BlockRef>): Promise<BlockRef>;
  /** The highest block at or below `blockNumber` holding a recorded event (how deep a reorg must be read again). */
  recordedBlockAtOrBelow(chain: WatchedChain, blockNumber: bigint): Promise<BlockRef | undefined>;
  /**
   * What was recorded in blocks `fromBlock..toBlock` (gateway events, deposit transfers, sweeps and returns), to
   * check against a read of those blocks: one call per range read.
   */
  recordedInBlocks(chain: WatchedChain, fromBlock: bigint, toBlock: bigint): Promise<RecordedInBlocks>;

  // Facts.

  /**
   * A gateway event in a final block, from a log or from its transaction's receipt (a transaction mined again
   * in another block). Reported once or more (a range read again after a crash). Resolves how it went (logged).
   */
  event(chain: WatchedChain, entry: GatewayEvent): Promise<string>;
  /**
   * A recorded event is gone: a read of its block lacks it, and its transaction is not on the chain with it
   * (no receipt, reverted, or without that event). False when nothing still depended on it.
   */
  eventRemoved(chain: WatchedChain, recorded: RecordedEvent): Promise<boolean>;
  /**
   * A range was read whole and each of its events reported: the watcher stands at `to` (false, and nothing
   * changes, when it no longer stood at `from`: another reader or a reorg step moved it).
   */
  rangeRead(chain: WatchedChain, read: RangeRead): Promise<boolean>;
  /** The position's block is no longer the chain's: the watcher stands at `to`, below it, and reads again. */
  reorged(chain: WatchedChain, step: { from: BlockRef; to: BlockRef }): Promise<boolean>;
  /**
   * The gateway events of blocks above the final one up to `toBlock` (mined, not final): a payment they pay is
   * not to expire while its block waits to be final. Resolves the payment ids it held (logged).
   */
  seenAboveFinal(
    chain: WatchedChain,
    read: { fromBlock: bigint; toBlock: bigint; events: readonly GatewayEvent[] },
  ): Promise<string[]>;
  /**
   * The token transfers of a final range (every Transfer of `WatchedChain.tokens`, reported once or more): those
   * to a payment's deposit address are its deposits. Resolves how each payment's went (logged).
   */
  depositTransfers(chain: WatchedChain, transfers: readonly TokenTransfer[]): Promise<string[]>;
  /** A recorded deposit transfer is gone (as eventRemoved). False when nothing depended on it. */
  transferRemoved(chain: WatchedChain, recorded: RecordedTransfer): Promise<boolean>;
  /**
   * The gateways' DepositSwept and DepositReturned of a final range (or of a relayer's receipt), whoever sent them:
   * a payment swept, a return made. Reported once or more. Resolves how each went (logged).
   */
  depositMoves(chain: WatchedChain, moves: readonly DepositMove[]): Promise<string[]>;
  /** A recorded sweep or return is gone (as eventRemoved): what it did is undone. False when nothing changed. */
  moveRemoved(chain: WatchedChain, recorded: RecordedTransfer): Promise<boolean>;
  /** The watcher stopped: its chains are free for another reader. */
  release(): Promise<void>;
}
