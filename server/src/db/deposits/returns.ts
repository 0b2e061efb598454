import type { Insertable, Selectable } from "kysely";
import type { Db } from "../infra/database.js";
import type { DepositReturnsTable } from "./tables.js";

export type DepositReturnRow = Selectable<DepositReturnsTable>;

/** Inserts a return; undefined when one of its kind is recorded already (an excess) or one of its token is under way. */
export function insertDepositReturn(
  db: Db,
  row: Insertable<DepositReturnsTable>,
): Promise<DepositReturnRow | undefined> {
  return db
    .insertInto("deposit_returns")
    .values({
      ...row,
      token_address: row.token_address.toLowerCase(),
      to_address: row.to_address.toLowerCase(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The return a relayer transaction sends, with its payment's bytes32 id. */
export function findDepositReturnBySenderTransaction(
  db: Db,
  senderTransactionId: number,
): Promise<(DepositReturnRow & { payment_key: string }) | undefined> {
  return db
    .selectFrom("deposit_returns")
    .innerJoin("payments", "payments.id", "deposit_returns.payment_id")
    .selectAll("deposit_returns")
    .select("payments.payment_id as payment_key")
    .where("deposit_returns.sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** The payment's excess or late return that is under way or done (a failed one may be requested again). */
export function findOnceReturn(
  db: Db,
  paymentRowId: number,
  kind: "excess" | "late",
): Promise<DepositReturnRow | undefined> {
  return db
    .selectFrom("deposit_returns")
    .selectAll()
    .where("payment_id", "=", paymentRowId)
    .where("kind", "=", kind)
    .where("status", "<>", "FAILED")
    .executeTakeFirst();
}

/** The sender of the payment's last transfer of `token` (`onlyLate`: of those after its transfer window), if any. */
export async function findLateSender(
  db: Db,
  paymentRowId: number,
  token: string,
  onlyLate: boolean,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("deposit_transfers")
    .select("from_address")
    .where("payment_id", "=", paymentRowId)
    .where("token_address", "=", token.toLowerCase())
    .$if(onlyLate, (query) => query.where("late", "=", true))
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.from_address;
}

/** Every return of a payment, oldest first. */
export function listDepositReturns(db: Db, paymentRowId: number): Promise<DepositReturnRow[]> {
  return db
    .selectFrom("deposit_returns")
    .selectAll()
    .where("payment_id", "=", paymentRowId)
    .orderBy("id")
    .execute();
}

/** SUBMITTED -> RETURNED or FAILED (guarded: the first outcome wins); the row when it moved. */
export function finishDepositReturn(
  db: Db,
  id: string,
  outcome: { status: "RETURNED" | "FAILED"; txHash: string | null; reason: string | null; at: Date },
): Promise<DepositReturnRow | undefined> {
  return db
    .updateTable("deposit_returns")
    .set({
      status: outcome.status,
      tx_hash: outcome.txHash?.toLowerCase() ?? null,
      reason: outcome.reason,
      finished_at: outcome.at,
    })
    .where("id", "=", id)
    .where("status", "=", "SUBMITTED")
    .returningAll()
    .executeTakeFirst();
}
