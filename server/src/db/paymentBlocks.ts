import { sql } from "kysely";
import type { Db } from "./database.js";
import { updateWhere } from "./lookups.js";
import { movePaymentStatus } from "./paymentStatus.js";

/** Where the event that paid a payment was read. */
export interface PaidPaymentBlock {
  payment_id: string;
  tx_hash: string;
  block_number: number;
  block_hash: string;
}

/**
 * The PAID payments of a chain whose pay event was read in blocks `fromBlock..toBlock`: what the watcher
 * checks against its own read of those blocks. An index range scan (payments_paid_block_idx) over the
 * payments of those blocks only.
 */
export function findPaidPaymentsInBlocks(
  db: Db,
  chainId: number,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<PaidPaymentBlock[]> {
  return db
    .selectFrom("payments")
    .select(["payment_id", "tx_hash", "block_number", "block_hash"])
    .where("chain_id", "=", chainId)
    .where("status", "=", "PAID")
    .where("block_number", ">=", Number(fromBlock))
    .where("block_number", "<=", Number(toBlock))
    .$narrowType<PaidPaymentBlock>()
    .execute();
}

/** The block of the chain's last PAID payment at or below `blockNumber` (payments_paid_block_idx, one row). */
export function findLastPaidBlockAtOrBelow(
  db: Db,
  chainId: number,
  blockNumber: bigint,
): Promise<{ block_number: number; block_hash: string } | undefined> {
  return db
    .selectFrom("payments")
    .select(["block_number", "block_hash"])
    .where("chain_id", "=", chainId)
    .where("status", "=", "PAID")
    .where("block_number", "<=", Number(blockNumber))
    .orderBy("block_number", "desc")
    .limit(1)
    .$narrowType<{ block_number: number; block_hash: string }>()
    .executeTakeFirst();
}

/**
 * A reorg removed the transaction that paid the payment: PAID -> CREATED, in one statement guarded by the
 * status and the block the payment was paid in. What was paid is cleared; `reorged_at` and
 * `reorged_tx_hash` keep what was lost. Undefined when the payment is no longer PAID in that block.
 */
export function revertPaidPaymentToCreated(
  db: Db,
  paid: { paymentId: string; blockHash: string; reason: string; at: Date },
): Promise<{ payment_id: string } | undefined> {
  return movePaymentStatus(db, {
    payment: { paymentId: paid.paymentId },
    from: "PAID",
    to: "CREATED",
    guard: { blockHash: paid.blockHash },
    set: (eb) => ({
      reorged_tx_hash: eb.ref("tx_hash"),
      reorged_at: paid.at,
      tx_hash: null,
      payer_address: null,
      confirmed_at: null,
      block_number: null,
      block_hash: null,
      log_index: null,
      fee_amount: null,
      paid_after_expiry: false,
      status_reason: paid.reason,
      seen_tx_hash: null,
      seen_block_number: null,
      seen_at: null,
    }),
  });
}

/**
 * A reorg mined the transaction that paid the payment again, in another block: the payment stays PAID and
 * its record follows the transaction.
 */
export async function movePaidPaymentToBlock(
  db: Db,
  paymentId: string,
  event: { txHash: string; blockNumber: bigint; blockHash: string; logIndex: number },
): Promise<void> {
  await updateWhere(
    db,
    "payments",
    { payment_id: paymentId, status: "PAID", tx_hash: event.txHash },
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

/** What settling a payment from its event compares and writes, read with the row locked (FOR UPDATE). */
export function findPaymentForSettlement(db: Db, paymentId: string) {
  return db
    .selectFrom("payments")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .innerJoin("merchants", "merchants.id", "payments.merchant_id")
    .select([
      "payments.id",
      "payments.status",
      "payments.chain_id",
      "payments.amount",
      "payments.recipient_address",
      "payments.tx_hash",
      "payments.block_hash",
      "tokens.address as token_address",
      "merchants.merchant_id as merchant_bytes32_id",
    ])
    .where("payments.payment_id", "=", paymentId.toLowerCase())
    .forUpdate("payments")
    .executeTakeFirst();
}

/** The payment's row id, status and chain, with the row locked (FOR UPDATE). */
export function lockPaymentStatus(db: Db, paymentId: string) {
  return db
    .selectFrom("payments")
    .select(["id", "status", "chain_id"])
    .where("payment_id", "=", paymentId.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}
