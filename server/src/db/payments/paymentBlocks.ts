import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { updateWhere } from "../infra/lookups.js";
import { type PaymentStatus } from "../../domain/paymentStatus.js";
import { movePaymentStatus } from "./paymentStatus.js";
import type { PaymentDetails } from "./payments.js";

/**
 * What the handler recorded in a block, as the watcher checks it against its read of that block: a gateway event
 * that settled something (`event`: a payment's pay event, a subscription charge's SubscriptionCharged, a completed
 * refund's RefundCompleted), a transfer to a deposit address (`transfer`), or a sweep or return from one (`move`).
 */
export interface RecordedInBlockRow {
  source: "event" | "transfer" | "move";
  /** An event's kind; null for a transfer or a move. */
  kind: "PaymentCompleted" | "RefundCompleted" | "SubscriptionCharged" | null;
  /** An event's: the payment id, the refund's gateway id, or a charge's `subscriptionId:period`; else null. */
  id: string | null;
  tx_hash: string;
  /** A transfer's or a move's log; null for an event (recorded by what it settled). */
  log_index: number | null;
  /** bigint, as PostgreSQL's driver gives it: a decimal string. */
  block_number: string;
  block_hash: string;
}

/**
 * Everything recorded of a chain in blocks `fromBlock..toBlock`, in one round trip (the watcher asks it for every
 * block it reads): the pay event of every payment that has one (PAID, INVALID, REFUND_SUBMITTED, REFUNDED), the
 * SubscriptionCharged of every charge, the RefundCompleted of every REFUNDED refund, and the deposit transfers,
 * sweeps and returns. Index range scans over the rows of those blocks only (payments_settled_block_idx,
 * refunds_refunded_block_idx, deposit_transfers_block_idx, deposit_events_block_idx).
 */
export async function findRecordedInBlocks(
  db: Db,
  chainId: number,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<RecordedInBlockRow[]> {
  const from = Number(fromBlock);
  const to = Number(toBlock);
  const { rows } = await sql<RecordedInBlockRow>`
    SELECT 'event' AS source, 'PaymentCompleted' AS kind, payment_id AS id, tx_hash, NULL::int AS log_index,
      block_number, block_hash FROM payments
    WHERE chain_id = ${chainId} AND block_number BETWEEN ${from} AND ${to}
      AND block_number IS NOT NULL AND subscription_id IS NULL
    UNION ALL
    SELECT 'event', 'SubscriptionCharged', s.subscription_id || ':' || p.subscription_period, p.tx_hash, NULL,
      p.block_number, p.block_hash FROM payments p JOIN subscriptions s ON s.id = p.subscription_id
    WHERE p.chain_id = ${chainId} AND p.block_number BETWEEN ${from} AND ${to} AND p.block_number IS NOT NULL
    UNION ALL
    SELECT 'event', 'RefundCompleted', chain_refund_id, tx_hash, NULL, block_number, block_hash FROM refunds
    WHERE chain_id = ${chainId} AND status = 'REFUNDED' AND block_number IS NOT NULL
      AND block_number BETWEEN ${from} AND ${to}
    UNION ALL
    SELECT 'transfer', NULL, NULL, tx_hash, log_index, block_number, block_hash FROM deposit_transfers
    WHERE chain_id = ${chainId} AND block_number BETWEEN ${from} AND ${to}
    UNION ALL
    SELECT 'move', NULL, NULL, tx_hash, log_index, block_number, block_hash FROM deposit_events
    WHERE chain_id = ${chainId} AND block_number BETWEEN ${from} AND ${to}
    ORDER BY block_number`.execute(db);
  return rows;
}

/**
 * The highest block of the chain at or below `blockNumber` that holds a recorded event (a payment's pay event or
 * a completed refund's): one row of each index.
 */
export async function findLastRecordedBlockAtOrBelow(
  db: Db,
  chainId: number,
  blockNumber: bigint,
): Promise<{ block_number: number; block_hash: string } | undefined> {
  const { rows } = await sql<{ block_number: number; block_hash: string }>`
    SELECT block_number, block_hash FROM (
      (SELECT block_number, block_hash FROM payments
       WHERE chain_id = ${chainId} AND block_number IS NOT NULL AND block_number <= ${Number(blockNumber)}
       ORDER BY block_number DESC LIMIT 1)
      UNION ALL
      (SELECT block_number, block_hash FROM refunds
       WHERE chain_id = ${chainId} AND status = 'REFUNDED' AND block_number IS NOT NULL
         AND block_number <= ${Number(blockNumber)}
       ORDER BY block_number DESC LIMIT 1)
    ) AS recorded ORDER BY block_number DESC LIMIT 1`.execute(db);
  return rows[0];
}

/** What a payment's pay event recorded, cleared when a reorg removes it (the payment is CREATED again). */
const unpaidColumns = {
  tx_hash: null,
  payer_address: null,
  confirmed_at: null,
  block_number: null,
  block_hash: null,
  log_index: null,
  fee_amount: null,
  paid_after_expiry: false,
  seen_tx_hash: null,
  seen_block_number: null,
  seen_at: null,
  refunded_amount: 0n,
  paid_via: null,
} as const;

/**
 * A reorg removed the transaction that paid the payment: `from` (PAID, INVALID, REFUND_SUBMITTED or REFUNDED)
 * -> CREATED, in one statement guarded by the status and the block the payment was paid in. What was paid
 * (and what its refunds sent back) is cleared; `reorged_at` and `reorged_tx_hash` keep what was lost.
 * Undefined when the payment is no longer in that state in that block.
 */
export function revertPaymentToCreated(
  db: Db,
  paid: { paymentId: string; from: PaymentStatus; blockHash: string; reason: string; at: Date },
): Promise<PaymentDetails | undefined> {
  return movePaymentStatus(db, {
    payment: { paymentId: paid.paymentId },
    from: paid.from,
    to: "CREATED",
    guard: { blockHash: paid.blockHash },
    set: (eb) => ({
      ...unpaidColumns,
      reorged_tx_hash: eb.ref("tx_hash"),
      reorged_at: paid.at,
      status_reason: paid.reason,
    }),
  });
}

/**
 * A reorg mined the transaction that paid the payment again, in another block: whatever the payment became
 * since, its record follows the transaction. False when the payment was not paid by that transaction.
 */
export function movePaymentToBlock(
  db: Db,
  paymentId: string,
  event: { txHash: string; blockNumber: bigint; blockHash: string; logIndex: number },
): Promise<boolean> {
  return updateWhere(
    db,
    "payments",
    { payment_id: paymentId, tx_hash: event.txHash },
    { block_number: Number(event.blockNumber), block_hash: event.blockHash, log_index: event.logIndex },
  );
}

/** A PaymentCompleted event read between a chain's final block and its head. */
export interface SeenPayment {
  paymentId: string;
  txHash: string;
  blockNumber: bigint;
}

/**
 * Marks the chain's payments that `seen` paid, mined but not final yet, in one statement: those still
 * CREATED and not past `expiresAt` at `now` (the payer paid in time) get the transaction and `seen_at`,
 * which holds their expiry (findDuePaymentDetails). A payment already marked with the same transaction
 * keeps its first `seen_at`, so a transaction that stays unfinal (or was reorged out) holds it for a
 * bounded time only. Returns the payment ids it marked.
 */
export async function markSeenPayments(
  db: Db,
  chainId: number,
  seen: readonly SeenPayment[],
  now: Date,
): Promise<string[]> {
  if (seen.length === 0) return [];
  const rows = seen.map((entry) => ({
    payment_id: entry.paymentId.toLowerCase(),
    tx_hash: entry.txHash.toLowerCase(),
    block_number: entry.blockNumber.toString(),
  }));
  const { rows: marked } = await sql<{ payment_id: string }>`
    UPDATE payments
    SET seen_tx_hash = s.tx_hash, seen_block_number = s.block_number, seen_at = ${now}
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS s(payment_id text, tx_hash text, block_number bigint)
    WHERE payments.payment_id = s.payment_id AND payments.chain_id = ${chainId}
      AND payments.status = 'CREATED' AND payments.expires_at > ${now}
      AND payments.seen_tx_hash IS DISTINCT FROM s.tx_hash
    RETURNING payments.payment_id`.execute(db);
  return marked.map((row) => row.payment_id);
}

/**
 * What settling a payment from its event compares and writes, read with the row locked (FOR UPDATE): by its bytes32
 * `paymentId`, or as the charge of a subscription's period (its payment that did not fail).
 */
export function findPaymentForSettlement(
  db: Db,
  payment: { paymentId: string } | { subscriptionId: string; period: number },
) {
  const query = db
    .selectFrom("payments")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .innerJoin("merchants", "merchants.id", "payments.merchant_id")
    .select([
      "payments.id",
      "payments.payment_id",
      "payments.status",
      "payments.chain_id",
      "payments.amount",
      "payments.recipient_address",
      "payments.tx_hash",
      "payments.block_hash",
      "payments.gateway_address",
      "payments.paid_via",
      "tokens.address as token_address",
      "merchants.merchant_id as merchant_bytes32_id",
    ])
    .forUpdate("payments");
  return (
    "paymentId" in payment
      ? query.where("payments.payment_id", "=", payment.paymentId.toLowerCase())
      : query
          .where("payments.subscription_id", "=", payment.subscriptionId)
          .where("payments.subscription_period", "=", payment.period)
          .where("payments.status", "<>", "FAILED")
  ).executeTakeFirst();
}

/** The payment's row id, status, chain and where its pay event was read, with the row locked (FOR UPDATE). */
export function lockPaymentStatus(db: Db, paymentId: string) {
  return db
    .selectFrom("payments")
    .select(["id", "payment_id", "status", "chain_id", "tx_hash", "block_number", "block_hash"])
    .where("payment_id", "=", paymentId.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}
