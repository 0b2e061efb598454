import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/infra/database.js";
import { type DeliveryToSend } from "../../db/webhooks/webhooks.js";
import { finishDeliveryAttempt } from "../../db/webhooks/webhookSlots.js";
import { postWebhook } from "./http.js";
import { nextRetryAt, RETRIES_BROUGHT_FORWARD, WEBHOOK_TIMEOUT_MS } from "./policy.js";

/** One delivery attempt: the signed POST, the retry schedule, the outcome recorded. */

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
}

/** `skipped`: another sender had already recorded this attempt, or the delivery had moved on. */
export type DeliveryAttemptOutcome = "succeeded" | "retry-scheduled" | "failed" | "skipped";

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
 * One attempt of a delivery the caller claimed (claimDueDeliveries, which leased one of its merchant's
 * slots): POST, then log the attempt and mark it delivered, schedule the next try or give up after the last
 * one, releasing the slot, in one statement. Never throws for a merchant's failure: the schedule is ours.
 * Safe to run twice or after a crash: the attempt's row says whether it was recorded, and every try carries
 * the same webhook-id.
 */
export async function attemptClaimedDelivery(
  deps: WebhookDeliveryDeps,
  delivery: DeliveryToSend,
): Promise<DeliveryAttemptOutcome> {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const attempt = delivery.attempt_count + 1;
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
  // A retry only while the schedule lasts and there is a URL to try again.
  const nextAttemptAt =
    succeeded || !url ? null : nextRetryAt(attempt, now, deps.retryScheduleMs, deps.random);
  const outcome = succeeded ? "succeeded" : nextAttemptAt ? "retry-scheduled" : "failed";
  const recorded = await finishDeliveryAttempt(deps.db, {
    deliveryId: delivery.id,
    attempt,
    url: url ?? "",
    statusCode,
    durationMs,
    error,
    status: succeeded ? "SUCCEEDED" : nextAttemptAt ? "PENDING" : "FAILED",
    nextAttemptAt,
    deliveredAt: succeeded ? now : null,
    now,
    // The endpoint answers again: a few of its waiting retries need not wait for their schedule.
    bringForward: succeeded ? RETRIES_BROUGHT_FORWARD : 0,
  });
  return recorded === "recorded" ? outcome : "skipped";
}
