import { sql } from "kysely";
import type { Db } from "./database.js";
import { paymentsMatching, type PaymentFilter } from "./paymentSearch.js";
import { movePaymentStatus } from "./paymentStatus.js";
import "./lifecycleTypes.js";
import type { NewPaymentRow, PaymentRow } from "./types.js";
import type { NewWebhookDelivery, NewWebhookEvent } from "./webhooks.js";

/** The unique key that turns a concurrent duplicate create into DUPLICATE_ORDER. */
export const PAYMENT_ORDER_UNIQUE = "payments_merchant_id_order_id_key";

/** A payment with what its responses need from the token, chain and merchant. */
export type PaymentDetails = PaymentRow & {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  token_permit_supported: boolean;
  network_id: number;
  merchant_bytes32_id: string;
  merchant_faucet_enabled: boolean;
  merchant_name: string;
};

function selectDetails(db: Db) {
  return db
    .selectFrom("payments")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .innerJoin("chains", "chains.id", "payments.chain_id")
    .innerJoin("merchants", "merchants.id", "payments.merchant_id")
    .selectAll("payments")
    .select([
      "tokens.address as token_address",
      "tokens.symbol as token_symbol",
      "tokens.decimals as token_decimals",
      "tokens.permit_supported as token_permit_supported",
      "chains.network_id",
      "merchants.merchant_id as merchant_bytes32_id",
      "merchants.faucet_enabled as merchant_faucet_enabled",
      "merchants.name as merchant_name",
    ]);
}

/** Inserts a payment; resolves undefined when the merchant already used its order id. */
export type PaymentInserter = (
  payment: NewPaymentRow & { payment_id: string },
) => Promise<PaymentRow | undefined>;

/** Most rows in one INSERT (17 parameters each, far below PostgreSQL's 65,535). */
const MAX_BATCH = 100;

interface Queued {
  payment: NewPaymentRow & { payment_id: string };
  resolve: (row: PaymentRow | undefined) => void;
  reject: (error: unknown) => void;
}

function insertPayments(db: Db, payments: NewPaymentRow[]): Promise<PaymentRow[]> {
  return db
    .insertInto("payments")
    .values(payments)
    .onConflict((conflict) => conflict.constraint(PAYMENT_ORDER_UNIQUE).doNothing())
    .returningAll()
    .execute();
}

/**
 * Payment creation's INSERT, batched ("group commit"): a row goes at once unless an INSERT is running;
 * then it waits and leaves with the rows that arrived meanwhile, in one multi-row INSERT ... ON CONFLICT
 * (merchant_id, order_id) DO NOTHING. Under load this makes one round trip and one commit of dozens of
 * creations; alone, a row pays nothing for it. One INSERT at a time made the largest batches and measured
 * best (bench:api: 1,350-1,550 req/s and p99 75-87 ms, against 1,160-1,360 req/s and 80-88 ms with 4 or 8). A row the statement does not return
 * met an order id already taken (by an earlier row of the same statement too): its caller gets undefined.
 * When a batch fails for another reason, its rows are retried one by one, so that a bad row fails only
 * its own caller.
 */
export function createPaymentInserter(db: Db): PaymentInserter {
  const waiting: Queued[] = [];
  let running = false;

  async function insertAlone(entry: Queued): Promise<void> {
    try {
      const [row] = await insertPayments(db, [entry.payment]);
      entry.resolve(row);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function insertBatch(batch: Queued[]): Promise<void> {
    let rows: PaymentRow[];
    try {
      rows = await insertPayments(
        db,
        batch.map((entry) => entry.payment),
      );
    } catch {
      await Promise.all(batch.map(insertAlone));
      return;
    }
    const inserted = new Map(rows.map((row) => [row.payment_id, row]));
    for (const entry of batch) entry.resolve(inserted.get(entry.payment.payment_id));
  }

  function drain(): void {
    if (running || waiting.length === 0) return;
    const batch = waiting.splice(0, MAX_BATCH);
    running = true;
    void (batch.length === 1 ? insertAlone(batch[0] as Queued) : insertBatch(batch)).finally(() => {
      running = false;
      drain();
    });
  }

  return (payment) =>
    new Promise((resolve, reject) => {
      waiting.push({ payment, resolve, reject });
      drain();
    });
}

export function findPaymentDetailsByPaymentId(
  db: Db,
  paymentId: string,
): Promise<PaymentDetails | undefined> {
  return selectDetails(db).where("payments.payment_id", "=", paymentId).executeTakeFirst();
}

/** Several payments at once (the ones found; in no particular order). */
export function findPaymentDetailsByPaymentIds(
  db: Db,
  paymentIds: readonly string[],
): Promise<PaymentDetails[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return selectDetails(db).where("payments.payment_id", "in", paymentIds).execute();
}

export function findPaymentDetailsByMerchantIdAndOrderId(
  db: Db,
  merchantId: number,
  orderId: string,
): Promise<PaymentDetails | undefined> {
  return selectDetails(db)
    .where("payments.merchant_id", "=", merchantId)
    .where("payments.order_id", "=", orderId)
    .executeTakeFirst();
}

export interface ListPaymentsFilter extends PaymentFilter {
  merchantId: number;
  limit: number;
  /** payment_id of the last item of the previous page; must be the merchant's own. */
  startingAfter?: string;
}

/**
 * A page of the merchant's payments, newest first, with `hasMore`. Returns null when `startingAfter`
 * names no payment of this merchant.
 */
export function listPaymentDetailsByMerchantId(
  db: Db,
  filter: ListPaymentsFilter,
): Promise<{ payments: PaymentDetails[]; hasMore: boolean } | null> {
  return listPaymentDetails(db, filter);
}

/** The operator's filters: any merchant (or one). */
export interface ListAllPaymentsFilter extends Omit<ListPaymentsFilter, "merchantId"> {
  merchantId?: number;
}

/**
 * A page of payments, newest first, with `hasMore`. Returns null when `startingAfter` names no payment
 * (of the merchant, when one is given). The cursor is a position in that order, so it pages the same
 * whatever the filter.
 */
export async function listPaymentDetails(
  db: Db,
  filter: ListAllPaymentsFilter,
): Promise<{ payments: PaymentDetails[]; hasMore: boolean } | null> {
  let query = selectDetails(db)
    .where(paymentsMatching(filter))
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(filter.limit + 1);
  if (filter.startingAfter !== undefined) {
    let cursorQuery = db.selectFrom("payments").select("id").where("payment_id", "=", filter.startingAfter);
    if (filter.merchantId !== undefined)
      cursorQuery = cursorQuery.where("merchant_id", "=", filter.merchantId);
    const cursor = await cursorQuery.executeTakeFirst();
    if (!cursor) return null;
    // Compared inside SQL: a JS Date would drop the microseconds of created_at.
    query = query.where(
      sql<boolean>`(payments.created_at, payments.id) < (SELECT created_at, id FROM payments WHERE id = ${cursor.id})`,
    );
  }
  const rows = await query.execute();
  return { payments: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
}

/**
 * Up to `limit` CREATED payments past `expiresAt` at `now` (only `paymentId` when given), oldest deadline
 * first; read without a lock, for expirePaymentsWithEvents to move the ones still due. A payment whose pay
 * transaction was seen mined after `heldSince` (markSeenPayments) is not due: it waits for finality.
 */
export function findDuePaymentDetails(
  db: Db,
  options: { now: Date; heldSince: Date; limit: number; paymentId?: string },
): Promise<PaymentDetails[]> {
  let query = selectDetails(db)
    .where("payments.status", "=", "CREATED")
    .where("payments.expires_at", "<=", options.now)
    .where((eb) =>
      eb.or([eb("payments.seen_at", "is", null), eb("payments.seen_at", "<=", options.heldSince)]),
    )
    .orderBy("payments.expires_at")
    .limit(options.limit);
  if (options.paymentId !== undefined) query = query.where("payments.payment_id", "=", options.paymentId);
  return query.execute();
}

/**
 * In one statement (so its row locks last no longer than that statement): CREATED -> EXPIRED for those of
 * the events' payments still CREATED and due at `now`, and not seen paid after `heldSince` (rows another transaction holds are skipped, not
 * waited for), and, for exactly those, their events, deliveries and delivery jobs (`task`, graphile-worker's
 * add_jobs). Returns the payment ids it expired.
 */
export async function expirePaymentsWithEvents(
  db: Db,
  input: {
    now: Date;
    heldSince: Date;
    events: readonly NewWebhookEvent[];
    deliveries: readonly (NewWebhookDelivery & { job: object })[];
    task: string;
  },
): Promise<string[]> {
  if (input.events.length === 0) return [];
  const events = input.events.map((event) => ({
    id: event.id,
    payment_row_id: event.paymentRowId,
    merchant_id: event.merchantId,
    type: event.type,
    payload: event.payload,
  }));
  const deliveries = input.deliveries.map((delivery) => ({
    id: delivery.id,
    event_id: delivery.eventId,
    merchant_id: delivery.merchantId,
    next_attempt_at: delivery.nextAttemptAt,
    job: delivery.job,
  }));
  // No delivery (no merchant with a webhook URL): no job either, and no call into the job queue.
  const deliveryCtes =
    deliveries.length === 0
      ? sql``
      : sql`, inserted_deliveries AS (
      INSERT INTO webhook_deliveries (id, event_id, merchant_id, next_attempt_at)
      SELECT d.id, d.event_id, d.merchant_id, d.next_attempt_at
      FROM json_to_recordset(${JSON.stringify(deliveries)}::json)
        AS d(id text, event_id text, merchant_id integer, next_attempt_at timestamptz, job json)
      JOIN inserted_events ON inserted_events.id = d.event_id
      RETURNING id
    ), jobs AS (
      SELECT count(*) AS added FROM graphile_worker.add_jobs(ARRAY(
        SELECT json_populate_record(NULL::graphile_worker.job_spec, json_build_object('identifier', ${input.task}::text, 'payload', d.job, 'job_key', d.id))
        FROM json_to_recordset(${JSON.stringify(deliveries)}::json) AS d(id text, job json)
        JOIN inserted_deliveries ON inserted_deliveries.id = d.id
      ))
    )`;
  const { rows } = await sql<{ payment_id: string }>`
    WITH input AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(events)}::json)
        AS e(id text, payment_row_id bigint, merchant_id integer, type text, payload jsonb)
    ), due AS (
      SELECT payments.id FROM payments JOIN input ON input.payment_row_id = payments.id
      WHERE payments.status = 'CREATED' AND payments.expires_at <= ${input.now}
        AND (payments.seen_at IS NULL OR payments.seen_at <= ${input.heldSince})
      FOR UPDATE OF payments SKIP LOCKED
    ), expired AS (
      UPDATE payments SET status = 'EXPIRED' FROM due
      WHERE payments.id = due.id AND payments.status = 'CREATED'
      RETURNING payments.id, payments.payment_id
    ), inserted_events AS (
      INSERT INTO webhook_events (id, merchant_id, payment_id, type, payload)
      SELECT input.id, input.merchant_id, input.payment_row_id, input.type, input.payload
      FROM input JOIN expired ON expired.id = input.payment_row_id
      RETURNING id
    )${deliveryCtes}
    SELECT expired.payment_id FROM expired${deliveries.length === 0 ? sql`` : sql`, jobs`}`.execute(db);
  return rows.map((row) => row.payment_id);
}

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
  await db
    .updateTable("payments")
    .set({
      block_number: Number(event.blockNumber),
      block_hash: event.blockHash,
      log_index: event.logIndex,
    })
    .where("payment_id", "=", paymentId)
    .where("status", "=", "PAID")
    .where("tx_hash", "=", event.txHash)
    .execute();
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

/** The current status of each of `paymentIds` that exists (one indexed read, whatever the count). */
export function findPaymentStatusesByPaymentIds(
  db: Db,
  paymentIds: readonly string[],
): Promise<Pick<PaymentRow, "payment_id" | "status">[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("payments")
    .select(["payment_id", "status"])
    .where("payment_id", "in", paymentIds)
    .execute();
}
