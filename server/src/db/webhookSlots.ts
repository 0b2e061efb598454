import { sql } from "kysely";
import type { Db } from "./database.js";
import { type DeliveryToSend, findDeliveryToSend } from "./webhooks.js";

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
 * Serializes, until the transaction ends, everything that takes, frees or hands on one merchant's
 * delivery slots, so that a slot freed while a delivery parks always wakes one up. Take it before any
 * delivery row lock.
 */
export async function lockMerchantSlots(trx: Db, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${WEBHOOK_SLOT_LOCK_SPACE}::int, ${merchantId}::int)`.execute(trx);
}

/**
 * Takes one of the merchant's `perMerchant` slots for a due PENDING delivery, until `leaseUntil`. The slots
 * are the deliveries holding a lease, counted under the merchant's lock, so the limit holds across every
 * worker process; a lease left by a dead sender ends by itself. One statement (migration 019's function)
 * takes the lock, checks and leases; what to send is read after, outside the lock.
 */
export async function claimDeliverySlot(
  db: Db,
  deliveryId: string,
  options: { now: Date; leaseUntil: Date; perMerchant: number },
): Promise<DeliveryClaim> {
  const { rows } = await sql<{
    kind: "claimed" | "done" | "later" | "no-slot";
    merchant_id: number;
    at: Date;
  }>`
    SELECT kind, merchant_id, at FROM kassa_claim_webhook_delivery(${deliveryId}, ${options.now},
      ${options.leaseUntil}, ${options.perMerchant}::int, ${WEBHOOK_SLOT_LOCK_SPACE}::int)`.execute(db);
  const claim = rows[0];
  switch (claim?.kind) {
    case "claimed": {
      const delivery = await findDeliveryToSend(db, deliveryId);
      return delivery ? { kind: "claimed", delivery } : { kind: "done" };
    }
    case "later":
      return { kind: "later", at: claim.at, merchantId: claim.merchant_id };
    case "no-slot":
      return { kind: "no-slot" };
    default:
      return { kind: "done" };
  }
}

/**
 * Deliveries of a merchant to start now, after one of its attempts ended (its slot is free again):
 * up to `parked` due deliveries that wait for a slot, oldest first, and up to `retries` waiting retries,
 * whose next attempt is moved to `now` (a success shows the endpoint is back). Call it under
 * lockMerchantSlots.
 */
export async function takeDeliveriesToWake(
  db: Db,
  merchantId: number,
  options: { now: Date; parked: number; retries: number; except: string },
): Promise<string[]> {
  const parked =
    options.parked > 0
      ? await db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("merchant_id", "=", merchantId)
          .where("status", "=", "PENDING")
          .where("next_attempt_at", "<=", options.now)
          .where((eb) => eb.or([eb("sending_until", "is", null), eb("sending_until", "<=", options.now)]))
          .where("id", "!=", options.except)
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(options.parked)
          .execute()
      : [];
  const retries =
    options.retries > 0
      ? await db
          .updateTable("webhook_deliveries")
          .set({ next_attempt_at: options.now })
          .where("id", "in", (eb) =>
            eb
              .selectFrom("webhook_deliveries")
              .select("id")
              .where("merchant_id", "=", merchantId)
              .where("status", "=", "PENDING")
              .where("attempt_count", ">", 0)
              .where("next_attempt_at", ">", options.now)
              .orderBy("next_attempt_at")
              .orderBy("id")
              .limit(options.retries),
          )
          .returning("id")
          .execute()
      : [];
  return [...parked, ...retries].map((row) => row.id);
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
