import type { RecordedEvent } from "../../chain/chainFacts.js";
import { linkChargeTransaction } from "../../db/payments/paymentCharges.js";
import type {
  GatewayEvent,
  SubscriptionCanceledEvent,
  SubscriptionChargedEvent,
} from "../../chain/gatewayEvents.js";
import type { Db } from "../../db/infra/database.js";
import { findPaymentForSettlement } from "../../db/payments/paymentBlocks.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import type { PaymentRow } from "../../db/schema/rows.js";
import {
  cancelSubscriptionRow,
  findChargePayment,
  findSubscriptionDetailsBySubscriptionId,
  moveSubscriptionCharge,
  reopenSubscriptionPeriod,
  type SubscriptionDetails,
} from "../../db/subscriptions/subscriptions.js";
import { settleableStatuses, type PaymentStatus } from "../../domain/paymentStatus.js";
import { followMinedElsewhere, paymentMismatches, settledColumns } from "../settlement/settlement.js";
import { revertRemovedPaymentIn } from "../settlement/settlementReorgs.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";
import { recordSubscriptionEvent } from "./events.js";
import { chargeWindow } from "./schedule.js";

/**
 * What the gateway's subscription events do, decided here for the chain watcher's facts (and for the relayer's
 * hook when a charge's block is already final): a charge is a payment, settled as a `pay()` payment is, only
 * from a final block (its payment PAID, the subscription on to its next period), and a reorg that removes it
 * is undone as a payment's is (the payment CREATED again, the period due again and charged again). An on-chain
 * cancellation ends the subscription. Each is one transaction of the caller's, with its webhooks.
 */

export type SubscriptionFactResult =
  "paid" | "invalid" | "moved" | "canceled" | "already-applied" | "unknown-payment" | "unexpected";

/** Moves a subscription from `from` to `period` (the next to charge), or COMPLETED past its last (guarded). */
export async function advanceSubscriptionIn(
  trx: Db,
  row: SubscriptionDetails,
  move: { from: number; to: number; now: Date; lastError: string | null; charged?: PaymentRow },
): Promise<void> {
  const completed = move.to >= row.charges;
  const moved = await moveSubscriptionCharge(trx, row.id, move.from, {
    status: completed ? "COMPLETED" : move.charged ? "ACTIVE" : row.status,
    nextPeriod: move.to,
    nextChargeAt: completed ? null : chargeWindow(row, move.to).opensAt,
    failedAttempts: 0,
    lastError: move.lastError,
  });
  if (!moved) return;
  if (move.charged) {
    await recordSubscriptionEvent(trx, "subscription.charged", row, moved, move.now, {
      charge: move.charged,
    });
  }
  if (completed) await recordSubscriptionEvent(trx, "subscription.completed", row, moved, move.now);
}

/** The subscription an event names, when it is this chain's and this gateway's. */
async function subscriptionOf(
  trx: Db,
  event: SubscriptionChargedEvent | SubscriptionCanceledEvent,
): Promise<SubscriptionDetails | undefined> {
  const row = await findSubscriptionDetailsBySubscriptionId(trx, event.subscriptionId);
  return row?.chain_id === event.chainId && row.gateway_address.toLowerCase() === event.gateway.toLowerCase()
    ? row
    : undefined;
}

/**
 * A final SubscriptionCharged: the period's charge payment (CREATED, or EXPIRED when its window closed while
 * the block waited) -> PAID (`payment.paid`) and the subscription on to its next period (`subscription.charged`);
 * INVALID when the event disagrees with the payment. Again for a settled charge: its record follows a
 * transaction mined again in another block, else nothing.
 */
async function applyChargedIn(trx: Db, event: SubscriptionChargedEvent, now: Date) {
  const row = await subscriptionOf(trx, event);
  if (!row) return "unknown-payment";
  const period = Number(event.period);
  // The period's charge, locked, in one read. Charged on-chain without a payment of Kassa's (sent by someone else):
  // the worker moves past the period.
  const payment = await findPaymentForSettlement(trx, { subscriptionId: row.id, period });
  if (!payment) return "unexpected";
  if (!settleableStatuses.includes(payment.status)) {
    return (await followMinedElsewhere(trx, payment.payment_id, payment, event))
      ? "moved"
      : "already-applied";
  }
  const problems = paymentMismatches(payment, event);
  const to: PaymentStatus = problems.length === 0 ? "PAID" : "INVALID";
  const reason = problems.length === 0 ? undefined : problems.join("; ");
  const moved = await movePaymentStatus(trx, {
    payment: { rowId: payment.id },
    from: payment.status,
    to,
    set: settledColumns(event, { from: payment.status, now, reason }),
  });
  if (!moved) return "already-applied";
  if (to === "INVALID") {
    await recordPaymentEvent(trx, "payment.invalid", moved, now, { reason: reason ?? null });
    return "invalid";
  }
  await recordPaymentEvent(trx, "payment.paid", moved, now);
  await advanceSubscriptionIn(trx, row, {
    from: period,
    to: period + 1,
    now,
    lastError: null,
    charged: moved,
  });
  return "paid";
}

/** Who a SubscriptionCanceled says canceled: the payer, the recipient, or the service's signer. */
function cancelerOf(row: SubscriptionDetails, event: SubscriptionCanceledEvent): string {
  const by = event.canceledBy.toLowerCase();
  if (by === event.payer.toLowerCase()) return "the payer";
  if (by === row.recipient_address.toLowerCase()) return "the recipient";
  return "the service's signer";
}

/** A final SubscriptionCanceled: the subscription is CANCELED by `chain` (`subscription.canceled`), once. */
async function applyCanceledIn(trx: Db, event: SubscriptionCanceledEvent, now: Date) {
  const row = await subscriptionOf(trx, event);
  if (!row) return "unknown-payment";
  const reason = `canceled on-chain by ${cancelerOf(row, event)} (transaction ${event.txHash.toLowerCase()})`;
  const moved = await cancelSubscriptionRow(trx, row.id, "chain", now, reason);
  if (!moved) return "already-applied";
  await recordSubscriptionEvent(trx, "subscription.canceled", row, moved, now, { reason });
  return "canceled";
}

/** A subscription's gateway event from a final block, applied in `trx`. */
export function applySubscriptionEventIn(
  trx: Db,
  entry: Extract<GatewayEvent, { kind: "SubscriptionCharged" | "SubscriptionCanceled" }>,
  now: Date,
): Promise<SubscriptionFactResult> {
  return entry.kind === "SubscriptionCharged"
    ? applyChargedIn(trx, entry.event, now)
    : applyCanceledIn(trx, entry.event, now);
}

/**
 * A recorded SubscriptionCharged is gone (a reorg deeper than the chain's finality): its payment is CREATED
 * again (`payment.reorged`, as a reorged payment), unlinked from the relayer's transaction, and the period is
 * due again now (`subscription.charge_failed`), so the worker charges it again (the gateway's bit for it is
 * clear again). False when no charge was settled by that block.
 */
export async function revertRemovedChargeIn(
  trx: Db,
  chainId: number,
  removed: RecordedEvent,
  now: Date,
): Promise<boolean> {
  const [subscriptionId, periodText] = removed.id.split(":");
  const row = await findSubscriptionDetailsBySubscriptionId(trx, subscriptionId ?? "");
  if (row?.chain_id !== chainId) return false;
  const period = Number(periodText);
  const charge = await findChargePayment(trx, row.id, period);
  if (charge?.block_hash !== removed.blockHash) return false;
  const reverted = await revertRemovedPaymentIn(
    trx,
    chainId,
    { ...removed, kind: "PaymentCompleted", id: charge.payment_id },
    now,
  );
  if (!reverted) return false;
  await linkChargeTransaction(trx, charge.id, null);
  const reason = `the charge of period ${period} (transaction ${removed.txHash}) was removed by a reorg; it is charged again`;
  const reopened = await reopenSubscriptionPeriod(trx, row.id, period, now, reason);
  if (reopened) {
    await recordSubscriptionEvent(trx, "subscription.charge_failed", row, reopened, now, {
      reason,
      charge: { ...charge, status: "CREATED", tx_hash: null },
    });
  }
  return true;
}
