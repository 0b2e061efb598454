import type { RefundCompletedEvent } from "../../chain/gatewayEvents.js";
import type { Db } from "../../db/infra/database.js";
import { lockPaymentStatus } from "../../db/payments/paymentBlocks.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import {
  findRefundToComplete,
  hasOpenRefund,
  markRefundRefunded,
  moveRefundToBlock,
} from "../../db/refunds/refunds.js";
import type { PaymentStatus } from "../../domain/paymentStatus.js";
import { recordPaymentEvent, refundSender } from "../webhooks/outbox.js";
import { collisionWith, minedElsewhere, recordChainEvent } from "./settlement.js";

/**
 * A refund's state changes from the gateway's RefundCompleted, as settlement.ts makes a payment's from its
 * PaymentCompleted: one transaction each, whoever sees the event first, exactly once.
 */

export type ApplyRefundResult =
  "refunded" | "moved" | "already-applied" | "unknown-payment" | "unexpected" | "collision";

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
  const args = {
    refundId: event.refundId,
    recipient: event.recipient,
    payer: event.payer,
    token: event.token,
    amount: event.amount.toString(),
  };
  const payment = await lockPaymentStatus(trx, paymentId);
  // The contract checked our signature, so a refund it completed is ours: normally SUBMITTED; EXPIRED when
  // the expiry ran on a chain view that a reorg later replaced, or a reorg removed the payment's transaction.
  const ours = payment?.chain_id === event.chainId ? payment : undefined;
  const refund = ours ? await findRefundToComplete(trx, ours.id, event.refundId) : undefined;
  let result: ApplyRefundResult;
  if (!ours || !refund) {
    result = await unknownRefundSent(trx, event, ours ? "unexpected" : "unknown-payment");
  } else if (refund.status === "REFUNDED") {
    result =
      minedElsewhere(refund, event) && (await moveRefundToBlock(trx, refund.id, event))
        ? "moved"
        : "already-applied";
  } else {
    // The payment as each write leaves it: the event reports the last.
    let current = await markRefundRefunded(
      trx,
      { id: refund.id, paymentRowId: ours.id },
      { ...event, at: now, amount: event.amount, sender: event.recipient },
    );
    const full = BigInt(current.refunded_amount) >= BigInt(current.amount);
    const move = async (from: PaymentStatus, to: PaymentStatus) => {
      current = (await movePaymentStatus(trx, { payment: { rowId: ours.id }, from, to })) ?? current;
    };
    if (ours.status === "REFUND_SUBMITTED" && refund.status === "SUBMITTED") {
      // A part: PAID again, unless another refund is still open (one a reorg opened again).
      if (full) await move("REFUND_SUBMITTED", "REFUNDED");
      else if (!(await hasOpenRefund(trx, ours.id))) await move("REFUND_SUBMITTED", "PAID");
    } else if (ours.status === "PAID" && full) {
      // Back from an expiry that should not have happened: through REFUND_SUBMITTED, as the table says.
      await move("PAID", "REFUND_SUBMITTED");
      await move("REFUND_SUBMITTED", "REFUNDED");
    }
    await recordPaymentEvent(trx, "payment.refunded", current, now, {
      refund: {
        refundId: refund.id,
        amount: event.amount.toString(),
        txHash: event.txHash.toLowerCase(),
        ...refundSender(event.recipient, current.recipient_address),
      },
    });
    result = "refunded";
  }
  await recordChainEvent(trx, "RefundCompleted", event, args, result);
  return result;
}

/**
 * A RefundCompleted for a refund id the database does not know. An open refund holding its sequence can never
 * be sent now, and the gateway's isRefunded answers true for it: the refund's expiry expires it, never calls it
 * refunded.
 */
async function unknownRefundSent(
  trx: Db,
  event: RefundCompletedEvent,
  otherwise: ApplyRefundResult,
): Promise<ApplyRefundResult> {
  return (await collisionWith(trx, "refund", { ...event, id: event.refundId })) === undefined
    ? otherwise
    : "collision";
}
