import { KassaWebhookVerificationError, verifyWebhook, type KassaWebhookEvent } from "@kassa/sdk";
import { sessionIdOfOrder } from "./sessionData.js";

/** Medusa's webhook actions (`PaymentActions`), as the provider answers them. */
export type WebhookAction = "captured" | "failed" | "pending" | "canceled" | "not_supported";

/**
 * What each Kassa event means to Medusa. Only `captured` moves anything there: Medusa authorizes the
 * session (the provider reads the payment from Kassa again to do so), captures it, and completes the cart into
 * an order if the storefront has not. Medusa ignores the other actions; they say what happened. The record is
 * complete on purpose: an event Kassa adds does not compile until it is placed here.
 *
 * - `payment.paid`: the money reached the merchant's wallet and its block is final, so there is nothing left to
 *   authorize or capture: `captured`.
 * - `payment.invalid` (a transaction disagreed with the payment) and `payment.failed` (its relay reverted, or
 *   it can no longer be paid): `failed`.
 * - `payment.expired`: nothing was paid in time: `canceled` (a late payment still settles: `payment.paid`).
 * - `payment.underpaid`: money arrived at the deposit address, short of the amount: `pending`.
 * - `payment.swept`: a paid transfer's money reached the merchant's wallet; the order was captured at
 *   `payment.paid`, so nothing changes in Medusa: `not_supported`.
 * - Refund events, reorganisations, late deposits and returns concern a payment whose order exists: Medusa's
 *   webhook actions have nothing for them (its refunds are recorded when started from Medusa), so
 *   `not_supported`; the provider logs the reorganisation of a paid payment, which takes money back from the
 *   merchant.
 * - Subscription events and `webhook.test` are about no Medusa payment session: `not_supported`.
 */
export const ACTION_OF_EVENT: Record<KassaWebhookEvent["type"], WebhookAction> = {
  "payment.paid": "captured",
  "payment.invalid": "failed",
  "payment.failed": "failed",
  "payment.expired": "canceled",
  "payment.underpaid": "pending",
  "payment.refund_submitted": "not_supported",
  "payment.refund_expired": "not_supported",
  "payment.refunded": "not_supported",
  "payment.refund_reorged": "not_supported",
  "payment.reorged": "not_supported",
  "payment.late_deposit": "not_supported",
  "payment.deposit_returned": "not_supported",
  "payment.swept": "not_supported",
  "subscription.created": "not_supported",
  "subscription.charged": "not_supported",
  "subscription.charge_failed": "not_supported",
  "subscription.past_due": "not_supported",
  "subscription.canceled": "not_supported",
  "subscription.completed": "not_supported",
  "webhook.test": "not_supported",
};

/** A verified event about a Medusa payment session, or why the webhook is not one. */
export type ReadWebhook =
  | { kind: "event"; event: KassaWebhookEvent & { paymentId: string; orderId: string }; sessionId: string }
  | { kind: "refused"; reason: string }
  | { kind: "ignored"; reason: string };

/**
 * Verifies the Standard Webhooks signature over the body exactly as Kassa sent it (Medusa's `rawData`; the
 * parsed `data` is never trusted) and finds the Medusa payment session the event is about.
 */
export function readWebhook(rawData: unknown, headers: unknown, secret: string): ReadWebhook {
  let event: KassaWebhookEvent;
  try {
    event = verifyWebhook(rawBody(rawData), (headers ?? {}) as Record<string, string>, secret);
  } catch (error) {
    if (error instanceof KassaWebhookVerificationError) {
      return { kind: "refused", reason: `${error.code}: ${error.message}` };
    }
    throw error;
  }
  if (!("paymentId" in event) || !("orderId" in event) || typeof event.paymentId !== "string") {
    return { kind: "ignored", reason: `${event.type} is about no payment` };
  }
  const sessionId = sessionIdOfOrder(event.orderId);
  if (!sessionId) {
    return { kind: "ignored", reason: `order ${event.orderId} is not a Medusa payment session's` };
  }
  return { kind: "event", event, sessionId };
}

/**
 * The request body as Medusa hands it over: a Buffer from its HTTP layer, or, after a trip through a Redis
 * event bus, the JSON form of one (`{ type: "Buffer", data: [...] }`), or a string.
 */
function rawBody(rawData: unknown): string | Uint8Array {
  if (typeof rawData === "string" || rawData instanceof Uint8Array) return rawData;
  const serialized = rawData as { type?: unknown; data?: unknown } | null;
  if (serialized?.type === "Buffer" && Array.isArray(serialized.data)) {
    return Uint8Array.from(serialized.data as number[]);
  }
  // Anything else is not the raw body (a parsed object, say): verifyWebhook refuses it and says so.
  return rawData as string;
}
