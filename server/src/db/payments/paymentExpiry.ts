import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { assertPaymentMove } from "./paymentStatus.js";
import { selectPaymentDetails, type PaymentDetails } from "./payments.js";
import {
  eventRecords,
  insertEventsCtes,
  type NewWebhookDelivery,
  type NewWebhookEvent,
} from "../webhooks/webhooks.js";

/**
 * Up to `limit` CREATED payments past `expiresAt` at `now` (only `paymentId`, or those of `paymentLinkId`, when given), oldest deadline
 * first; read without a lock, for expirePaymentsWithEvents to move the ones still due. A payment whose pay
 * transaction was seen mined after `heldSince` (markSeenPayments) is not due: it waits for finality.
 */
export function findDuePaymentDetails(
  db: Db,
  options: { now: Date; heldSince: Date; limit: number; paymentId?: string; paymentLinkId?: string },
): Promise<PaymentDetails[]> {
  let query = selectPaymentDetails(db)
    .where("payments.status", "=", "CREATED")
    .where("payments.expires_at", "<=", options.now)
    .where((eb) =>
      eb.or([eb("payments.seen_at", "is", null), eb("payments.seen_at", "<=", options.heldSince)]),
    )
    .orderBy("payments.expires_at")
    .limit(options.limit);
  if (options.paymentId !== undefined) query = query.where("payments.payment_id", "=", options.paymentId);
  if (options.paymentLinkId !== undefined) {
    query = query.where("payments.payment_link_id", "=", options.paymentLinkId);
  }
  return query.execute();
}

/**
 * In one statement (so its row locks last no longer than that statement): CREATED -> EXPIRED for those of
 * the events' payments still CREATED and due at `now`, and not seen paid after `heldSince` (rows another transaction holds are skipped, not
 * waited for), and, for exactly those, their events and deliveries (insertEventsCtes). Returns the payment ids it expired.
 */
export async function expirePaymentsWithEvents(
  db: Db,
  input: {
    now: Date;
    heldSince: Date;
    events: readonly NewWebhookEvent[];
    deliveries: readonly NewWebhookDelivery[];
  },
): Promise<string[]> {
  if (input.events.length === 0) return [];
  // The one status write outside movePaymentStatus: set-based, and only this move of the table.
  assertPaymentMove("CREATED", "EXPIRED");
  const { rows } = await sql<{ payment_id: string }>`
    WITH input AS (
      SELECT * FROM ${eventRecords(input.events)}
    ), due AS (
      SELECT payments.id FROM payments JOIN input ON input.payment_row_id = payments.id
      WHERE payments.status = 'CREATED' AND payments.expires_at <= ${input.now}
        AND (payments.seen_at IS NULL OR payments.seen_at <= ${input.heldSince})
      FOR UPDATE OF payments SKIP LOCKED
    ), expired AS (
      UPDATE payments SET status = 'EXPIRED' FROM due
      WHERE payments.id = due.id AND payments.status = 'CREATED'
      RETURNING payments.id, payments.payment_id
    ), ${insertEventsCtes(sql`input AS e JOIN expired ON expired.id = e.payment_row_id`, input.deliveries)}
    SELECT expired.payment_id FROM expired`.execute(db);
  return rows.map((row) => row.payment_id);
}
/**
 * Withdraws the link's open payments by `by` (the link turned off, or its expiry brought forward): each
 * expires then at the latest, the expiry moves it to EXPIRED and its reads no longer offer its signature.
 */
export async function withdrawOpenLinkPayments(db: Db, linkId: string, by: Date): Promise<void> {
  await db
    .updateTable("payments")
    .set({ expires_at: by })
    .where("payment_link_id", "=", linkId)
    .where("status", "=", "CREATED")
    .where("expires_at", ">", by)
    .execute();
}
