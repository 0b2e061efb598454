import { sql } from "kysely";
import { TASKS } from "../domain/tasks.js";
import type { Db } from "./database.js";
import { type DeliveryToSend } from "./webhooks.js";

/**
 * A merchant's webhook slots: deliveries in flight are leases counted under a per-merchant advisory lock,
 * so the limit holds across worker processes; parked deliveries are woken as slots free.
 */

/** Second key of the two-int advisory lock `(WEBHOOK_SLOT_LOCK_SPACE, merchant id)` that serializes slot claims. */
export const WEBHOOK_SLOT_LOCK_SPACE = 4_271_914;

export type DeliveryClaim =
  | { kind: "claimed"; delivery: DeliveryToSend }
  /** SUCCEEDED, FAILED or gone: nothing to send. */
  | { kind: "done" }
  /** Not due yet, or being sent by someone else until `at`: look again then. */
  | { kind: "later"; at: Date; merchantId: number }
  /** Every slot of the merchant is taken: the delivery waits, parked, until one is released. */
  | { kind: "no-slot" };

/**
 * Takes one of the merchant's `perMerchant` slots for a due PENDING delivery, until `leaseUntil`, and reads
 * what to send. The slots are the deliveries holding a lease, counted under the merchant's lock, so the
 * limit holds across every worker process; a lease left by a dead sender ends by itself. One statement
 * (migrations 019 and 020): the lock is held only inside the database.
 */
export async function claimDeliverySlot(
  db: Db,
  deliveryId: string,
  options: { now: Date; leaseUntil: Date; perMerchant: number },
): Promise<DeliveryClaim> {
  const { rows } = await sql<{ kind: "claimed" | "done" | "later" | "no-slot"; at: Date } & DeliveryToSend>`
    SELECT * FROM kassa_claim_webhook_delivery_to_send(${deliveryId}, ${options.now},
      ${options.leaseUntil}, ${options.perMerchant}::int, ${WEBHOOK_SLOT_LOCK_SPACE}::int)`.execute(db);
  const claim = rows[0];
  switch (claim?.kind) {
    case "claimed": {
      const { kind: _kind, at: _at, ...delivery } = claim;
      return { kind: "claimed", delivery };
    }
    case "later":
      return { kind: "later", at: claim.at, merchantId: claim.merchant_id };
    case "no-slot":
      return { kind: "no-slot" };
    default:
      return { kind: "done" };
  }
}

/** How an attempt ended, decided by the sender: what finishDeliveryAttempt records. */
export interface AttemptOutcome {
  deliveryId: string;
  merchantId: number;
  /** 1 for the first try; the delivery must still be PENDING at `attempt - 1` tries. */
  attempt: number;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** PENDING with `nextAttemptAt` for a retry (its job is queued then), else SUCCEEDED or FAILED. */
  status: "PENDING" | "SUCCEEDED" | "FAILED";
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  now: Date;
  /** The merchant's deliveries to start now that the attempt's slot is free: up to `wakeParked` due ones
   * waiting for a slot, oldest first, and up to `wakeRetries` waiting retries brought forward to `now`. */
  wakeParked: number;
  wakeRetries: number;
}

/**
 * Ends an attempt in one statement (migration 020's kassa_finish_webhook_attempt), under the merchant's slot lock: logs it,
 * starts the deliveries to wake, records the outcome and queues the retry. `skipped`: that attempt was
 * already logged (another runner sent it); `moved`: logged, but someone else moved the delivery first.
 */
export async function finishDeliveryAttempt(
  db: Db,
  outcome: AttemptOutcome,
): Promise<"recorded" | "skipped" | "moved"> {
  const { rows } = await sql<{ result: "recorded" | "skipped" | "moved" }>`
    SELECT kassa_finish_webhook_attempt(${outcome.deliveryId}, ${outcome.merchantId}::int,
      ${outcome.attempt}::int, ${outcome.url}, ${outcome.statusCode}::int, ${outcome.durationMs}::int,
      ${outcome.error}, ${outcome.status}, ${outcome.nextAttemptAt}, ${outcome.deliveredAt}, ${outcome.now},
      ${outcome.wakeParked}::int, ${outcome.wakeRetries}::int, ${WEBHOOK_SLOT_LOCK_SPACE}::int,
      ${TASKS.deliverWebhook}) AS result`.execute(db);
  return rows[0]!.result;
}

/**
 * Due PENDING deliveries waiting for a slot for longer than `olderThan` (their wake-up was lost with a
 * worker that died), at most as many per merchant as it has free slots.
 */
export async function listStrandedDeliveries(
  db: Db,
  options: { now: Date; olderThan: Date; perMerchant: number },
): Promise<{ id: string; merchant_id: number }[]> {
  const { rows } = await sql<{ id: string; merchant_id: number }>`
    WITH busy AS (
      SELECT merchant_id, count(*)::int AS n FROM webhook_deliveries
      WHERE status = 'PENDING' AND sending_until > ${options.now}
      GROUP BY merchant_id
    ),
    waiting AS (
      SELECT id, merchant_id,
        row_number() OVER (PARTITION BY merchant_id ORDER BY next_attempt_at, id) AS place
      FROM webhook_deliveries
      WHERE status = 'PENDING' AND next_attempt_at <= ${options.olderThan}
        AND (sending_until IS NULL OR sending_until <= ${options.now})
    )
    SELECT waiting.id, waiting.merchant_id FROM waiting LEFT JOIN busy USING (merchant_id)
    WHERE waiting.place <= ${options.perMerchant}::int - coalesce(busy.n, 0)`.execute(db);
  return rows;
}
