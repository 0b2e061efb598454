import { sql, type QueryCreator, type UpdateQueryBuilder } from "kysely";
import type { Database } from "../schema/types.js";
import type { Db } from "../infra/database.js";
import { readPage } from "../infra/pages.js";
import { paymentsMatching, type PaymentFilter } from "./paymentSearch.js";
import { type NewPaymentRow, type PaymentRow } from "../schema/rows.js";

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
  /** Whether the merchant has a webhook URL: its events get deliveries. */
  merchant_has_webhook: boolean;
};

/** The payments joined with what their views need (PaymentDetails), for the payment reads of db/. */
export function selectPaymentDetails(db: QueryCreator<Database>) {
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
    ])
    .select(sql<boolean>`merchants.webhook_url IS NOT NULL`.as("merchant_has_webhook"));
}

/** An UPDATE of `payments` returning the whole rows it changed, for paymentDetailsAfter. */
export type PaymentsUpdate = UpdateQueryBuilder<Database, "payments", "payments", PaymentRow>;

/**
 * The details of the payments `update` changed, as changed, in the same statement: the UPDATE runs as a common
 * table expression named like the table (inside it `payments` is the table; after it, the rows it returned), so
 * a writer hands its caller what the events of the change need without reading the row again.
 */
export function paymentDetailsAfter(db: Db, update: (db: QueryCreator<Database>) => PaymentsUpdate) {
  // The expression has the table's selected columns: the join reads it as it reads the table.
  return selectPaymentDetails(db.with("payments", update) as unknown as QueryCreator<Database>);
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

/** The unbatched INSERT of one payment, on `db` (a transaction's, for an insert that must commit with it). */
export function paymentInserterIn(db: Db): PaymentInserter {
  return async (payment) => (await insertPayments(db, [payment]))[0];
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
  return selectPaymentDetails(db).where("payments.payment_id", "=", paymentId).executeTakeFirst();
}

export function findPaymentDetailsByMerchantIdAndOrderId(
  db: Db,
  merchantId: number,
  orderId: string,
): Promise<PaymentDetails | undefined> {
  return selectPaymentDetails(db)
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
  const select = selectPaymentDetails(db).where(paymentsMatching(filter));
  const page = await readPage(db, select, "payments", "payment_id", filter);
  return page ? { payments: page.rows, hasMore: page.hasMore } : null;
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

/** A payment's public id, status, expiry and chain, by its row id. */
export function findPaymentStateByRowId(db: Db, rowId: number) {
  return db
    .selectFrom("payments")
    .select(["payment_id", "status", "expires_at", "chain_id"])
    .where("id", "=", rowId)
    .executeTakeFirstOrThrow();
}
