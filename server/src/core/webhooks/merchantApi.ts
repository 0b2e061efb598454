import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { updateMerchantByKey } from "../../db/merchants/merchants.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import {
  findDeliveryByMerchantId,
  listAttemptsByDeliveryIds,
  listDeliveriesByMerchantId,
  type DeliveryListItem,
} from "../../db/webhooks/webhooks.js";
import { newWebhookSecret } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { createDelivery } from "./outbox.js";

/** The merchant's side of webhooks: the delivery log, redelivery, secret rotation. */

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
