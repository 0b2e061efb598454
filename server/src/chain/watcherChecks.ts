import type { Logger } from "pino";
import {
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { findWatchedGateways } from "../db/chains.js";
import type { Db } from "../db/database.js";
import { findPaidPaymentsInBlocks, markSeenPayments, movePaidPaymentToBlock } from "../db/paymentBlocks.js";
import { type ChainRow } from "../db/rows.js";
import { paymentCompletedAbiItem, readGatewayEvents, type GatewayEvent } from "./gatewayEvents.js";
import type { ChainEventHandlers } from "./watcher.js";

/** What the watcher's checks of a range share with it. */
export interface WatcherContext {
  db: Db;
  handlers: ChainEventHandlers;
  log: Logger;
  now: () => Date;
  /** Largest block range per getLogs. */
  maxBlockRange: bigint;
}

/**
 * Every PAID payment whose block lies in `fromBlock..toBlock` must have its event in this read of the range
 * (a transaction mined again inside the range moved its payment when its event was applied). For one that
 * has not, the transaction's receipt decides: mined again in a later block, the payment follows it (and
 * is checked again when that block is read); gone or reverted, the payment goes back to CREATED.
 */
export async function reconcilePaidPayments(
  context: WatcherContext,
  chain: ChainRow,
  client: PublicClient,
  fromBlock: bigint,
  toBlock: bigint,
  events: GatewayEvent[],
): Promise<void> {
  const read = new Set(
    events.flatMap((entry) =>
      entry.kind === "PaymentCompleted"
        ? [`${entry.event.paymentId.toLowerCase()}|${entry.event.blockHash.toLowerCase()}`]
        : [],
    ),
  );
  for (const paid of await findPaidPaymentsInBlocks(context.db, chain.id, fromBlock, toBlock)) {
    if (read.has(`${paid.payment_id}|${paid.block_hash}`)) continue;
    const receipt = await client
      .getTransactionReceipt({ hash: paid.tx_hash as Hex })
      .catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      });
    const fields = { chainId: chain.network_id, paymentId: paid.payment_id, txHash: paid.tx_hash };
    if (receipt?.blockHash.toLowerCase() === paid.block_hash) {
      context.log.warn(
        fields,
        "a PAID payment's event was missing from a read of its block; its receipt is there",
      );
      continue;
    }
    const paidLog =
      receipt?.status === "success"
        ? parseEventLogs({ abi: [paymentCompletedAbiItem], logs: receipt.logs }).find(
            (entry) => entry.args.paymentId.toLowerCase() === paid.payment_id,
          )
        : undefined;
    if (receipt && paidLog) {
      // Mined again in a later block: the payment follows it, and that block's read checks it again.
      await movePaidPaymentToBlock(context.db, paid.payment_id, {
        txHash: paid.tx_hash,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash.toLowerCase(),
        logIndex: paidLog.logIndex,
      });
      context.log.info(
        { ...fields, blockNumber: receipt.blockNumber },
        "reorg moved a PAID payment's transaction",
      );
      continue;
    }
    const reverted = await context.handlers.revertReorgedPayment(paid);
    if (reverted)
      context.log.warn(fields, "reorg removed a PAID payment's transaction: the payment is CREATED again");
  }
}

/**
 * Reads the PaymentCompleted events between the final block and the head (at most `context.maxBlockRange` blocks
 * below the head) and marks the CREATED payments they pay (markSeenPayments), so that a payment paid in
 * time does not expire while its block waits to be final. Nothing is settled here: the payment becomes
 * PAID when its block is final, as every other. A failed read only delays the mark to the next poll.
 */
export async function markSeenAboveFinal(
  context: WatcherContext,
  chain: ChainRow,
  client: PublicClient,
  finalBlock: bigint,
): Promise<void> {
  try {
    const head =
      chain.finality === "depth"
        ? finalBlock + BigInt(chain.confirmations)
        : await client.getBlockNumber({ cacheTime: 0 });
    if (head <= finalBlock) return;
    const fromBlock =
      head - finalBlock > context.maxBlockRange ? head - context.maxBlockRange + 1n : finalBlock + 1n;
    const events = await readGatewayEvents(client, {
      networkId: chain.network_id,
      gateways: (await findWatchedGateways(context.db, chain.id)) as Address[],
      fromBlock,
      toBlock: head,
      paymentsOnly: true,
      checkTransfers: false,
    });
    const marked = await markSeenPayments(
      context.db,
      chain.id,
      events.map(({ event }) => ({
        paymentId: event.paymentId,
        txHash: event.txHash,
        blockNumber: event.blockNumber,
      })),
      context.now(),
    );
    for (const paymentId of marked) {
      context.log.info(
        { chainId: chain.network_id, paymentId },
        "pay transaction seen; waiting for its block to be final",
      );
    }
  } catch (error) {
    context.log.warn(
      { err: error, chainId: chain.network_id },
      "could not read the blocks above the final one",
    );
  }
}
