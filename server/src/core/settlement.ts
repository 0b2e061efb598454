import { getAddress, type Hex } from "viem";
import type { PaymentCompletedEvent, RefundCompletedEvent } from "../chain/gatewayEvents.js";
import type { ChainEventHandlers } from "../chain/watcher.js";
import type { Db } from "../db/database.js";
import {
  movePaidPaymentToBlock,
  revertPaidPaymentToCreated,
  type PaidPaymentBlock,
  findPaymentForSettlement,
  lockPaymentStatus,
} from "../db/paymentBlocks.js";
import { type ChainEventKind } from "../domain/records.js";
import { settleableStatuses, type PaymentStatus } from "../domain/paymentStatus.js";
import { findChainIdByNetworkId } from "../db/chains.js";
import { insertChainEvent } from "../db/chainEvents.js";
import { movePaymentStatus } from "../db/paymentStatus.js";
import { findRefundToComplete, markRefundRefunded } from "../db/refunds.js";
import { refundSender } from "./refunds.js";
import { recordPaymentEvent } from "./webhooks/outbox.js";

/**
 * The payment lifecycle's state changes. Each is one transaction: the guarded status update, what it
 * records and the webhook it causes (event row, delivery row, delivery job). The chain watcher, the
 * on-demand sync of GET /payments/:id and the gasless relay tracker all go through these functions, so a
 * payment settles the same way whoever sees its event first, and exactly once.
 */

export type ApplyPaymentResult = "paid" | "invalid" | "already-applied" | "unknown-payment";

export type ApplyRefundResult = "refunded" | "already-applied" | "unknown-payment" | "unexpected";

export interface SettlementOptions {
  /** Default: the system clock. */
  now?: () => Date;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function recordChainEvent(
  trx: Db,
  chainId: number,
  kind: ChainEventKind,
  event: { paymentId: Hex; txHash: Hex; blockNumber: bigint; blockHash: Hex; logIndex: number },
  args: Record<string, unknown>,
  outcome: string,
): Promise<void> {
  return insertChainEvent(trx, { chainId, kind, ...event, args, outcome });
}

/** Why a PaymentCompleted event disagrees with the stored payment; empty when it matches. */
export function paymentMismatches(
  payment: { amount: string; recipient_address: string; token_address: string; merchant_bytes32_id: string },
  event: Pick<
    PaymentCompletedEvent,
    "amount" | "fee" | "recipient" | "token" | "merchantId" | "recipientReceived"
  >,
): string[] {
  const problems: string[] = [];
  if (!sameAddress(event.token, payment.token_address)) {
    problems.push(`token ${event.token} differs from ${payment.token_address}`);
  }
  if (event.amount !== BigInt(payment.amount)) {
    problems.push(`amount ${event.amount} differs from ${payment.amount}`);
  }
  if (!sameAddress(event.recipient, payment.recipient_address)) {
    problems.push(`recipient ${event.recipient} differs from ${payment.recipient_address}`);
  }
  if (event.merchantId.toLowerCase() !== payment.merchant_bytes32_id.toLowerCase()) {
    problems.push(`merchant ${event.merchantId} differs from ${payment.merchant_bytes32_id}`);
  }
  if (event.recipientReceived !== undefined && event.recipientReceived < event.amount - event.fee) {
    problems.push(
      `the recipient received ${event.recipientReceived}, less than the ${event.amount - event.fee} sent (token transfer fee)`,
    );
  }
  return problems;
}

/**
 * Settles a payment from its PaymentCompleted event inside `trx`: CREATED (or EXPIRED / FAILED, when the
 * money arrives late) -> PAID when token, amount, recipient and merchant match the stored payment, else
 * -> INVALID; plus the webhook. A second event for a settled payment changes nothing and sends nothing.
 * An unknown payment id is kept in chain_events and reported, never thrown.
 */
export async function applyPaymentCompletedIn(
  trx: Db,
  event: PaymentCompletedEvent,
  now: Date,
): Promise<ApplyPaymentResult> {
  const paymentId = event.paymentId.toLowerCase();
  const chainId = await findChainIdByNetworkId(trx, event.networkId);
  const args = {
    merchantId: event.merchantId,
    payer: event.payer,
    recipient: event.recipient,
    token: event.token,
    amount: event.amount.toString(),
    fee: event.fee.toString(),
    ...(event.recipientReceived === undefined
      ? {}
      : { recipientReceived: event.recipientReceived.toString() }),
  };
  if (chainId === undefined) return "unknown-payment";

  const payment = await findPaymentForSettlement(trx, paymentId);

  let result: ApplyPaymentResult;
  let reason: string | undefined;
  if (payment?.chain_id !== chainId) {
    result = "unknown-payment";
  } else if (!settleableStatuses.includes(payment.status)) {
    result = "already-applied";
    if (
      payment.status === "PAID" &&
      payment.tx_hash === event.txHash.toLowerCase() &&
      payment.block_hash !== event.blockHash.toLowerCase()
    ) {
      // A reorg mined the same transaction again in another block.
      await movePaidPaymentToBlock(trx, paymentId, {
        txHash: event.txHash.toLowerCase(),
        blockNumber: event.blockNumber,
        blockHash: event.blockHash.toLowerCase(),
        logIndex: event.logIndex,
      });
    }
  } else {
    const problems = paymentMismatches(payment, event);
    const to: PaymentStatus = problems.length === 0 ? "PAID" : "INVALID";
    reason = problems.length === 0 ? undefined : problems.join("; ");
    const from = payment.status;
    const updated = await movePaymentStatus(trx, {
      payment: { rowId: payment.id },
      from,
      to,
      set: {
        tx_hash: event.txHash.toLowerCase(),
        payer_address: getAddress(event.payer),
        confirmed_at: now,
        block_number: Number(event.blockNumber),
        block_hash: event.blockHash.toLowerCase(),
        log_index: event.logIndex,
        fee_amount: event.fee,
        paid_after_expiry: from === "EXPIRED",
        status_reason: reason ?? null,
      },
    });
    if (!updated) {
      result = "already-applied";
    } else {
      result = to === "PAID" ? "paid" : "invalid";
      await recordPaymentEvent(
        trx,
        to === "PAID" ? "payment.paid" : "payment.invalid",
        paymentId,
        now,
        to === "PAID"
          ? {}
          : {
              reason: reason ?? null,
              paid: {
                amount: event.amount.toString(),
                tokenAddress: getAddress(event.token),
                recipientAddress: getAddress(event.recipient),
                recipientReceived: event.recipientReceived?.toString() ?? null,
              },
            },
      );
    }
  }
  await recordChainEvent(
    trx,
    chainId,
    "PaymentCompleted",
    event,
    args,
    reason ? `${result}: ${reason}` : result,
  );
  return result;
}

/** applyPaymentCompletedIn in a transaction of its own. */
export function applyPaymentCompleted(
  db: Db,
  event: PaymentCompletedEvent,
  options: SettlementOptions = {},
): Promise<ApplyPaymentResult> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute((trx) => applyPaymentCompletedIn(trx, event, now));
}

/**
 * A reorg removed the transaction that paid `paid` (PAID -> CREATED) and the `payment.reorged` webhook, inside
 * `trx`. False when the payment is no longer PAID in that block (another reconciliation won, or it moved).
 */
export async function revertReorgedPaymentIn(trx: Db, paid: PaidPaymentBlock, now: Date): Promise<boolean> {
  const reverted = await revertPaidPaymentToCreated(trx, {
    paymentId: paid.payment_id,
    blockHash: paid.block_hash,
    reason: `reorged: transaction ${paid.tx_hash} of block ${paid.block_number} (${paid.block_hash}) is no longer on the chain`,
    at: now,
  });
  if (!reverted) return false;
  await recordPaymentEvent(trx, "payment.reorged", paid.payment_id, now, {
    reorged: { txHash: paid.tx_hash, blockNumber: paid.block_number, blockHash: paid.block_hash },
  });
  return true;
}

/**
 * What the chain watcher does with what it reads: each event, and each payment a reorg took back, settled
 * in a transaction of its own.
 */
export function settlementHandlers(db: Db, now: () => Date = () => new Date()): ChainEventHandlers {
  return {
    applyEvent: (entry, beforeCommit) =>
      db.transaction().execute(async (trx) => {
        const at = now();
        const result =
          entry.kind === "PaymentCompleted"
            ? await applyPaymentCompletedIn(trx, entry.event, at)
            : await applyRefundCompletedIn(trx, entry.event, at);
        await beforeCommit?.();
        return result;
      }),
    revertReorgedPayment: (paid) =>
      db.transaction().execute((trx) => revertReorgedPaymentIn(trx, paid, now())),
  };
}

/**
 * CREATED -> FAILED (a known transaction for the payment, a relay, reverted) and the `payment.failed`
 * webhook, in one transaction. False when the payment was not CREATED.
 */
export async function failPayment(
  db: Db,
  paymentId: Hex,
  reason: string,
  options: SettlementOptions = {},
): Promise<boolean> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute(async (trx) => {
    const updated = await movePaymentStatus(trx, {
      payment: { paymentId },
      from: "CREATED",
      to: "FAILED",
      set: { status_reason: reason },
    });
    if (!updated) return false;
    await recordPaymentEvent(trx, "payment.failed", updated.payment_id, now, { reason });
    return true;
  });
}

/**
 * Settles a refund from its RefundCompleted event inside `trx`: the refund the event names -> REFUNDED, its
 * amount added to the payment's refunds, and the `payment.refunded` webhook. The payment leaves
 * REFUND_SUBMITTED for REFUNDED once its refunds reach what it paid, else for PAID (a partial refund).
 */
export async function applyRefundCompletedIn(
  trx: Db,
  event: RefundCompletedEvent,
  now: Date,
): Promise<ApplyRefundResult> {
  const paymentId = event.paymentId.toLowerCase();
  const chainId = await findChainIdByNetworkId(trx, event.networkId);
  if (chainId === undefined) return "unknown-payment";
  const args = {
    refundId: event.refundId,
    recipient: event.recipient,
    payer: event.payer,
    token: event.token,
    amount: event.amount.toString(),
  };
  const payment = await lockPaymentStatus(trx, paymentId);
  // The contract checked our signature, so a refund it completed is ours: normally SUBMITTED; EXPIRED only if
  // the expiry ran on a chain view that a reorg later replaced.
  const refund =
    payment?.chain_id === chainId ? await findRefundToComplete(trx, payment.id, event.refundId) : undefined;
  let result: ApplyRefundResult;
  if (!payment || !refund) {
    result = payment?.chain_id === chainId ? "unexpected" : "unknown-payment";
  } else if (refund.status === "REFUNDED") {
    result = "already-applied";
  } else {
    const totals = await markRefundRefunded(
      trx,
      { id: refund.id, paymentRowId: payment.id },
      { txHash: event.txHash, at: now, amount: event.amount, sender: event.recipient },
    );
    const full = totals.refundedAmount >= totals.amount;
    const move = (from: PaymentStatus, to: PaymentStatus) =>
      movePaymentStatus(trx, { payment: { rowId: payment.id }, from, to });
    if (payment.status === "REFUND_SUBMITTED" && refund.status === "SUBMITTED") {
      await move("REFUND_SUBMITTED", full ? "REFUNDED" : "PAID");
    } else if (payment.status === "PAID" && full) {
      // Back from an expiry that should not have happened: through REFUND_SUBMITTED, as the table says.
      await move("PAID", "REFUND_SUBMITTED");
      await move("REFUND_SUBMITTED", "REFUNDED");
    }
    await recordPaymentEvent(trx, "payment.refunded", paymentId, now, {
      refund: {
        refundId: refund.id,
        amount: event.amount.toString(),
        txHash: event.txHash.toLowerCase(),
        ...refundSender(event.recipient, totals.recipientAddress),
      },
    });
    result = "refunded";
  }
  await recordChainEvent(trx, chainId, "RefundCompleted", event, args, result);
  return result;
}
