import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/database.js";
import { claimDeliverySlot, finishDeliveryAttempt, listStrandedDeliveries } from "../../db/webhookSlots.js";
import { postWebhook } from "./http.js";
import {
  DEFAULT_RETRY_SCHEDULE_MS,
  WEBHOOK_TIMEOUT_MS,
  DEFAULT_DELIVERIES_PER_MERCHANT,
  RETRIES_BROUGHT_FORWARD,
  SLOT_LEASE_MARGIN_MS,
  enqueueDelivery,
} from "./outbox.js";

/** One delivery attempt: the merchant's slot lease, the signed POST, the retry schedule. */

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
 * next deliveries, all in one statement. Never throws for a merchant's failure, so the job itself
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

  // A retry only while the schedule lasts and there is a URL to try again.
  const nextAttemptAt =
    succeeded || retryDelay === undefined || !url
      ? null
      : new Date(now.getTime() + Math.round(retryDelay * (0.8 + 0.4 * (deps.random ?? Math.random)())));
  const outcome = succeeded ? "succeeded" : nextAttemptAt ? "retry-scheduled" : "failed";
  const recorded = await finishDeliveryAttempt(deps.db, {
    deliveryId,
    merchantId: delivery.merchant_id,
    attempt,
    url: url ?? "",
    statusCode,
    durationMs,
    error,
    status: succeeded ? "SUCCEEDED" : nextAttemptAt ? "PENDING" : "FAILED",
    nextAttemptAt,
    deliveredAt: succeeded ? now : null,
    now,
    // The slot this attempt held is free again: the merchant's next delivery may start, and after a
    // success a few of its waiting retries too.
    wakeParked: 1,
    wakeRetries: succeeded ? RETRIES_BROUGHT_FORWARD : 0,
  });
  return recorded === "skipped" ? "skipped" : outcome;
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
