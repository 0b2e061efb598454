import { withTryAdvisoryLock, type Db } from "../../db/infra/database.js";
import { expirePaymentsWithEvents, findDuePaymentDetails } from "../../db/payments/paymentExpiry.js";
import type { SettlementOptions } from "../settlement/settlement.js";
import { paymentEventRows } from "../webhooks/outbox.js";

/**
 * CREATED -> EXPIRED once `expiresAt` passed: the sweep (a cron job, one runner at a time) and the on-demand
 * expiry of a read, both in short set-based statements that send `payment.expired`.
 */

/**
 * How long a payment whose pay transaction was seen mined (not final yet) is kept from expiring, from when
 * it was first seen: longer than any known chain's finality (Sepolia's `finalized` block trails by about
 * 19 minutes), short enough that a transaction a reorg removed before it was final does not keep its
 * payment open for long.
 */
export const SEEN_PAYMENT_HOLD_MS = 60 * 60 * 1000;

/** Payments one expiry statement moves at most. */
export const EXPIRY_BATCH_SIZE = 200;

/** Session advisory lock of the expiry sweep (any constant distinct from the other lock keys). */
export const EXPIRY_SWEEP_LOCK_KEY = 4_271_915;

/**
 * One expiry batch: reads up to `limit` due payments without a lock and builds their `payment.expired`
 * events, then moves those still CREATED to EXPIRED with their events and deliveries in one
 * statement, so the batch's row locks last one statement. Rows another runner holds are skipped, and so
 * are payments whose pay transaction was seen mined within SEEN_PAYMENT_HOLD_MS (they wait for finality).
 */
async function expireBatch(
  db: Db,
  options: { now: Date; limit: number; paymentId?: string; paymentLinkId?: string },
): Promise<{ due: number; expired: string[] }> {
  const heldSince = new Date(options.now.getTime() - SEEN_PAYMENT_HOLD_MS);
  const due = await findDuePaymentDetails(db, { ...options, heldSince });
  if (due.length === 0) return { due: 0, expired: [] };
  const expiredView = due.map((payment) => ({ ...payment, status: "EXPIRED" as const }));
  const rows = paymentEventRows("payment.expired", expiredView, options.now);
  const expired = await expirePaymentsWithEvents(db, {
    now: options.now,
    heldSince,
    ...rows,
  });
  return { due: due.length, expired };
}

/**
 * Moves up to `limit` CREATED payments past `expiresAt` to EXPIRED, with their `payment.expired` webhooks
 * (expireBatch). Returns the payment ids it expired.
 */
export async function expirePaymentsPastDeadline(
  db: Db,
  options: SettlementOptions & { limit?: number; paymentId?: string; paymentLinkId?: string } = {},
): Promise<string[]> {
  const now = (options.now ?? (() => new Date()))();
  const { expired } = await expireBatch(db, {
    now,
    limit: options.limit ?? EXPIRY_BATCH_SIZE,
    ...(options.paymentId === undefined ? {} : { paymentId: options.paymentId }),
    ...(options.paymentLinkId === undefined ? {} : { paymentLinkId: options.paymentLinkId }),
  });
  return expired;
}

/**
 * The expiry sweep: expiry batches one after another until none is due (or a batch finds all its rows
 * taken by other runners). One sweep runs at a time across all processes (a session advisory lock): a
 * sweep that finds another one running returns undefined at once instead of competing with it. Resolves
 * the number of payments it expired.
 */
export function sweepExpiredPayments(
  db: Db,
  options: SettlementOptions & { batchSize?: number } = {},
): Promise<number | undefined> {
  const limit = options.batchSize ?? EXPIRY_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  return withTryAdvisoryLock(db, EXPIRY_SWEEP_LOCK_KEY, async (conn) => {
    let total = 0;
    for (;;) {
      const { due, expired } = await expireBatch(conn, { now: now(), limit });
      total += expired.length;
      if (due < limit || expired.length === 0) return total;
    }
  });
}
