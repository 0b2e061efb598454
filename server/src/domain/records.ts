/**
 * The states and kinds Kassa's records take, other than a payment's (`paymentStatus.ts`). The database
 * schema (`db/schema/types.ts`) stores them; the views and jobs branch on them.
 */

/** `finalized` / `safe`: the node's block of that tag is final; `depth`: `confirmations` below the head. */
export type ChainFinality = "finalized" | "safe" | "depth";

export type WebhookEventType =
  | "payment.paid"
  | "payment.invalid"
  | "payment.expired"
  | "payment.failed"
  | "payment.refund_submitted"
  | "payment.refund_expired"
  | "payment.refunded"
  | "payment.refund_reorged"
  | "payment.reorged"
  /** A test a merchant sends itself; about no payment. */
  | "webhook.test"
  /** About a subscription (core/subscriptions/events.ts); a charge's events name its payment too. */
  | "subscription.created"
  | "subscription.charged"
  | "subscription.charge_failed"
  | "subscription.past_due"
  | "subscription.canceled"
  | "subscription.completed";

export type WebhookDeliveryStatus = "PENDING" | "SUCCEEDED" | "FAILED";
export type RefundStatus = "SUBMITTED" | "REFUNDED" | "EXPIRED";
export type ChainEventKind = "PaymentCompleted" | "RefundCompleted";

export const relayStatuses = ["QUEUED", "SUBMITTED", "CONFIRMED", "FAILED"] as const;
export type RelayStatus = (typeof relayStatuses)[number];

/** FAILED: the transfer was sent and did not land; the claim stays, so it is never paid for again. */
export type GrantStatus = "PENDING" | "CONFIRMED" | "FAILED";

/** Where a token's price comes from; chosen per token. */
export type PriceSourceKind = "chainlink" | "coingecko" | "static";

export type SenderRole = "relayer" | "faucet";
export type SenderPurpose = "relay" | "grant" | "subscription_charge" | "subscription_cancel";
export type SenderTransactionStatus = "SUBMITTED" | "CONFIRMED" | "FAILED";
export type BroadcastStatus = "PENDING" | "SENT" | "REJECTED";
