/** Payment states and the moves between them. */
export const paymentStatuses = [
  "CREATED",
  "PAID",
  "REFUND_SUBMITTED",
  "REFUNDED",
  "INVALID",
  "EXPIRED",
  "FAILED",
] as const;

export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The one table of allowed moves. A successful payment goes straight from CREATED to PAID. Every status
 * update in the database is guarded by this table plus `WHERE status = <from>`.
 *
 * The chain has the last word on money: the contract accepts a payment until its signature deadline,
 * after the 5-minute expiry and after a failed relay, so an EXPIRED or FAILED payment whose money
 * arrives still settles (PAID, or INVALID when the event disagrees with it); nothing else leaves them.
 * A refund the merchant does not send before its deadline returns the payment to PAID.
 *
 * PAID means final for the chain (its `finalized` or `safe` block, or a depth). Should a reorg deeper than
 * that still remove the pay transaction, the payment goes back to CREATED (`payment.reorged`, and the
 * record keeps `reorgedAt` and the lost transaction) whatever the event made of it since (PAID, INVALID,
 * REFUND_SUBMITTED, REFUNDED): the money is back with the payer, every refund of it is undone with it (a
 * refund needs the payment's paid bit), and the payer can pay the same payment again until its signature
 * deadline; the expiry applies as for any CREATED payment. A reorg that removes only a refund's transaction
 * takes its amount back: the refund is open again until its deadline (REFUNDED or PAID -> REFUND_SUBMITTED),
 * or, past it, the payment is PAID again (REFUNDED -> PAID).
 */
export const paymentTransitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  CREATED: ["PAID", "INVALID", "EXPIRED", "FAILED"],
  PAID: ["REFUND_SUBMITTED", "CREATED"],
  REFUND_SUBMITTED: ["REFUNDED", "PAID", "CREATED"],
  REFUNDED: ["REFUND_SUBMITTED", "PAID", "CREATED"],
  INVALID: ["CREATED"],
  EXPIRED: ["PAID", "INVALID"],
  FAILED: ["PAID", "INVALID"],
};

/**
 * The money of a payment in these states reached the merchant (a refund may be on its way back, or done):
 * it counts as paid, for the totals, a payment link's uses and the paid time of a payment.
 */
export const paidStatuses: readonly PaymentStatus[] = ["PAID", "REFUND_SUBMITTED", "REFUNDED"];

/** The states a PaymentCompleted event can settle: the payment was not settled by an earlier event. */
export const settleableStatuses: readonly PaymentStatus[] = ["CREATED", "EXPIRED", "FAILED"];

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}
