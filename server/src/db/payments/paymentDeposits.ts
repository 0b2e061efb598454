import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { paidStatuses } from "../../domain/paymentStatus.js";
import type { PaymentStatusColumns } from "./paymentStatus.js";
import { paymentDetailsAfter, type PaymentDetails } from "./payments.js";

/**
 * What a payment paid by transfer records of its deposit address: what reached it and from whom
 * (core/deposits/detection.ts), the sweep that holds it and what the sweep moved (core/deposits/sweeps.ts,
 * moves.ts).
 */

/** Writes what arrived (a change that moves no status); answers the payment then, with its details. */
export function setDepositAmounts(
  db: Db,
  paymentRowId: number,
  amounts: { received: bigint; overpaid: bigint },
): Promise<PaymentDetails> {
  return paymentDetailsAfter(db, (qc) =>
    qc
      .updateTable("payments")
      .set({ amount_received: amounts.received, overpaid_amount: amounts.overpaid })
      .where("id", "=", paymentRowId)
      .returningAll(),
  ).executeTakeFirstOrThrow();
}

/** A payment paid by transfer whose payer a reorg changed: the payer's address and last transfer. */
export async function setDepositPayer(
  db: Db,
  paymentRowId: number,
  payer: { address: string | null; txHash: string | null },
): Promise<void> {
  await db
    .updateTable("payments")
    .set({ payer_address: payer.address, tx_hash: payer.txHash })
    .where("id", "=", paymentRowId)
    .where("paid_via", "=", "transfer")
    .execute();
}

/**
 * A payment PAID by transfer whose amount the gateway's `pay` took instead, before any sweep (its paid bit now
 * refuses the sweep): recorded as paid by that transaction (`settled`), everything its deposit address received
 * overpaid. One guarded UPDATE; answers the payment then, undefined when it is no longer PAID by transfer and unswept.
 */
export async function recordPaidWithPayInstead(
  db: Db,
  paymentRowId: number,
  settled: PaymentStatusColumns,
): Promise<PaymentDetails | undefined> {
  return paymentDetailsAfter(db, (qc) =>
    qc
      .updateTable("payments")
      .set((eb) => ({ ...settled, overpaid_amount: eb.ref("amount_received") }))
      .where("id", "=", paymentRowId)
      .where("status", "=", "PAID")
      .where("paid_via", "=", "transfer")
      .where("swept_at", "is", null)
      .returningAll(),
  ).executeTakeFirst();
}

/**
 * A payment a sweep read from the chain moved out of the deposit address (whoever sent it): when, by which
 * transaction, and how much; what it received beyond that stays at the address, its overpaid amount. Guarded: a
 * payment swept by another transaction keeps that one (the gateway sweeps a payment once). Answers the payment then,
 * undefined when it changed nothing.
 */
export async function recordPaymentSwept(
  db: Db,
  paymentRowId: number,
  swept: { txHash: string; amount: bigint; at: Date },
): Promise<PaymentDetails | undefined> {
  return paymentDetailsAfter(db, (qc) =>
    qc
      .updateTable("payments")
      .set({
        swept_at: swept.at,
        sweep_tx_hash: swept.txHash.toLowerCase(),
        swept_amount: swept.amount,
        overpaid_amount: sql<string>`greatest(amount_received - ${swept.amount}, 0)`,
      })
      .where("id", "=", paymentRowId)
      .where("swept_at", "is", null)
      .returningAll(),
  ).executeTakeFirst();
}

/**
 * A reorg removed the sweep `txHash` of a payment: it is unswept again (no sweep holds it, so the next run sweeps it
 * if it is still paid by transfer), `overpaid` what it does not take now. False when that transaction had not swept
 * it. The caller holds the row locked, and read from it the sweep that held it.
 */
export async function undoPaymentSweep(
  db: Db,
  paymentRowId: number,
  undo: { txHash: string; overpaid: bigint },
): Promise<boolean> {
  const undone = await db
    .updateTable("payments")
    .set({
      swept_at: null,
      sweep_tx_hash: null,
      swept_amount: null,
      deposit_sweep_id: null,
      overpaid_amount: undo.overpaid,
    })
    .where("id", "=", paymentRowId)
    .where("sweep_tx_hash", "=", undo.txHash.toLowerCase())
    .executeTakeFirst();
  return Number(undone.numUpdatedRows) === 1;
}

/** Lets go of the payments of a sweep that moved nothing for them (swept again by the next run). */
export async function releaseSweptPayments(db: Db, sweepId: number, paymentRowIds: number[]): Promise<void> {
  if (paymentRowIds.length === 0) return;
  await db
    .updateTable("payments")
    .set({ deposit_sweep_id: null })
    .where("deposit_sweep_id", "=", sweepId)
    .where("swept_at", "is", null)
    .where("id", "in", paymentRowIds)
    .execute();
}

/** Makes sweep `sweepId` hold `paymentRowIds`: true when it holds every one (none held already, all still paid, unswept). */
export async function holdPaymentsForSweep(
  db: Db,
  sweepId: number,
  paymentRowIds: number[],
): Promise<boolean> {
  const held = await db
    .updateTable("payments")
    .set({ deposit_sweep_id: sweepId })
    .where("id", "in", paymentRowIds)
    .where("deposit_sweep_id", "is", null)
    .where("swept_at", "is", null)
    .where("paid_via", "=", "transfer")
    .where("status", "in", paidStatuses)
    .executeTakeFirst();
  return Number(held.numUpdatedRows) === paymentRowIds.length;
}
