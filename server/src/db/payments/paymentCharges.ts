import type { Db } from "../infra/database.js";
import type { NewPaymentRow, PaymentRow } from "../schema/rows.js";

/** The payments of a subscription's charges: one per period, and the relayer's transaction that sends it. */

/** Inserts the payment of a charge; undefined when the period already has one (a charge is started once). */
export function insertChargePayment(db: Db, payment: NewPaymentRow): Promise<PaymentRow | undefined> {
  return db
    .insertInto("payments")
    .values(payment)
    .onConflict((conflict) =>
      conflict
        .columns(["subscription_id", "subscription_period"])
        .where("subscription_id", "is not", null)
        .where("status", "<>", "FAILED")
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Links a charge's payment to the relayer's transaction that sends it; only while it has none (its last
 * transaction was removed by a reorg, or it is new): false otherwise, so a period is sent once at a time.
 */
export async function linkChargeTransaction(
  db: Db,
  paymentRowId: number,
  senderTransactionId: number | null,
): Promise<boolean> {
  let query = db
    .updateTable("payments")
    .set({ charge_sender_transaction_id: senderTransactionId })
    .where("id", "=", paymentRowId)
    .where("status", "=", "CREATED");
  query =
    senderTransactionId === null
      ? query.where("charge_sender_transaction_id", "is not", null)
      : query.where("charge_sender_transaction_id", "is", null);
  return (await query.returning("id").executeTakeFirst()) !== undefined;
}
