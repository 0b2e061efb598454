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
  /** A transfer reached the payment's deposit address, and what arrived is still short of it. */
  | "payment.underpaid"
  /** A deposit arrived after the transfer window under the "return" setting: it waits for the merchant's signed return. */
  | "payment.late_deposit"
  /** A return from the payment's deposit address (an excess, a late deposit, another token) was mined. */
  | "payment.deposit_returned"
  /** The sweep of a payment paid by transfer moved its money from the deposit address to the merchant's wallet. */
  | "payment.swept"
  /** A test a merchant sends itself; about no payment. */
  | "webhook.test"
  /** About a subscription (core/webhooks/subscriptionEvents.ts); a charge's events name its payment too. */
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

/**
 * How a relay's payer signed: an ERC-2771 ForwardRequest of `pay()` (`forward`), or the gateway's one-signature
 * paths, sent to the gateway itself: Permit2's witness transfer, EIP-3009, the payment intent (issue 28).
 */
export const relayKinds = ["forward", "permit2", "authorization", "intent"] as const;
export type RelayKind = (typeof relayKinds)[number];

/** FAILED: the transfer was sent and did not land; the claim stays, so it is never paid for again. */
export type GrantStatus = "PENDING" | "CONFIRMED" | "FAILED";

/** Where a token's price comes from; chosen per token. */
export type PriceSourceKind = "chainlink" | "coingecko" | "static";

export type SenderRole = "relayer" | "faucet";
export type SenderPurpose =
  "relay" | "grant" | "subscription_charge" | "subscription_cancel" | "deposit_sweep" | "deposit_return";
export type SenderTransactionStatus = "SUBMITTED" | "CONFIRMED" | "FAILED";
export type BroadcastStatus = "PENDING" | "SENT" | "REJECTED";

/** Which path paid a payment: a gateway call (pay() and the relayed paths) or a transfer to its deposit address. */
export type PaidVia = "contract" | "transfer";

/**
 * Whether a payment's money is in its recipient's wallet: a payment by contract from its paying transaction on (the
 * gateway pays the recipient in it), a payment by transfer from its sweep on (its money waited at the deposit address).
 */
export function fundsAtRecipient(payment: { paid_via: PaidVia | null; swept_at: Date | null }): boolean {
  return payment.paid_via === "contract" || (payment.paid_via === "transfer" && payment.swept_at !== null);
}

/** What a deposit after the transfer window does: settles (PAID, paid after expiry) or waits to go back. */
export type DepositLatePolicy = "settle" | "return";
