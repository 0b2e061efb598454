import { sql, type Insertable, type Selectable } from "kysely";
import type { Db } from "../infra/database.js";
import { readPage, type PageRequest } from "../infra/pages.js";
import type { PaymentRow } from "../schema/rows.js";
import type { SubscriptionCanceledBy, SubscriptionStatus } from "../../domain/subscriptions.js";
import type { SubscriptionsTable } from "../schema/subscriptionTables.js";

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscriptionRow = Insertable<SubscriptionsTable>;

/** The unique key that turns a second subscription of one order id into DUPLICATE_ORDER. */
export const SUBSCRIPTION_ORDER_UNIQUE = "subscriptions_merchant_order_key";

/** A subscription with what its views and charges need from its token, chain and merchant. */
export type SubscriptionDetails = SubscriptionRow & {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  network_id: number;
  merchant_bytes32_id: string;
  merchant_name: string;
  merchant_has_webhook: boolean;
};

export function selectSubscriptionDetails(db: Db) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("tokens", "tokens.id", "subscriptions.token_id")
    .innerJoin("chains", "chains.id", "subscriptions.chain_id")
    .innerJoin("merchants", "merchants.id", "subscriptions.merchant_id")
    .selectAll("subscriptions")
    .select([
      "tokens.address as token_address",
      "tokens.symbol as token_symbol",
      "tokens.decimals as token_decimals",
      "chains.network_id",
      "merchants.merchant_id as merchant_bytes32_id",
      "merchants.name as merchant_name",
    ])
    .select(sql<boolean>`merchants.webhook_url IS NOT NULL`.as("merchant_has_webhook"));
}

/** Inserts a subscription; undefined when the merchant already used its order id. */
export function insertSubscription(db: Db, row: NewSubscriptionRow): Promise<SubscriptionRow | undefined> {
  return db
    .insertInto("subscriptions")
    .values(row)
    .onConflict((conflict) => conflict.constraint(SUBSCRIPTION_ORDER_UNIQUE).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** One subscription by its sub_ id; with `merchantId`, only that merchant's. */
export function findSubscriptionDetails(
  db: Db,
  id: string,
  merchantId?: number,
): Promise<SubscriptionDetails | undefined> {
  let query = selectSubscriptionDetails(db).where("subscriptions.id", "=", id);
  if (merchantId !== undefined) query = query.where("subscriptions.merchant_id", "=", merchantId);
  return query.executeTakeFirst();
}

/** One subscription by the schedule's bytes32 subscriptionId (what the gateway's events carry). */
export function findSubscriptionDetailsBySubscriptionId(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionDetails | undefined> {
  return selectSubscriptionDetails(db)
    .where("subscriptions.subscription_id", "=", subscriptionId.toLowerCase())
    .executeTakeFirst();
}

/** A merchant's subscriptions, newest first; undefined for an unknown cursor. */
export function listSubscriptionDetails(
  db: Db,
  page: PageRequest & { merchantId: number; status?: SubscriptionStatus | undefined },
) {
  let query = selectSubscriptionDetails(db).where("subscriptions.merchant_id", "=", page.merchantId);
  if (page.status) query = query.where("subscriptions.status", "=", page.status);
  return readPage(db, query, "subscriptions", "id", page);
}

/** The payer's signature completes a PENDING schedule, which becomes ACTIVE (guarded: once). */
export function activateSubscription(
  db: Db,
  id: string,
  signed: {
    payerAddress: string;
    startsAt: bigint;
    usePermit2: boolean;
    digest: string;
    payerSignature: string;
    serverSignature: string;
    nextChargeAt: Date;
  },
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable("subscriptions")
    .set({
      status: "ACTIVE",
      payer_address: signed.payerAddress,
      starts_at: signed.startsAt,
      use_permit2: signed.usePermit2,
      digest: signed.digest,
      payer_signature: signed.payerSignature,
      server_signature: signed.serverSignature,
      next_charge_at: signed.nextChargeAt,
    })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .returningAll()
    .executeTakeFirst();
}

/** Ends a subscription that is not ended yet (guarded: the first cancellation wins). */
export function cancelSubscriptionRow(
  db: Db,
  id: string,
  by: SubscriptionCanceledBy,
  now: Date,
  reason?: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable("subscriptions")
    .set({
      status: "CANCELED",
      canceled_by: by,
      canceled_at: now,
      next_charge_at: null,
      ...(reason ? { last_error: reason } : {}),
    })
    .where("id", "=", id)
    .where("status", "in", ["PENDING", "ACTIVE", "PAST_DUE"])
    .returningAll()
    .executeTakeFirst();
}

/** Subscriptions whose next charge is due at `now`, oldest due first. */
export async function findDueSubscriptionIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("status", "in", ["ACTIVE", "PAST_DUE"])
    .where("next_charge_at", "<=", now)
    .orderBy("next_charge_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The payment of a subscription's charge of `period` under way or paid (not a FAILED one), if any. */
export function findChargePayment(db: Db, id: string, period: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("subscription_id", "=", id)
    .where("subscription_period", "=", period)
    .where("status", "<>", "FAILED")
    .executeTakeFirst();
}

/** The block of a subscription's latest charge on record (settled), if any: where the payer's allowance last sufficed. */
export async function findLastChargeBlock(db: Db, id: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.max("block_number").as("block"))
    .where("subscription_id", "=", id)
    .where("status", "<>", "FAILED")
    .executeTakeFirst();
  return row?.block === null || row?.block === undefined ? undefined : BigInt(row.block);
}

/** The charge payment a relayer transaction sent (linked by its order id's sender transaction). */
export function findChargePaymentBySenderTransaction(db: Db, senderTransactionId: number) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("subscription_id", "is not", null)
    .where("charge_sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** A subscription's charges (payments), newest period first. */
export function listChargePayments(db: Db, id: string): Promise<PaymentRow[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("subscription_id", "=", id)
    .orderBy("subscription_period", "desc")
    .execute();
}

/** Moves a subscription's charging state on, only while it still expects `period` (guarded). */
export function moveSubscriptionCharge(
  db: Db,
  id: string,
  period: number,
  next: {
    status?: SubscriptionStatus;
    nextPeriod: number;
    nextChargeAt: Date | null;
    failedAttempts: number;
    lastError: string | null;
    canceledBy?: SubscriptionCanceledBy;
    canceledAt?: Date;
  },
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable("subscriptions")
    .set({
      ...(next.status ? { status: next.status } : {}),
      next_period: next.nextPeriod,
      next_charge_at: next.nextChargeAt,
      failed_attempts: next.failedAttempts,
      last_error: next.lastError,
      ...(next.canceledBy ? { canceled_by: next.canceledBy, canceled_at: next.canceledAt ?? null } : {}),
    })
    .where("id", "=", id)
    .where("next_period", "=", period)
    .where("status", "in", ["ACTIVE", "PAST_DUE"])
    .returningAll()
    .executeTakeFirst();
}

/** Subscriptions canceled through Kassa (merchant or payer) whose schedule was signed, not yet canceled on-chain. */
export async function findChainCancelsDue(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("status", "=", "CANCELED")
    .where("canceled_by", "in", ["merchant", "payer"])
    .where("digest", "is not", null)
    .where("chain_cancel", "is", null)
    .orderBy("canceled_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Records the on-chain cancellation: the relayer's transaction, or that none is needed; false when it was
 * recorded already (guarded: sent once).
 */
export async function recordChainCancel(
  db: Db,
  id: string,
  senderTransactionId: number | undefined,
): Promise<boolean> {
  const row = await db
    .updateTable("subscriptions")
    .set(
      senderTransactionId === undefined
        ? { chain_cancel: "unneeded" }
        : { chain_cancel: "sent", chain_cancel_sender_transaction_id: senderTransactionId },
    )
    .where("id", "=", id)
    .where("chain_cancel", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A cancellation sent by relayer transaction `senderTransactionId` failed: due again (guarded: that one's). */
export async function reopenChainCancel(db: Db, senderTransactionId: number): Promise<boolean> {
  const row = await db
    .updateTable("subscriptions")
    .set({ chain_cancel: null, chain_cancel_sender_transaction_id: null })
    .where("chain_cancel", "=", "sent")
    .where("chain_cancel_sender_transaction_id", "=", senderTransactionId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A charge of `period` no longer holds (a reorg removed it): the subscription expects that period again, due
 * `now`, ACTIVE (guarded: only while it had moved past it and was not canceled).
 */
export function reopenSubscriptionPeriod(
  db: Db,
  id: string,
  period: number,
  now: Date,
  lastError: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable("subscriptions")
    .set({
      status: "ACTIVE",
      next_period: period,
      next_charge_at: now,
      failed_attempts: 0,
      last_error: lastError,
    })
    .where("id", "=", id)
    .where("next_period", ">", period)
    .where("status", "in", ["ACTIVE", "PAST_DUE", "COMPLETED"])
    .returningAll()
    .executeTakeFirst();
}
