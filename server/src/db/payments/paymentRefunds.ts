import type { Db } from "../infra/database.js";
import { paymentDetailsAfter, type PaymentDetails } from "./payments.js";

/** Adds `amount` (negative: takes it back) to what the payment's refunds sent back; the payment after, with its details. */
export async function addRefundedAmount(
  db: Db,
  paymentRowId: number,
  amount: bigint,
): Promise<PaymentDetails> {
  return paymentDetailsAfter(db, (qc) =>
    qc
      .updateTable("payments")
      .set((eb) => ({ refunded_amount: eb("refunded_amount", "+", amount.toString()) }))
      .where("id", "=", paymentRowId)
      .returningAll(),
  ).executeTakeFirstOrThrow();
}
