import type { Db } from "../infra/database.js";

/** Adds `amount` (negative: takes it back) to what the payment's refunds sent back; the payment's totals after. */
export async function addRefundedAmount(
  db: Db,
  paymentRowId: number,
  amount: bigint,
): Promise<{ amount: bigint; refundedAmount: bigint; recipientAddress: string }> {
  const payment = await db
    .updateTable("payments")
    .set((eb) => ({ refunded_amount: eb("refunded_amount", "+", amount.toString()) }))
    .where("id", "=", paymentRowId)
    .returning(["amount", "refunded_amount", "recipient_address"])
    .executeTakeFirstOrThrow();
  return {
    amount: BigInt(payment.amount),
    refundedAmount: BigInt(payment.refunded_amount),
    recipientAddress: payment.recipient_address,
  };
}
