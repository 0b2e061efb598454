import { sql, type RawBuilder } from "kysely";
import type { Db } from "../infra/database.js";
import { holdPaymentsForSweep } from "../payments/paymentDeposits.js";
import { selectPaymentDetails, type PaymentDetails } from "../payments/payments.js";
import { paidStatuses } from "../../domain/paymentStatus.js";

/**
 * The sweeps of deposit addresses (deposit_sweeps) and the payments they hold: every change is one guarded
 * statement, run in the caller's transaction where several go together.
 */

/** The chains with payments paid by transfer that no sweep holds. */
export async function findUnsweptDepositChainIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("payments")
    .select("chain_id")
    .distinct()
    .where("paid_via", "=", "transfer")
    .where("deposit_sweep_id", "is", null)
    .where("swept_at", "is", null)
    .where("status", "in", paidStatuses)
    .execute();
  return rows.map((row) => row.chain_id);
}

/** Payments paid by transfer that no sweep holds yet, per chain: the money waiting at deposit addresses. */
export async function countUnsweptDeposits(db: Db): Promise<{ networkId: number; count: number }[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("chains", "chains.id", "payments.chain_id")
    .select(["chains.network_id", (eb) => eb.fn.countAll<string>().as("count")])
    .where("payments.paid_via", "=", "transfer")
    .where("payments.deposit_sweep_id", "is", null)
    .where("payments.swept_at", "is", null)
    .where("payments.status", "in", paidStatuses)
    .groupBy("chains.network_id")
    .execute();
  return rows.map((row) => ({ networkId: row.network_id, count: Number(row.count) }));
}

/**
 * A chain's payments paid by transfer that no sweep holds, oldest first, but those whose sweep the node refused
 * and whose retry is not due at `now`.
 */
export function findUnsweptDeposits(
  db: Db,
  chainId: number,
  limit: number,
  now: Date,
): Promise<PaymentDetails[]> {
  return selectPaymentDetails(db)
    .where("payments.chain_id", "=", chainId)
    .where("payments.paid_via", "=", "transfer")
    .where("payments.deposit_sweep_id", "is", null)
    .where("payments.swept_at", "is", null)
    .where("payments.status", "in", paidStatuses)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("deposit_sweep_refusals")
            .select("deposit_sweep_refusals.payment_id")
            .whereRef("deposit_sweep_refusals.payment_id", "=", "payments.id")
            .where("deposit_sweep_refusals.retry_at", ">", now),
        ),
      ),
    )
    .orderBy("payments.id")
    .limit(limit)
    .execute();
}

/** The last refusal of a payment's sweep, if the node ever refused one. */
export function findSweepRefusal(db: Db, paymentRowId: number) {
  return db
    .selectFrom("deposit_sweep_refusals")
    .select(["refusals", "retry_at", "reason"])
    .where("payment_id", "=", paymentRowId)
    .executeTakeFirst();
}

/**
 * Records that the node refused the sweep of payment `paymentRowId` (one guarded upsert): the first refusal is
 * retried `firstDelayMs` after `now`, each further one after twice the previous delay, at most `maxDelayMs`.
 * Resolves the refusals so far and when the next try is due.
 */
export async function recordSweepRefusal(
  db: Db,
  paymentRowId: number,
  refusal: { reason: string; now: Date; firstDelayMs: number; maxDelayMs: number },
): Promise<{ refusals: number; retryAt: Date }> {
  const { reason, now, firstDelayMs, maxDelayMs } = refusal;
  const retryAt = (refusals: RawBuilder<number>) =>
    sql<Date>`${now}::timestamptz + make_interval(secs => least(${maxDelayMs}::float8, ${firstDelayMs}::float8 * power(2, ${refusals})) / 1000)`;
  const row = await db
    .insertInto("deposit_sweep_refusals")
    .values({
      payment_id: paymentRowId,
      refusals: 1,
      retry_at: retryAt(sql<number>`0`),
      reason,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("payment_id").doUpdateSet({
        refusals: sql<number>`deposit_sweep_refusals.refusals + 1`,
        retry_at: retryAt(sql<number>`deposit_sweep_refusals.refusals`),
        reason,
        updated_at: now,
      }),
    )
    .returning(["refusals", "retry_at"])
    .executeTakeFirstOrThrow();
  return { refusals: row.refusals, retryAt: row.retry_at };
}

/**
 * Records a sweep of `paymentIds` sent by sender transaction `senderTransactionId` and makes it hold them; resolves
 * false (the caller rolls back) when one of them is held already or no longer paid.
 */
export async function insertDepositSweep(
  db: Db,
  sweep: { chainId: number; senderTransactionId: number; paymentIds: number[] },
): Promise<boolean> {
  const { id } = await db
    .insertInto("deposit_sweeps")
    .values({
      chain_id: sweep.chainId,
      sender_transaction_id: sweep.senderTransactionId,
      payment_ids: sweep.paymentIds,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return holdPaymentsForSweep(db, id, sweep.paymentIds);
}

/** The sweep a sender transaction sent, if it is one. */
export function findDepositSweepBySenderTransaction(db: Db, senderTransactionId: number) {
  return db
    .selectFrom("deposit_sweeps")
    .innerJoin("chains", "chains.id", "deposit_sweeps.chain_id")
    .select(["deposit_sweeps.id", "deposit_sweeps.status", "deposit_sweeps.chain_id", "chains.network_id"])
    .where("deposit_sweeps.sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** The payments a sweep holds, with their payment ids and gateways. */
export function findSweptPayments(db: Db, sweepId: number) {
  return db
    .selectFrom("payments")
    .select(["id", "payment_id", "gateway_address"])
    .where("deposit_sweep_id", "=", sweepId)
    .execute();
}

/** PENDING -> CONFIRMED or FAILED (guarded): false when another process recorded the outcome first. */
export async function finishDepositSweep(
  db: Db,
  sweepId: number,
  outcome: {
    status: "CONFIRMED" | "FAILED";
    txHash: string | null;
    blockNumber: bigint | null;
    gasUsed: bigint | null;
    errorMessage: string | null;
    now: Date;
  },
): Promise<boolean> {
  const moved = await db
    .updateTable("deposit_sweeps")
    .set({
      status: outcome.status,
      tx_hash: outcome.txHash?.toLowerCase() ?? null,
      block_number: outcome.blockNumber,
      gas_used: outcome.gasUsed,
      error_message: outcome.errorMessage,
      finished_at: outcome.now,
    })
    .where("id", "=", sweepId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** CONFIRMED -> REORGED: a reorg removed the relayer's sweep transaction (guarded). */
export async function markSweepReorged(db: Db, sweepId: number, reason: string): Promise<void> {
  await db
    .updateTable("deposit_sweeps")
    .set({ status: "REORGED", error_message: reason })
    .where("id", "=", sweepId)
    .where("status", "=", "CONFIRMED")
    .execute();
}
