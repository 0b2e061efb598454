import { getAddress } from "viem";
import type { Db } from "../../db/infra/database.js";
import { type WebhookDeliveryRow } from "../../db/schema/rows.js";
import { newDeliveryId, newEventId } from "../../domain/ids.js";
import { fundsAtRecipient, type WebhookEventType } from "../../domain/records.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import {
  insertEventsWithDeliveries,
  insertWebhookDelivery,
  type NewWebhookDelivery,
  type NewWebhookEvent,
} from "../../db/webhooks/webhooks.js";
import type { WebhookEventBody } from "./events.js";

/**
 * The webhook outbox: every payment status change records its event, and a delivery per merchant endpoint,
 * in the caller's transaction. The worker processes' senders (sender.ts) find the deliveries due.
 */

/**
 * Who sent a refund, as the API and webhooks tell it: the gateway takes the refund's tokens from its sender,
 * so one sent by another wallet than the payment's recipient (anyone holding the signed transaction, with
 * their own tokens) did not come out of the merchant's wallet.
 */
export function refundSender(
  sender: string | null,
  recipient: string,
): { senderAddress: string | null; sentByRecipient: boolean | null } {
  if (sender === null) return { senderAddress: null, sentByRecipient: null };
  return {
    senderAddress: getAddress(sender),
    sentByRecipient: sender.toLowerCase() === recipient.toLowerCase(),
  };
}

/**
 * The body of every event: the payment (paymentId, orderId, status, txHash, amount, tokenSymbol, paidAt,
 * chainId, tokenAddress, merchantId, payerAddress), the envelope (eventId, type, createdAt) and what the
 * event is about (paidAfterExpiry, reason, paid, refund, reorged). Its shape is webhookEventSchemas
 * (webhookEvents.ts), which the OpenAPI document publishes.
 */
export function paymentEventPayload(
  eventId: string,
  type: WebhookEventType,
  createdAt: Date,
  payment: PaymentDetails,
  extra: {
    reason?: string | null;
    /** payment.invalid: what the transaction actually paid. */
    paid?: {
      amount: string;
      tokenAddress: string;
      recipientAddress: string;
      recipientReceived: string | null;
    };
    refund?: {
      refundId: string;
      amount: string;
      txHash: string | null;
      senderAddress: string | null;
      sentByRecipient: boolean | null;
    };
    /** payment.reorged: the pay transaction a reorg removed, and where it had been. */
    reorged?: { txHash: string; blockNumber: number; blockHash: string };
    /** payment.deposit_returned: what went back from the deposit address. */
    depositReturn?: {
      returnId: string;
      kind: "excess" | "late" | "recovery";
      tokenAddress: string;
      to: string;
      amount: string;
      txHash: string;
    };
    /** payment.swept: what the sweep moved to the recipient. */
    sweep?: {
      txHash: string;
      blockNumber: number;
      amount: string;
      fee: string;
      recipientReceived: string;
      recipientAddress: string;
    };
  } = {},
): WebhookEventBody {
  return {
    eventId,
    type,
    createdAt: createdAt.toISOString(),
    paymentId: payment.payment_id,
    orderId: payment.order_id,
    status: payment.status,
    txHash: payment.tx_hash,
    amount: payment.amount,
    tokenSymbol: payment.token_symbol,
    tokenAddress: payment.token_address,
    chainId: payment.network_id,
    merchantId: payment.merchant_bytes32_id,
    payerAddress: payment.payer_address,
    paidAt: payment.confirmed_at?.toISOString() ?? null,
    paidAfterExpiry: payment.paid_after_expiry,
    paymentLinkId: payment.payment_link_id,
    refundedAmount: payment.refunded_amount,
    paidVia: payment.paid_via,
    amountReceived: payment.amount_received,
    overpaidAmount: payment.overpaid_amount,
    fundsAtRecipient: fundsAtRecipient(payment),
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.paid ? { paid: extra.paid } : {}),
    ...(extra.refund ? { refund: extra.refund } : {}),
    ...(extra.reorged ? { reorged: extra.reorged } : {}),
    ...(extra.depositReturn ? { depositReturn: extra.depositReturn } : {}),
    ...(extra.sweep ? { sweep: extra.sweep } : {}),
  };
}

/** The `reorged` of a payment's event: the transaction a reorg removed, and where it had been. */
export function reorgedFrom(removed: { txHash: string; blockNumber: bigint; blockHash: string }) {
  return { txHash: removed.txHash, blockNumber: Number(removed.blockNumber), blockHash: removed.blockHash };
}

/**
 * Records that `type` happened to `payment` and, when its merchant has a webhook URL, its delivery. Call it inside
 * the transaction of the state change it reports (pass `trx`), with the payment as that change left it (the
 * writers of db/payments/ answer it with its details, read in the statement that wrote it): the event exists
 * exactly when the change committed, and the row is not read again for it.
 */
export async function recordPaymentEvent(
  trx: Db,
  type: WebhookEventType,
  payment: PaymentDetails,
  now: Date,
  extra: Parameters<typeof paymentEventPayload>[4] = {},
): Promise<string> {
  const { events, deliveries } = paymentEventRows(type, [payment], now, extra);
  await insertEventsWithDeliveries(trx, { events, deliveries });
  return (events[0] as NewWebhookEvent).id;
}

/** What recording events about payments writes: the events, and a delivery per event whose merchant has a webhook URL. */
export interface PaymentEventRows {
  events: NewWebhookEvent[];
  deliveries: NewWebhookDelivery[];
}

/**
 * The rows recording `type` for each of `payments` (ids, payloads, deliveries), built from the payments
 * as given: the caller decides in which statement and transaction they are written.
 */
export function paymentEventRows(
  type: WebhookEventType,
  payments: readonly PaymentDetails[],
  now: Date,
  extra: Parameters<typeof paymentEventPayload>[4] = {},
): PaymentEventRows {
  const events: NewWebhookEvent[] = [];
  const deliveries: NewWebhookDelivery[] = [];
  for (const payment of payments) {
    const id = newEventId();
    events.push({
      id,
      merchantId: payment.merchant_id,
      paymentRowId: payment.id,
      type,
      payload: paymentEventPayload(id, type, now, payment, extra),
    });
    if (!payment.merchant_has_webhook) continue;
    deliveries.push({
      id: newDeliveryId(),
      eventId: id,
      merchantId: payment.merchant_id,
      nextAttemptAt: now,
    });
  }
  return { events, deliveries };
}

/** A new delivery of a recorded event (a redelivery, a test event), due now. */
export function createDelivery(
  trx: Db,
  eventId: string,
  merchantId: number,
  now: Date,
): Promise<WebhookDeliveryRow> {
  return insertWebhookDelivery(trx, { id: newDeliveryId(), eventId, merchantId, nextAttemptAt: now });
}
