import { sql } from "kysely";
import pg from "pg";
import { type Db, isUniqueViolation } from "../infra/database.js";
import { updateWhere } from "../infra/lookups.js";
import { readPage } from "../infra/pages.js";
import { addRefundedAmount } from "../payments/paymentRefunds.js";
import type { PaymentDetails } from "../payments/payments.js";
import { type NewRefundRow, type RefundRow } from "../schema/rows.js";
import { BaseError } from "../../domain/baseError.js";

/** At most one open refund per payment (besides one a reorg opened again). */
const REFUNDS_OPEN_UNIQUE = "refunds_payment_id_open_key";

/** A payment row locked by another transaction, asked for without waiting (SQLSTATE 55P03). */
export class RowLockedError extends BaseError {
  override readonly name = "RowLockedError";
}

/** A refund with what its view needs of its payment, token and chain. */
export type RefundDetails = RefundRow & {
  payment_public_id: string;
  order_id: string;
  /** The wallet the payment paid, which normally sends its refunds. */
  recipient_address: string;
  gateway_address: string;
  token_address: string;
  network_id: number;
};

function selectRefundDetails(db: Db) {
  return db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .innerJoin("chains", "chains.id", "payments.chain_id")
    .selectAll("refunds")
    .select([
      "payments.payment_id as payment_public_id",
      "payments.order_id",
      "payments.recipient_address",
      "payments.gateway_address",
      "tokens.address as token_address",
      "chains.network_id",
    ]);
}

/**
 * The payment's status and what its refunds sent back, with its row locked, without waiting: a row another
 * transaction holds (a concurrent refund of the same payment) throws RowLockedError at once.
 */
export async function lockPaymentForRefund(
  db: Db,
  paymentRowId: number,
): Promise<{ status: string; refunded_amount: string } | undefined> {
  try {
    const { rows } = await sql<{ status: string; refunded_amount: string }>`
      SELECT status, refunded_amount::text FROM payments WHERE id = ${paymentRowId} FOR UPDATE NOWAIT`.execute(
      db,
    );
    return rows[0];
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === "55P03")
      throw new RowLockedError("payment row locked");
    throw error;
  }
}

/** Records a refund; undefined when the payment already has an open one. */
export async function insertRefund(db: Db, refund: NewRefundRow): Promise<RefundRow | undefined> {
  try {
    return await db.insertInto("refunds").values(refund).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, REFUNDS_OPEN_UNIQUE)) return undefined;
    throw error;
  }
}

export interface RefundListFilter {
  merchantId: number;
  limit: number;
  /** Only refunds of this payment (its bytes32 id). */
  paymentId?: string | undefined;
  /** The last refund of the previous page; undefined when it is not the merchant's. */
  startingAfter?: string | undefined;
}

/** A page of the merchant's refunds, newest first, each with its payment's details: one query. */
export async function listRefundDetails(
  db: Db,
  filter: RefundListFilter,
): Promise<{ refunds: RefundDetails[]; hasMore: boolean } | "unknown-cursor"> {
  let select = selectRefundDetails(db).where("refunds.merchant_id", "=", filter.merchantId);
  if (filter.paymentId !== undefined) select = select.where("payments.payment_id", "=", filter.paymentId);
  const page = await readPage(db, select, "refunds", "id", filter);
  return page ? { refunds: page.rows, hasMore: page.hasMore } : "unknown-cursor";
}

export function findRefundDetails(
  db: Db,
  merchantId: number,
  refundId: string,
): Promise<RefundDetails | undefined> {
  return selectRefundDetails(db)
    .where("refunds.id", "=", refundId)
    .where("refunds.merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** What the refund expiry check needs: the refund, its payment and the payment's chain. */
export function findRefundForExpiry(db: Db, refundId: string) {
  return db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .innerJoin("chains", "chains.id", "payments.chain_id")
    .select([
      "refunds.id",
      "refunds.status",
      "refunds.deadline",
      "refunds.amount",
      "refunds.chain_refund_id",
      "refunds.payment_id as payment_row_id",
      "payments.payment_id",
      "payments.gateway_address",
      "chains.id as chain_id",
      "chains.network_id",
      "chains.name",
      "chains.rpc_url",
      "chains.confirmations",
      "chains.finality",
    ])
    .where("refunds.id", "=", refundId)
    .executeTakeFirst();
}

/** SUBMITTED -> EXPIRED, guarded; false when the refund was no longer SUBMITTED. */
export function expireSubmittedRefund(db: Db, refundId: string): Promise<boolean> {
  return updateWhere(db, "refunds", { id: refundId, status: "SUBMITTED" }, { status: "EXPIRED" });
}

/**
 * The refund of a payment that a RefundCompleted event names by its gateway id: SUBMITTED normally, EXPIRED when
 * the expiry ran on a chain view that a reorg later replaced, REFUNDED when the event was applied already.
 */
export function findRefundToComplete(db: Db, paymentRowId: number, chainRefundId: string) {
  return db
    .selectFrom("refunds")
    .select(["id", "status", "tx_hash", "block_hash"])
    .where("payment_id", "=", paymentRowId)
    .where("chain_refund_id", "=", chainRefundId.toLowerCase())
    .executeTakeFirst();
}

/** Where a RefundCompleted was read. */
export interface RefundEventLocation {
  txHash: string;
  chainId: number;
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
}

/**
 * The refund -> REFUNDED with what its event says it sent, where and who sent it, and that amount added to its
 * payment's refunds; answers the payment as it is then, with its details.
 */
export async function markRefundRefunded(
  db: Db,
  refund: { id: string; paymentRowId: number },
  completed: RefundEventLocation & { at: Date; amount: bigint; sender: string },
): Promise<PaymentDetails> {
  await db
    .updateTable("refunds")
    .set({
      status: "REFUNDED",
      tx_hash: completed.txHash.toLowerCase(),
      refunded_at: completed.at,
      amount: completed.amount,
      chain_id: completed.chainId,
      block_number: Number(completed.blockNumber),
      block_hash: completed.blockHash.toLowerCase(),
      log_index: completed.logIndex,
      sender_address: completed.sender.toLowerCase(),
    })
    .where("id", "=", refund.id)
    .execute();
  return addRefundedAmount(db, refund.paymentRowId, completed.amount);
}

/**
 * A reorg mined a completed refund's transaction again in another block: the refund's record follows it.
 * False when the refund was not completed by that transaction.
 */
export function moveRefundToBlock(
  db: Db,
  refundId: string,
  event: Omit<RefundEventLocation, "chainId">,
): Promise<boolean> {
  return updateWhere(
    db,
    "refunds",
    { id: refundId, status: "REFUNDED", tx_hash: event.txHash.toLowerCase() },
    {
      block_number: Number(event.blockNumber),
      block_hash: event.blockHash.toLowerCase(),
      log_index: event.logIndex,
    },
  );
}

/** The REFUNDED refund of a chain whose RefundCompleted (by its gateway id) was read in `blockHash`. */
export function findRefundCompletedInBlock(
  db: Db,
  chainId: number,
  chainRefundId: string,
  blockHash: string,
) {
  return db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select([
      "refunds.id",
      "refunds.amount",
      "refunds.deadline",
      "refunds.tx_hash",
      "refunds.block_number",
      "refunds.payment_id as payment_row_id",
      "payments.payment_id",
    ])
    .where("refunds.chain_id", "=", chainId)
    .where("refunds.chain_refund_id", "=", chainRefundId.toLowerCase())
    .where("refunds.block_hash", "=", blockHash.toLowerCase())
    .where("refunds.status", "=", "REFUNDED")
    .executeTakeFirst();
}

/** What a completed refund recorded of its event, cleared when a reorg removes the event. */
const uncompletedColumns = {
  tx_hash: null,
  sender_address: null,
  refunded_at: null,
  chain_id: null,
  block_number: null,
  block_hash: null,
  log_index: null,
} as const;

/**
 * A reorg removed a completed refund's transaction: REFUNDED -> `to` (SUBMITTED: it can still be sent before
 * its deadline; EXPIRED: it cannot), guarded by the status and the block, keeping the removed transaction in
 * `reorged_tx_hash`; its amount leaves the payment's refunds. Answers the payment then, undefined when the refund had moved.
 */
export async function undoCompletedRefund(
  db: Db,
  refund: { id: string; paymentRowId: number; blockHash: string; to: "SUBMITTED" | "EXPIRED"; at: Date },
): Promise<PaymentDetails | undefined> {
  const undone = await db
    .updateTable("refunds")
    .set((eb) => ({
      ...uncompletedColumns,
      status: refund.to,
      reorged_at: refund.at,
      reorged_tx_hash: eb.ref("tx_hash"),
    }))
    .where("id", "=", refund.id)
    .where("status", "=", "REFUNDED")
    .where("block_hash", "=", refund.blockHash)
    .returning("amount")
    .executeTakeFirst();
  if (!undone) return undefined;
  return addRefundedAmount(db, refund.paymentRowId, -BigInt(undone.amount));
}

/**
 * The payment's pay transaction is gone, and every refund of it with it (a refund needs the payment's paid bit):
 * open ones are EXPIRED, completed ones EXPIRED with the removed transaction kept in `reorged_tx_hash`.
 */
export async function expireRefundsOfRemovedPayment(db: Db, paymentRowId: number, at: Date): Promise<void> {
  await db
    .updateTable("refunds")
    .set((eb) => ({
      ...uncompletedColumns,
      status: "EXPIRED",
      reorged_at: eb.case().when("status", "=", "REFUNDED").then(at).else(eb.ref("reorged_at")).end(),
      reorged_tx_hash: eb
        .case()
        .when("status", "=", "REFUNDED")
        .then(eb.ref("tx_hash"))
        .else(eb.ref("reorged_tx_hash"))
        .end(),
    }))
    .where("payment_id", "=", paymentRowId)
    .where("status", "in", ["SUBMITTED", "REFUNDED"])
    .execute();
}

/** Whether the payment has a refund open (SUBMITTED). */
export async function hasOpenRefund(db: Db, paymentRowId: number): Promise<boolean> {
  const row = await db
    .selectFrom("refunds")
    .select("id")
    .where("payment_id", "=", paymentRowId)
    .where("status", "=", "SUBMITTED")
    .executeTakeFirst();
  return row !== undefined;
}
