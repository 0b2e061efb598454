import type { ExpressionBuilder, UpdateObject } from "kysely";
import { canTransition, type PaymentStatus } from "../../domain/paymentStatus.js";
import type { Db } from "../infra/database.js";
import type { Database } from "../schema/types.js";
import { paymentDetailsAfter, type PaymentDetails } from "./payments.js";

/** The columns a status change may write beside the status itself (the payment's identity is never one). */
export type PaymentStatusColumns = Omit<UpdateObject<Database, "payments">, "status" | "id" | "payment_id">;

/** One move of one payment, as {@link movePaymentStatus} takes it. */
export interface PaymentStatusMove {
  /** The payment, by row id or by its bytes32 `paymentId`. */
  payment: { rowId: number } | { paymentId: string };
  from: PaymentStatus;
  to: PaymentStatus;
  /** Columns written in the same statement (what was paid, the reason, ...). */
  set?: PaymentStatusColumns | ((eb: ExpressionBuilder<Database, "payments">) => PaymentStatusColumns);
  /** Further guards: the move happens only while the payment was paid in this block. */
  guard?: { blockHash?: string };
}

/**
 * The one writer of `payments.status` for a single payment: checks the move against the transition table
 * (a move the table does not allow is a bug, thrown before any SQL), then makes it in one statement
 * guarded by `WHERE status = from` (and the optional guards). Returns the payment as moved, with its details
 * (what its events need, read in the same statement), or undefined when the payment was not in `from` any
 * more: someone else moved it first, which callers treat as a conflict, never a crash. Pass the transaction that records what the move causes (events, jobs).
 * The set-based expiry (`expirePaymentsWithEvents`) is the one other writer: it only moves CREATED ->
 * EXPIRED, and checks that move against the same table.
 */
export function movePaymentStatus(db: Db, move: PaymentStatusMove): Promise<PaymentDetails | undefined> {
  assertPaymentMove(move.from, move.to);
  const set = move.set;
  return paymentDetailsAfter(db, (qc) => {
    let query = qc
      .updateTable("payments")
      .set((eb) => ({
        ...(typeof set === "function" ? set(eb) : set),
        status: move.to,
      }))
      .where("status", "=", move.from);
    query =
      "rowId" in move.payment
        ? query.where("id", "=", move.payment.rowId)
        : query.where("payment_id", "=", move.payment.paymentId.toLowerCase());
    if (move.guard?.blockHash !== undefined) query = query.where("block_hash", "=", move.guard.blockHash);
    return query.returningAll();
  }).executeTakeFirst();
}

/** Throws when the transition table does not allow `from -> to`. */
export function assertPaymentMove(from: PaymentStatus, to: PaymentStatus): void {
  if (!canTransition(from, to)) throw new Error(`payment status ${from} -> ${to} is not allowed`);
}
