import { type RawBuilder, sql } from "kysely";
import type { Db } from "../infra/database.js";
import { findAllBy, findOneBy } from "../infra/lookups.js";
import { beforeCursorRow, pageOf } from "../infra/pages.js";
import { type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEventRow } from "../schema/rows.js";
import { type WebhookDeliveryStatus, type WebhookEventType } from "../../domain/records.js";

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

/** `events` as a SQL row source `e(id, payment_row_id, merchant_id, type, payload)`. */
export function eventRecords(events: readonly NewWebhookEvent[]): RawBuilder<unknown> {
  const rows = events.map((event) => ({
    id: event.id,
    payment_row_id: event.paymentRowId,
    merchant_id: event.merchantId,
    type: event.type,
    payload: event.payload,
  }));
  return sql`json_to_recordset(${JSON.stringify(rows)}::json)
    AS e(id text, payment_row_id bigint, merchant_id integer, type text, payload jsonb)`;
}

/**
 * A SQL common table expression writing `deliveries` (those whose event the CTE `inserted_events` wrote),
 * for the statement that writes the events: it goes after that statement's own CTEs. Empty when there are
 * no deliveries. The worker processes' senders find the new deliveries due (no job is added: an event's
 * transaction takes no queue lock).
 */
function deliveryCte(deliveries: readonly NewWebhookDelivery[]): RawBuilder<unknown> {
  if (deliveries.length === 0) return sql``;
  const rows = JSON.stringify(
    deliveries.map((delivery) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      merchant_id: delivery.merchantId,
      next_attempt_at: delivery.nextAttemptAt,
    })),
  );
  return sql`, inserted_deliveries AS (
    INSERT INTO webhook_deliveries (id, event_id, merchant_id, next_attempt_at)
    SELECT d.id, d.event_id, d.merchant_id, d.next_attempt_at
    FROM json_to_recordset(${rows}::json)
      AS d(id text, event_id text, merchant_id integer, next_attempt_at timestamptz)
    JOIN inserted_events ON inserted_events.id = d.event_id
    RETURNING id
  )`;
}

/**
 * The expressions that write events and their deliveries (deliveryCte), `inserted_events` first, for a statement
 * of its own or of another table's writer that records what it changed in the same round trip. `events` is a row
 * source with the columns of eventRecords, aliased `e` (and joined with what limits it).
 */
export function insertEventsCtes(
  events: RawBuilder<unknown>,
  deliveries: readonly NewWebhookDelivery[],
): RawBuilder<unknown> {
  return sql`inserted_events AS (
      INSERT INTO webhook_events (id, merchant_id, payment_id, type, payload)
      SELECT e.id, e.merchant_id, e.payment_row_id, e.type, e.payload FROM ${events}
      RETURNING id
    )${deliveryCte(deliveries)}`;
}

/** Events and their deliveries (deliveryCte), in one statement. */
export async function insertEventsWithDeliveries(
  db: Db,
  input: { events: readonly NewWebhookEvent[]; deliveries: readonly NewWebhookDelivery[] },
): Promise<void> {
  if (input.events.length === 0) return;
  await sql`
    WITH ${insertEventsCtes(eventRecords(input.events), input.deliveries)}
    SELECT count(*) FROM inserted_events`.execute(db);
}

export function insertWebhookDelivery(db: Db, delivery: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
  return db
    .insertInto("webhook_deliveries")
    .values({
      id: delivery.id,
      event_id: delivery.eventId,
      merchant_id: delivery.merchantId,
      next_attempt_at: delivery.nextAttemptAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A claimed delivery with what sending it needs: the event and the merchant's current URL and secret. */
export interface DeliveryToSend {
  id: string;
  merchant_id: number;
  attempt_count: number;
  event_id: string;
  event_type: WebhookEventType;
  event_payload: Record<string, unknown>;
  webhook_url: string | null;
  webhook_secret: string;
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
