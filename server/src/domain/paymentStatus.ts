/** Payment states of SPEC.md section 3.1. */
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
 * The one table of allowed moves. A successful payment goes straight from CREATED to PAID; the
 * failure states and REFUNDED have no way out. Every status update in the database is guarded by
 * this table plus `WHERE status = <from>`.
 */
export const paymentTransitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  CREATED: ["PAID", "INVALID", "EXPIRED", "FAILED"],
  PAID: ["REFUND_SUBMITTED"],
  REFUND_SUBMITTED: ["REFUNDED"],
  REFUNDED: [],
  INVALID: [],
  EXPIRED: [],
  FAILED: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** No further move exists. PAID is not terminal: a refund can still follow. */
export function isTerminal(status: PaymentStatus): boolean {
  return paymentTransitions[status].length === 0;
}
