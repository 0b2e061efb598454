import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { Db } from "../db/database.js";
import type { WebhookDeliveryRow, WebhookEventType } from "../db/lifecycleTypes.js";
import { findMerchantIdsWithWebhookUrl, updateMerchantByKey } from "../db/merchants.js";
import { findPaymentDetailsByPaymentIds, type PaymentDetails } from "../db/payments.js";
import type { MerchantRow } from "../db/types.js";
import {
  claimDeliverySlot,
  countDueDeliveries,
  findDeliveryByMerchantId,
  insertWebhookAttempt,
  insertWebhookDeliveries,
  insertWebhookDelivery,
  insertWebhookEvents,
  listAttemptsByDeliveryIds,
  lockMerchantSlots,
  listDeliveriesByMerchantId,
  listStrandedDeliveries,
  takeDeliveriesToWake,
  updateDeliveryAfterAttempt,
  type DeliveryListItem,
  type NewWebhookDelivery,
  type NewWebhookEvent,
} from "../db/webhooks.js";
import { newWebhookSecret } from "../domain/ids.js";
import { KassaError } from "../errors.js";
import { enqueueJob, enqueueJobs } from "../db/jobQueue.js";
import type { WebhookEventBody } from "./webhooks/events.js";
import { postWebhook } from "./webhooks/http.js";
import { TASKS } from "../domain/tasks.js";

/**
 * Delays before each retry after a failed attempt: about three and a half days in all, then the delivery
 * is FAILED. Each delay gets +-20% jitter so a merchant coming back up is not hit by every retry at once.
 * The first minute is dense, so an outage of a few seconds costs seconds; once one delivery gets through,
 * the endpoint's waiting retries are brought forward (RETRIES_BROUGHT_FORWARD at a time).
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  10_000,
  30_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Deliveries of one merchant being sent at once, across every worker process; a slow or dead endpoint
 * (each attempt bounded by the timeout) therefore never takes the worker slots other merchants need. A
 * delivery over the limit is parked (its job ends at once, no attempt used) and started again when one of
 * the merchant's attempts ends, so it neither holds a slot nor comes back ahead of fresh work.
 * (graphile-worker's named queues would serialize a merchant's deliveries too, but they cost ~200 ms per
 * job, far too slow.)
 */
export const DEFAULT_DELIVERIES_PER_MERCHANT = 4;
/** Waiting retries of an endpoint started again after one of its deliveries succeeds. */
export const RETRIES_BROUGHT_FORWARD = 3;
/** A merchant slot is leased for the attempt's timeout plus this; a sender that died frees it by then. */
const SLOT_LEASE_MARGIN_MS = 5_000;

export interface DeliverWebhookPayload {
  deliveryId: string;
  merchantId: number;
}

export function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

function newDeliveryId(): string {
  return `whd_${randomBytes(16).toString("hex")}`;
}

/**
 * The body of every event: the payment (paymentId, orderId, status, txHash, amount, tokenSymbol, paidAt,
 * chainId, tokenAddress, merchantId, payerAddress), the envelope (eventId, type, createdAt) and what the
 * event is about (paidAfterExpiry, reason, paid, refund, reorged). Its shape is webhookEventSchemas
 * (webhookEvents.ts), which the OpenAPI document publishes.
 */
export function paymentEventPayload(
  eventId: string,
  type: WebhookEventType,
  createdAt: Date,
  payment: PaymentDetails,
  extra: {
    reason?: string | null;
    /** payment.invalid: what the transaction actually paid. */
    paid?: {
      amount: string;
      tokenAddress: string;
      recipientAddress: string;
      recipientReceived: string | null;
    };
    refund?: { refundId: string; amount: string; txHash: string | null };
    /** payment.reorged: the pay transaction a reorg removed, and where it had been. */
    reorged?: { txHash: string; blockNumber: number; blockHash: string };
  } = {},
): WebhookEventBody {
  return {
    eventId,
    type,
    createdAt: createdAt.toISOString(),
    paymentId: payment.payment_id,
    orderId: payment.order_id,
    status: payment.status,
    txHash: payment.tx_hash,
    amount: payment.amount,
    tokenSymbol: payment.token_symbol,
    tokenAddress: payment.token_address,
    chainId: payment.network_id,
    merchantId: payment.merchant_bytes32_id,
    payerAddress: payment.payer_address,
    paidAt: payment.confirmed_at?.toISOString() ?? null,
    paidAfterExpiry: payment.paid_after_expiry,
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.paid ? { paid: extra.paid } : {}),
    ...(extra.refund ? { refund: extra.refund } : {}),
    ...(extra.reorged ? { reorged: extra.reorged } : {}),
  };
}

/**
 * Records that `type` happened to a payment and, when the merchant has a webhook URL, its delivery and
 * delivery job. Call it inside the transaction of the state change it reports (pass `trx`): the event
 * exists exactly when the change committed.
 */
export async function recordPaymentEvent(
  trx: Db,
  type: WebhookEventType,
  paymentId: string,
  now: Date,
  extra: Parameters<typeof paymentEventPayload>[4] = {},
): Promise<string> {
  const [eventId] = await recordPaymentEvents(trx, type, [paymentId], now, extra);
  return eventId as string;
}

/** What recording events about payments writes: the events, and a delivery with its job per event whose merchant has a webhook URL. */
export interface PaymentEventRows {
  events: NewWebhookEvent[];
  deliveries: (NewWebhookDelivery & { job: DeliverWebhookPayload })[];
}

/**
 * The rows recording `type` for each of `payments` writes (ids, payloads, deliveries), built from the
 * payments as given: the caller decides in which statement and transaction they are written.
 */
export async function paymentEventRows(
  db: Db,
  type: WebhookEventType,
  payments: readonly PaymentDetails[],
  now: Date,
  extra: Parameters<typeof paymentEventPayload>[4] = {},
): Promise<PaymentEventRows> {
  const events = payments.map((payment) => {
    const id = newEventId();
    return {
      id,
      merchantId: payment.merchant_id,
      paymentRowId: payment.id,
      type,
      payload: paymentEventPayload(id, type, now, payment, extra),
    };
  });
  const withUrl = await findMerchantIdsWithWebhookUrl(db, [
    ...new Set(events.map((event) => event.merchantId)),
  ]);
  const deliveries = events
    .filter((event) => withUrl.has(event.merchantId))
    .map((event) => {
      const id = newDeliveryId();
      return {
        id,
        eventId: event.id,
        merchantId: event.merchantId,
        nextAttemptAt: now,
        job: { deliveryId: id, merchantId: event.merchantId },
      };
    });
  return { events, deliveries };
}

/**
 * recordPaymentEvent for several payments, set-based: one read of the payments, one of their merchants,
 * one INSERT of the events, one of the deliveries and one of the jobs, however many payments. Returns
 * the event ids in the order of `paymentIds`.
 */
export async function recordPaymentEvents(
  trx: Db,
  type: WebhookEventType,
  paymentIds: readonly string[],
  now: Date,
  extra: Parameters<typeof paymentEventPayload>[4] = {},
): Promise<string[]> {
  const found = new Map(
    (await findPaymentDetailsByPaymentIds(trx, paymentIds)).map((payment) => [payment.payment_id, payment]),
  );
  const payments = paymentIds.map((paymentId) => {
    const payment = found.get(paymentId);
    if (!payment) throw new Error(`payment ${paymentId} vanished inside its own transaction`);
    return payment;
  });
  const { events, deliveries } = await paymentEventRows(trx, type, payments, now, extra);
  await insertWebhookEvents(trx, events);
  await insertWebhookDeliveries(trx, deliveries);
  await enqueueJobs(
    trx,
    deliveries.map((delivery) => ({
      task: TASKS.deliverWebhook,
      payload: { ...delivery.job },
      jobKey: delivery.id,
    })),
  );
  return events.map((event) => event.id);
}

/**
 * The job that attempts a delivery, keyed by the delivery: adding it again moves the waiting job (to
 * `runAt`, default now) instead of doubling it.
 */
export function enqueueDelivery(db: Db, deliveryId: string, merchantId: number, runAt?: Date): Promise<void> {
  return enqueueJob(db, TASKS.deliverWebhook, { deliveryId, merchantId } satisfies DeliverWebhookPayload, {
    jobKey: deliveryId,
    ...(runAt ? { runAt } : {}),
  });
}

/** A new PENDING delivery of the event, with its job (or parked behind the merchant's due deliveries). */
export async function createDelivery(
  trx: Db,
  eventId: string,
  merchantId: number,
  now: Date,
): Promise<WebhookDeliveryRow> {
  // A merchant with a full set of due deliveries already: this one waits, parked, for one of them to
  // end (which starts the oldest waiting), instead of costing a job that would only find no free slot.
  const due = await countDueDeliveries(trx, merchantId, { now, atMost: DEFAULT_DELIVERIES_PER_MERCHANT });
  const delivery = await insertWebhookDelivery(trx, {
    id: newDeliveryId(),
    eventId,
    merchantId,
    nextAttemptAt: now,
  });
  if (due < DEFAULT_DELIVERIES_PER_MERCHANT) await enqueueDelivery(trx, delivery.id, merchantId);
  return delivery;
}

export interface WebhookDeliveryDeps {
  db: Db;
  now: () => Date;
  /** Per attempt, connection to last byte; default 10 s. */
  timeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: allow URLs that resolve to private, loopback or link-local addresses. */
  allowPrivate: boolean;
  /** Default DEFAULT_RETRY_SCHEDULE_MS. */
  retryScheduleMs?: readonly number[];
  /** Default Math.random; tests pin the jitter. */
  random?: () => number;
  /** Deliveries of one merchant sent at once, across every worker; default DEFAULT_DELIVERIES_PER_MERCHANT. */
  perMerchant?: number;
}

export type DeliveryAttemptOutcome =
  | "succeeded"
  | "retry-scheduled"
  | "failed"
  | "skipped"
  /** Every slot of the merchant was taken: started again when one is released. */
  | "parked"
  /** Not due yet, or being sent elsewhere: its job was moved to when it is. */
  | "deferred";

/** The headers of a Standard Webhooks message, signed with the merchant's `whsec_` secret. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestamp: Date,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": Math.floor(timestamp.getTime() / 1000).toString(),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
}

/**
 * One attempt of a due PENDING delivery: take one of its merchant's slots (or park), POST, log the attempt,
 * then mark it delivered, schedule the next try or give up after the last one, and start the merchant's
 * next deliveries, all in one transaction. Never throws for a merchant's failure, so the job itself
 * succeeds; the schedule is ours, not graphile-worker's. Safe to run twice or after a crash: the delivery
 * row says whether and when to send, and every try carries the same webhook-id.
 */
export async function attemptWebhookDelivery(
  deps: WebhookDeliveryDeps,
  deliveryId: string,
): Promise<DeliveryAttemptOutcome> {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const claimedAt = deps.now();
  const claim = await claimDeliverySlot(deps.db, deliveryId, {
    now: claimedAt,
    leaseUntil: new Date(claimedAt.getTime() + timeoutMs + SLOT_LEASE_MARGIN_MS),
    perMerchant: deps.perMerchant ?? DEFAULT_DELIVERIES_PER_MERCHANT,
  });
  if (claim.kind === "done") return "skipped";
  if (claim.kind === "no-slot") return "parked";
  if (claim.kind === "later") {
    await enqueueDelivery(deps.db, deliveryId, claim.merchantId, claim.at);
    return "deferred";
  }
  const { delivery } = claim;
  const attempt = delivery.attempt_count + 1;
  const schedule = deps.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
  const url = delivery.webhook_url;

  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  if (!url) {
    error = "the merchant has no webhook URL";
  } else {
    const body = JSON.stringify(delivery.event_payload);
    const headers = {
      "content-type": "application/json",
      "user-agent": "Kassa-Webhooks/1",
      "kassa-event-type": delivery.event_type,
      ...signWebhook(delivery.webhook_secret, delivery.event_id, deps.now(), body),
    };
    try {
      ({ statusCode } = await postWebhook(url, headers, body, {
        timeoutMs,
        allowPrivate: deps.allowPrivate,
      }));
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const succeeded = error === null;
  const now = deps.now();
  const retryDelay = schedule[attempt - 1];
  const random = deps.random ?? Math.random;

  return deps.db.transaction().execute(async (trx) => {
    await lockMerchantSlots(trx, delivery.merchant_id);
    const logged = await insertWebhookAttempt(trx, {
      deliveryId,
      attempt,
      url: url ?? "",
      statusCode,
      durationMs,
      error,
    });
    if (!logged) return "skipped";
    // The slot this attempt held is free again: the merchant's next delivery may start, and after a
    // success a few of its waiting retries too.
    const wake = await takeDeliveriesToWake(trx, delivery.merchant_id, {
      now,
      parked: 1,
      retries: succeeded ? RETRIES_BROUGHT_FORWARD : 0,
      except: deliveryId,
    });
    for (const id of wake) await enqueueDelivery(trx, id, delivery.merchant_id);
    if (succeeded) {
      await updateDeliveryAfterAttempt(trx, deliveryId, attempt, {
        status: "SUCCEEDED",
        statusCode,
        error: null,
        nextAttemptAt: null,
        deliveredAt: now,
      });
      return "succeeded";
    }
    if (retryDelay === undefined || !url) {
      await updateDeliveryAfterAttempt(trx, deliveryId, attempt, {
        status: "FAILED",
        statusCode,
        error,
        nextAttemptAt: null,
        deliveredAt: null,
      });
      return "failed";
    }
    const nextAttemptAt = new Date(now.getTime() + Math.round(retryDelay * (0.8 + 0.4 * random())));
    const updated = await updateDeliveryAfterAttempt(trx, deliveryId, attempt, {
      status: "PENDING",
      statusCode,
      error,
      nextAttemptAt,
      deliveredAt: null,
    });
    if (updated) await enqueueDelivery(trx, deliveryId, delivery.merchant_id, nextAttemptAt);
    return "retry-scheduled";
  });
}

/**
 * Starts again the deliveries parked for a slot whose wake-up was lost (the worker whose attempt was to
 * start them died), as many per merchant as it has free slots. Run periodically; returns how many.
 */
export async function wakeStrandedDeliveries(
  deps: Pick<WebhookDeliveryDeps, "db" | "now" | "perMerchant">,
  waitedMs: number,
): Promise<number> {
  const now = deps.now();
  const stranded = await listStrandedDeliveries(deps.db, {
    now,
    olderThan: new Date(now.getTime() - waitedMs),
    perMerchant: deps.perMerchant ?? DEFAULT_DELIVERIES_PER_MERCHANT,
  });
  for (const row of stranded) await enqueueDelivery(deps.db, row.id, row.merchant_id);
  return stranded.length;
}

// Merchant API: delivery log, redelivery, secret rotation.

const attemptViewSchema = z.object({
  attempt: z.number(),
  url: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const webhookDeliveryViewSchema = z
  .object({
    id: z.string().describe("whd_ delivery id"),
    eventId: z
      .string()
      .describe("evt_ event id, the webhook-id header; the same on every retry and redelivery"),
    eventType: z.string(),
    paymentId: z.string().nullable(),
    status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]),
    attemptCount: z.number(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    attempts: z.array(attemptViewSchema),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookDeliveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100"),
  starting_after: z
    .string()
    .regex(/^whd_[0-9a-f]{32}$/, "must be a delivery id")
    .optional()
    .describe("id of the last delivery of the previous page"),
  paymentId: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/, "must be a paymentId")
    .optional()
    .describe("Only deliveries of this payment's events"),
});
export type WebhookDeliveryListQuery = z.output<typeof webhookDeliveryListQuerySchema>;

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliveryViewSchema).describe("Newest first"),
  has_more: z.boolean(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** GET /merchants/me/webhook-deliveries. */
export async function listWebhookDeliveries(
  db: Db,
  merchant: MerchantRow,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryPage> {
  const page = await listDeliveriesByMerchantId(db, {
    merchantId: merchant.id,
    limit: query.limit,
    startingAfter: query.starting_after,
    paymentId: query.paymentId,
  });
  if (!page)
    throw new KassaError("INVALID_REQUEST", "starting_after does not name a delivery of this merchant");
  return { deliveries: await webhookDeliveryViews(db, page.deliveries), has_more: page.hasMore };
}

/** The views of listed deliveries, each with its attempts (one read for all of them). */
export async function webhookDeliveryViews(
  db: Db,
  deliveries: readonly DeliveryListItem[],
): Promise<WebhookDeliveryView[]> {
  const attempts = await listAttemptsByDeliveryIds(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return deliveries.map((delivery) => ({
    id: delivery.id,
    eventId: delivery.event_id,
    eventType: delivery.event_type,
    paymentId: delivery.payment_id,
    status: delivery.status,
    attemptCount: delivery.attempt_count,
    nextAttemptAt: delivery.status === "PENDING" ? (delivery.next_attempt_at?.toISOString() ?? null) : null,
    lastStatusCode: delivery.last_status_code,
    lastError: delivery.last_error,
    deliveredAt: delivery.delivered_at?.toISOString() ?? null,
    createdAt: delivery.created_at.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        url: attempt.url,
        statusCode: attempt.status_code,
        durationMs: attempt.duration_ms,
        error: attempt.error,
        createdAt: attempt.created_at.toISOString(),
      })),
  }));
}

export const redeliveryViewSchema = z
  .object({
    id: z.string().describe("whd_ id of the new delivery"),
    eventId: z.string(),
    status: z.literal("PENDING"),
  })
  .meta({ id: "Redelivery" });
export type RedeliveryView = z.infer<typeof redeliveryViewSchema>;

/**
 * POST /merchants/me/webhook-deliveries/:id/redeliver: sends the delivery's event again as a new delivery
 * (same event id, so the merchant's deduplication still works), whatever the old one's state.
 */
export async function redeliverWebhook(
  deps: { db: Db; now: () => Date },
  merchant: MerchantRow,
  deliveryId: string,
): Promise<RedeliveryView> {
  const delivery = /^whd_[0-9a-f]{32}$/.test(deliveryId)
    ? await findDeliveryByMerchantId(deps.db, merchant.id, deliveryId)
    : undefined;
  if (!delivery) throw new KassaError("NOT_FOUND", `no webhook delivery ${deliveryId}`);
  if (!merchant.webhook_url) {
    throw new KassaError("INVALID_REQUEST", "the merchant has no webhook URL to deliver to");
  }
  const created = await deps.db
    .transaction()
    .execute((trx) => createDelivery(trx, delivery.event_id, merchant.id, deps.now()));
  return { id: created.id, eventId: created.event_id, status: "PENDING" };
}

export const rotatedWebhookSecretSchema = z
  .object({ webhookSecret: z.string().describe("The new whsec_ secret; shown once") })
  .meta({ id: "RotatedWebhookSecret" });

/**
 * POST /merchants/me/webhook-secret/rotate: a new secret signs every attempt from now on, retries of
 * older events included; the old one stops at once.
 */
export async function rotateWebhookSecret(db: Db, merchant: MerchantRow): Promise<{ webhookSecret: string }> {
  const webhookSecret = newWebhookSecret();
  const updated = await updateMerchantByKey(db, merchant.merchant_key, { webhook_secret: webhookSecret });
  if (!updated) throw new KassaError("NOT_FOUND", "merchant not found");
  return { webhookSecret };
}
