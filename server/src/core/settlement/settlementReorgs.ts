import type { RecordedEvent } from "../../chain/chainFacts.js";
import type { Db } from "../../db/infra/database.js";
import { enqueueJob } from "../../db/infra/jobQueue.js";
import { lockPaymentStatus, revertPaymentToCreated } from "../../db/payments/paymentBlocks.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import {
  expireRefundsOfRemovedPayment,
  findRefundCompletedInBlock,
  hasOpenRefund,
  undoCompletedRefund,
} from "../../db/refunds/refunds.js";
import { type PaymentStatus } from "../../domain/paymentStatus.js";
import { TASKS } from "../../domain/tasks.js";
import { recordPaymentEvent, refundSender, reorgedFrom } from "../webhooks/outbox.js";

/**
 * What a reorg deeper than the chain's finality undoes, decided here for every state the removed event led to.
 * Each is one transaction of the caller's, with the webhook the merchant needs:
 *
 * - A payment's pay event is gone (PAID, INVALID, REFUND_SUBMITTED or REFUNDED): the money is back with the
 *   payer, so the payment is CREATED again (`payment.reorged`), payable until its signature deadline. Its
 *   refunds cannot stand without the payment's paid bit: an open one is EXPIRED, a completed one too (the
 *   merchant's refund went back to the merchant's wallet with the reorg), and what they sent back is cleared.
 * - A refund's RefundCompleted is gone, its payment's still there: the merchant has the money back and the
 *   payer has not, so the refund is open again (SUBMITTED, with its expiry check at its deadline) while its
 *   signature can still be used, else EXPIRED; its amount leaves the payment's refunds, and the payment is
 *   REFUND_SUBMITTED while a refund is open, else PAID (`payment.refund_reorged`).
 */

/** Undoes what a removed pay event settled. False when the payment was no longer settled by it. */
export async function revertRemovedPaymentIn(
  trx: Db,
  chainId: number,
  removed: RecordedEvent,
  now: Date,
): Promise<boolean> {
  const payment = await lockPaymentStatus(trx, removed.id);
  if (payment?.chain_id !== chainId || payment.block_hash !== removed.blockHash) return false;
  await expireRefundsOfRemovedPayment(trx, payment.id, now);
  const reverted = await revertPaymentToCreated(trx, {
    paymentId: payment.payment_id,
    from: payment.status,
    blockHash: removed.blockHash,
    reason: `reorged: transaction ${removed.txHash} of block ${removed.blockNumber} (${removed.blockHash}) is no longer on the chain`,
    at: now,
  });
  if (!reverted) return false;
  await recordPaymentEvent(trx, "payment.reorged", reverted, now, {
    reorged: reorgedFrom(removed),
  });
  return true;
}

/** Undoes what a removed RefundCompleted completed. False when the refund was no longer completed by it. */
export async function revertRemovedRefundIn(
  trx: Db,
  chainId: number,
  removed: RecordedEvent,
  now: Date,
): Promise<boolean> {
  const refund = await findRefundCompletedInBlock(trx, chainId, removed.id, removed.blockHash);
  if (!refund) return false;
  const payment = await lockPaymentStatus(trx, refund.payment_id);
  if (!payment) return false;
  // The gateway refuses a refund after its deadline (and the expiry check ends it then).
  const sendable = refund.deadline * 1000 > now.getTime();
  const undone = await undoCompletedRefund(trx, {
    id: refund.id,
    paymentRowId: payment.id,
    blockHash: removed.blockHash,
    to: sendable ? "SUBMITTED" : "EXPIRED",
    at: now,
  });
  if (!undone) return false;
  const open = sendable || (await hasOpenRefund(trx, payment.id));
  const to: PaymentStatus = open ? "REFUND_SUBMITTED" : "PAID";
  const moved =
    payment.status !== to && (payment.status === "REFUNDED" || payment.status === "PAID")
      ? await movePaymentStatus(trx, { payment: { rowId: payment.id }, from: payment.status, to })
      : undefined;
  if (sendable) {
    await enqueueJob(
      trx,
      TASKS.expireRefund,
      { refundId: refund.id },
      { runAt: new Date(refund.deadline * 1000 + 1000), jobKey: `expire-refund:${refund.id}` },
    );
  }
  await recordPaymentEvent(trx, "payment.refund_reorged", moved ?? undone, now, {
    refund: { refundId: refund.id, amount: refund.amount, txHash: null, ...refundSender(null, "") },
    reorged: reorgedFrom(removed),
  });
  return true;
}
