import { sql, type Insertable, type Selectable } from "kysely";
import type { Db } from "../infra/database.js";
import type { DepositReturnsTable } from "../schema/depositTables.js";

export type DepositReturnRow = Selectable<DepositReturnsTable>;

/**
 * Inserts a return; undefined when its return id is spent already, or (a recovery to an address, naming no transfers)
 * one of its token is under way.
 */
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

/** The returns, each with its payment's bytes32 id (`payment_key`). */
function selectReturnsWithPaymentKey(db: Db) {
  return db
    .selectFrom("deposit_returns")
    .innerJoin("payments", "payments.id", "deposit_returns.payment_id")
    .selectAll("deposit_returns")
    .select("payments.payment_id as payment_key");
}

/** The return a relayer transaction sends, with its payment's bytes32 id. */
export function findDepositReturnBySenderTransaction(
  db: Db,
  senderTransactionId: number,
): Promise<(DepositReturnRow & { payment_key: string }) | undefined> {
  return selectReturnsWithPaymentKey(db)
    .where("deposit_returns.sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** The return of a gateway return id, if Kassa made it. */
export function findDepositReturnByReturnId(
  db: Db,
  returnId: string,
): Promise<(DepositReturnRow & { payment_key: string }) | undefined> {
  return selectReturnsWithPaymentKey(db)
    .where("deposit_returns.chain_return_id", "=", returnId.toLowerCase())
    .orderBy("deposit_returns.id", "desc")
    .executeTakeFirst();
}

/**
 * A REORGED return's signed request may be mined again until its deadline: it counts as sent until then, and this
 * long after (seconds), as the chain's clock may trail the server's.
 */
export const REORGED_RETURN_CLOCK_MARGIN_SECONDS = 600;

/**
 * What went back from the payment's deposit address of `token` to each address (lowercase): Kassa's returns under
 * way, done, or reorged and still valid at `now`, and the returns read from the chain that Kassa did not send (the
 * recipient's own, signed and sent without Kassa).
 */
/** A REORGED return whose signed request may still be mined at `now` (SQL over deposit_returns). */
function reorgedStillValid(now: Date) {
  const validAfter = Math.floor(now.getTime() / 1000) - REORGED_RETURN_CLOCK_MARGIN_SECONDS;
  return sql<boolean>`(status = 'REORGED' AND deadline > ${validAfter})`;
}

export async function returnedByAddress(
  db: Db,
  paymentRowId: number,
  token: string,
  now: Date,
): Promise<Map<string, bigint>> {
  const lower = token.toLowerCase();
  const { rows } = await sql<{ to_address: string; amount: string }>`
    SELECT to_address, sum(amount)::text AS amount FROM (
      SELECT to_address, amount FROM deposit_returns
      WHERE payment_id = ${paymentRowId} AND token_address = ${lower}
        AND (status IN ('SUBMITTED', 'RETURNED') OR ${reorgedStillValid(now)})
      UNION ALL
      SELECT e.to_address, e.amount FROM deposit_events e
      WHERE e.payment_id = ${paymentRowId} AND e.kind = 'returned' AND e.token_address = ${lower}
        AND NOT EXISTS (SELECT 1 FROM deposit_returns r WHERE r.chain_return_id = e.return_id)
    ) AS gone GROUP BY to_address`.execute(db);
  return new Map(rows.map((row) => [row.to_address, BigInt(row.amount)]));
}

/**
 * Whether a return of `token` from the payment's deposit address counts as sent while the address may still hold what
 * it sends: under way, or reorged and still valid at `now`.
 */
export async function hasDepositReturnInFlight(
  db: Db,
  paymentRowId: number,
  token: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM deposit_returns
    WHERE payment_id = ${paymentRowId} AND token_address = ${token.toLowerCase()}
      AND (status = 'SUBMITTED' OR ${reorgedStillValid(now)})
    LIMIT 1`.execute(db);
  return rows.length > 0;
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

/**
 * SUBMITTED -> RETURNED or FAILED, or REORGED -> RETURNED (its request mined again), guarded: the first outcome wins;
 * the row when it moved.
 */
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
    .where("status", "in", outcome.status === "RETURNED" ? ["SUBMITTED", "REORGED"] : ["SUBMITTED"])
    .returningAll()
    .executeTakeFirst();
}

/** RETURNED -> REORGED: a reorg removed the transaction that returned it (guarded); false when it was not RETURNED. */
export async function markDepositReturnReorged(
  db: Db,
  id: string,
  reorged: { reason: string; at: Date },
): Promise<boolean> {
  const moved = await db
    .updateTable("deposit_returns")
    .set({ status: "REORGED", reason: reorged.reason, finished_at: reorged.at })
    .where("id", "=", id)
    .where("status", "=", "RETURNED")
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
