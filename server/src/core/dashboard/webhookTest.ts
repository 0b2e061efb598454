import type { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { insertWebhookEvents } from "../../db/webhooks/webhooks.js";
import { KassaError } from "../../errors.js";
import type { webhookEventSchemas } from "../webhooks/events.js";
import type { RedeliveryView } from "../webhooks/merchantApi.js";
import { newEventId } from "../../domain/ids.js";
import { createDelivery } from "../webhooks/outbox.js";

export type WebhookTestEvent = z.infer<(typeof webhookEventSchemas)["webhook.test"]>;

/** The body of a `webhook.test` event: the envelope of every event, and the merchant. */
export function testWebhookPayload(
  eventId: string,
  merchant: MerchantRow,
  createdAt: Date,
): WebhookTestEvent {
  return {
    eventId,
    type: "webhook.test",
    createdAt: createdAt.toISOString(),
    merchantId: merchant.merchant_id,
  };
}

/**
 * POST /merchants/me/webhook-test: a `webhook.test` event and its delivery, in one transaction, sent like
 * any other (signed, logged with its attempts, retried), so the merchant sees in the delivery log whether
 * its endpoint and its signature check work.
 */
export async function sendTestWebhook(
  deps: { db: Db; now: () => Date },
  merchant: MerchantRow,
): Promise<RedeliveryView> {
  if (!merchant.webhook_url) {
    throw new KassaError("INVALID_REQUEST", "the merchant has no webhook URL: set one with PATCH /merchant");
  }
  const now = deps.now();
  const eventId = newEventId();
  const delivery = await deps.db.transaction().execute(async (trx) => {
    await insertWebhookEvents(trx, [
      {
        id: eventId,
        merchantId: merchant.id,
        paymentRowId: null,
        type: "webhook.test",
        payload: testWebhookPayload(eventId, merchant, now),
      },
    ]);
    return createDelivery(trx, eventId, merchant.id, now);
  });
  return { id: delivery.id, eventId: delivery.event_id, status: "PENDING" };
}
