import { type RawBuilder, sql } from "kysely";
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

/** A delivery with the payload of the job that sends it. */
export type NewWebhookDeliveryWithJob = NewWebhookDelivery & { job: object };

/** How deliveries get their jobs: the task that sends one, and the merchant's slots (see jobsOfNewDeliveries). */
export interface DeliveryJobOptions {
  task: string;
  perMerchant: number;
}

/**
 * SQL common table expressions writing `deliveries` (those whose event the CTE `inserted_events` wrote)
 * and their jobs, for the statement that writes the events: `ctes` goes after that statement's own CTEs,
 * `from` after its final SELECT's FROM (the jobs CTE runs only when selected). Both empty when there are
 * no deliveries: no call into the job queue.
 *
 * A delivery gets a job (`task`, graphile-worker's add_jobs) only while its merchant has fewer than
 * `perMerchant` due deliveries, counting those written before it: the others wait, parked, for one of the
 * merchant's attempts to end and start them, instead of each costing a job that would find no free slot
 * and coming ahead of other merchants' work.
 */
export function deliveryWithJobCtes(
  deliveries: readonly NewWebhookDeliveryWithJob[],
  options: DeliveryJobOptions,
): { ctes: RawBuilder<unknown>; from: RawBuilder<unknown> } {
  if (deliveries.length === 0) return { ctes: sql``, from: sql`` };
  const rows = JSON.stringify(
    deliveries.map((delivery) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      merchant_id: delivery.merchantId,
      next_attempt_at: delivery.nextAttemptAt,
      job: delivery.job,
    })),
  );
  return {
    ctes: sql`, inserted_deliveries AS (
      INSERT INTO webhook_deliveries (id, event_id, merchant_id, next_attempt_at)
      SELECT d.id, d.event_id, d.merchant_id, d.next_attempt_at
      FROM json_to_recordset(${rows}::json)
        AS d(id text, event_id text, merchant_id integer, next_attempt_at timestamptz, job json)
      JOIN inserted_events ON inserted_events.id = d.event_id
      RETURNING id
    ), specs AS (
      SELECT ARRAY(
        SELECT json_populate_record(NULL::graphile_worker.job_spec,
          json_build_object('identifier', ${options.task}::text, 'payload', d.job, 'job_key', d.id))
        FROM (
          SELECT d.id, d.merchant_id, d.next_attempt_at, d.job,
            row_number() OVER (PARTITION BY d.merchant_id ORDER BY d.next_attempt_at, d.id) AS place
          FROM json_to_recordset(${rows}::json) AS d(id text, merchant_id integer, next_attempt_at timestamptz, job json)
          JOIN inserted_deliveries ON inserted_deliveries.id = d.id
        ) AS d
        WHERE d.place + (
          SELECT count(*) FROM (
            SELECT 1 FROM webhook_deliveries w
            WHERE w.merchant_id = d.merchant_id AND w.status = 'PENDING' AND w.next_attempt_at <= d.next_attempt_at
            LIMIT ${options.perMerchant}::int
          ) AS due
        ) <= ${options.perMerchant}::int
      ) AS jobs
    ), jobs AS (
      -- No job (every delivery parked): no call, so no NOTIFY, whose commit-time lock serializes commits.
      SELECT count(*) AS added FROM specs, graphile_worker.add_jobs(specs.jobs) WHERE cardinality(specs.jobs) > 0
    )`,
    from: sql`, jobs`,
  };
}

/** Events, their deliveries and the deliveries' jobs (deliveryWithJobCtes), in one statement. */
export async function insertEventsWithDeliveries(
  db: Db,
  input: { events: readonly NewWebhookEvent[]; deliveries: readonly NewWebhookDeliveryWithJob[] },
  jobs: DeliveryJobOptions,
): Promise<void> {
  if (input.events.length === 0) return;
  const deliveries = deliveryWithJobCtes(input.deliveries, jobs);
  await sql`
    WITH inserted_events AS (
      INSERT INTO webhook_events (id, merchant_id, payment_id, type, payload)
      SELECT e.id, e.merchant_id, e.payment_row_id, e.type, e.payload FROM ${eventRecords(input.events)}
      RETURNING id
    )${deliveries.ctes}
    SELECT count(*) FROM inserted_events${deliveries.from}`.execute(db);
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

/** A claimed delivery with what sending it needs: the event and the merchant's current URL and secret. */
export interface DeliveryToSend {
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
