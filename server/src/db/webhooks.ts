import { sql } from "kysely";
import type { Db } from "./database.js";
import { findAllBy, findOneBy } from "./lookups.js";
import { beforeCursorRow, pageOf } from "./pages.js";
import { type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEventRow } from "./rows.js";
import { type WebhookDeliveryStatus, type WebhookEventType } from "../domain/records.js";

export interface NewWebhookEvent {
  id: string;
  merchantId: number;
  paymentRowId: number | null;
  type: WebhookEventType;
  payload: object;
}

export interface NewWebhookDelivery {
  id: string;
  eventId: string;
  merchantId: number;
  nextAttemptAt: Date;
}

/** Inserts events in one statement. */
export async function insertWebhookEvents(db: Db, events: readonly NewWebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto("webhook_events")
    .values(
      events.map((event) => ({
        id: event.id,
        merchant_id: event.merchantId,
        payment_id: event.paymentRowId,
        type: event.type,
        payload: JSON.stringify(event.payload),
      })),
    )
    .execute();
}

/** Inserts deliveries in one statement; returns them in the order given. */
export async function insertWebhookDeliveries(
  db: Db,
  deliveries: readonly NewWebhookDelivery[],
): Promise<WebhookDeliveryRow[]> {
  if (deliveries.length === 0) return [];
  const rows = await db
    .insertInto("webhook_deliveries")
    .values(
      deliveries.map((delivery) => ({
        id: delivery.id,
        event_id: delivery.eventId,
        merchant_id: delivery.merchantId,
        next_attempt_at: delivery.nextAttemptAt,
      })),
    )
    .returningAll()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return deliveries.map((delivery) => byId.get(delivery.id) as WebhookDeliveryRow);
}

export async function insertWebhookDelivery(
  db: Db,
  delivery: NewWebhookDelivery,
): Promise<WebhookDeliveryRow> {
  const [row] = await insertWebhookDeliveries(db, [delivery]);
  return row as WebhookDeliveryRow;
}

/** How many of the merchant's PENDING deliveries are due (waiting or being sent), counting up to `atMost`. */
export async function countDueDeliveries(
  db: Db,
  merchantId: number,
  options: { now: Date; atMost: number },
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM webhook_deliveries
      WHERE merchant_id = ${merchantId} AND status = 'PENDING' AND next_attempt_at <= ${options.now}
      LIMIT ${options.atMost}
    ) AS due`.execute(db);
  return rows[0]?.n ?? 0;
}

/** A delivery with what sending it needs: the event and the merchant's current URL and secret. */
export type DeliveryToSend = WebhookDeliveryRow & {
  event_type: WebhookEventType;
  event_payload: Record<string, unknown>;
  webhook_url: string | null;
  webhook_secret: string;
};

export function findDeliveryToSend(db: Db, deliveryId: string): Promise<DeliveryToSend | undefined> {
  return db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
    .innerJoin("merchants", "merchants.id", "webhook_deliveries.merchant_id")
    .selectAll("webhook_deliveries")
    .select([
      "webhook_events.type as event_type",
      "webhook_events.payload as event_payload",
      "merchants.webhook_url",
      "merchants.webhook_secret",
    ])
    .where("webhook_deliveries.id", "=", deliveryId)
    .executeTakeFirst();
}

/** Records attempt `attempt`; undefined when that attempt was already recorded (another runner sent it). */
export async function insertWebhookAttempt(
  db: Db,
  attempt: {
    deliveryId: string;
    attempt: number;
    url: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
  },
): Promise<WebhookAttemptRow | undefined> {
  return db
    .insertInto("webhook_attempts")
    .values({
      delivery_id: attempt.deliveryId,
      attempt: attempt.attempt,
      url: attempt.url,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })
    .onConflict((oc) => oc.constraint("webhook_attempts_delivery_attempt_key").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records the outcome of attempt `attempt` of a PENDING delivery and frees its merchant slot, guarded by
 * the attempt count the sender started from. Undefined: someone else moved the delivery first.
 */
export function updateDeliveryAfterAttempt(
  db: Db,
  deliveryId: string,
  attempt: number,
  outcome: {
    status: "PENDING" | "SUCCEEDED" | "FAILED";
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
  },
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable("webhook_deliveries")
    .set({
      status: outcome.status,
      attempt_count: attempt,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.deliveredAt,
      sending_until: null,
    })
    .where("id", "=", deliveryId)
    .where("status", "=", "PENDING")
    .where("attempt_count", "=", attempt - 1)
    .returningAll()
    .executeTakeFirst();
}

export type DeliveryListItem = WebhookDeliveryRow & {
  event_type: WebhookEventType;
  payment_id: string | null;
  merchant_key: string;
};

/** A page of a merchant's deliveries, newest first; null when `startingAfter` is not the merchant's. */
export function listDeliveriesByMerchantId(
  db: Db,
  filter: { merchantId: number; limit: number; startingAfter?: string; paymentId?: string },
): Promise<{ deliveries: DeliveryListItem[]; hasMore: boolean } | null> {
  return listDeliveries(db, filter);
}

/**
 * A page of deliveries (of one merchant, or all), newest first; null when `startingAfter` names no
 * delivery (of the merchant, when one is given).
 */
export async function listDeliveries(
  db: Db,
  filter: {
    merchantId?: number;
    limit: number;
    startingAfter?: string;
    paymentId?: string;
    status?: WebhookDeliveryStatus;
    deliveryId?: string;
  },
): Promise<{ deliveries: DeliveryListItem[]; hasMore: boolean } | null> {
  let query = db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
    .innerJoin("merchants", "merchants.id", "webhook_deliveries.merchant_id")
    .leftJoin("payments", "payments.id", "webhook_events.payment_id")
    .selectAll("webhook_deliveries")
    .select([
      "webhook_events.type as event_type",
      "payments.payment_id as payment_id",
      "merchants.merchant_key as merchant_key",
    ])
    .orderBy("webhook_deliveries.created_at", "desc")
    .orderBy("webhook_deliveries.id", "desc")
    .limit(filter.limit + 1);
  if (filter.merchantId !== undefined) {
    query = query.where("webhook_deliveries.merchant_id", "=", filter.merchantId);
  }
  if (filter.paymentId !== undefined) query = query.where("payments.payment_id", "=", filter.paymentId);
  if (filter.status !== undefined) query = query.where("webhook_deliveries.status", "=", filter.status);
  if (filter.deliveryId !== undefined) query = query.where("webhook_deliveries.id", "=", filter.deliveryId);
  if (filter.startingAfter !== undefined) {
    const before = await beforeCursorRow(db, "webhook_deliveries", {
      keyColumn: "id",
      key: filter.startingAfter,
      merchantId: filter.merchantId,
    });
    if (!before) return null;
    query = query.where(before);
  }
  const page = pageOf(await query.execute(), filter.limit);
  return { deliveries: page.rows, hasMore: page.hasMore };
}

/** One delivery (any merchant's) with its event type, payment id and merchant key. */
export async function findDeliveryListItem(
  db: Db,
  deliveryId: string,
): Promise<DeliveryListItem | undefined> {
  return (await listDeliveries(db, { deliveryId, limit: 1 }))?.deliveries[0];
}

/** The events recorded about a payment, oldest first. */
export function listEventsByPaymentRowId(db: Db, paymentRowId: number): Promise<WebhookEventRow[]> {
  return findAllBy(db, "webhook_events", { payment_id: paymentRowId }, ["created_at", "id"]);
}

export function listAttemptsByDeliveryIds(db: Db, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("delivery_id", "in", deliveryIds)
    .orderBy("delivery_id")
    .orderBy("attempt")
    .execute();
}

export function findDeliveryByMerchantId(
  db: Db,
  merchantId: number,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  return findOneBy(db, "webhook_deliveries", { id: deliveryId, merchant_id: merchantId });
}
