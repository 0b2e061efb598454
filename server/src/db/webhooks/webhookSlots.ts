import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { type DeliveryToSend } from "./webhooks.js";

/**
 * A merchant's webhook slots: a delivery being sent holds a lease (`sending_until`) on one of them; the
 * leases are counted by claims serialized under one advisory lock, so a merchant's limit holds across
 * every worker process, and a lease left by a dead sender ends by itself.
 */

/**
 * The sender's bookkeeping (the claims, whose function sets the same, and the attempt records) commits
 * without waiting for its WAL flush (synchronous_commit off for the statement's own transaction). What a database crash could lose is the last fraction of a second of
 * claims and attempt records, and both are replayed: a lost claim leaves the delivery due, a lost record
 * leaves it leased until the lease ends, then it is sent again with the same webhook-id, which receivers
 * already treat as the same message. Every flush saved is one the payments' own commits do not queue
 * behind. Events and deliveries themselves are written in the payment's transaction, durably.
 */
const asyncCommit = sql`set_config('synchronous_commit', 'off', true)`;

/** Key of the transaction advisory lock that serializes claims (any constant distinct from the other lock keys). */
export const WEBHOOK_CLAIM_LOCK_KEY = 4_271_914;

/**
 * Claims up to `limit` due PENDING deliveries for `sender` until `leaseUntil`, at most as many per merchant
 * as it has free slots of `perMerchant`, oldest due first, and reads what to send for each (the event and
 * the merchant's current URL and secret). Two statements per batch: migration 021's
 * kassa_claim_webhook_deliveries (the lock is held only inside the database, and its commit does not
 * wait for a WAL flush: asyncCommit), then the read.
 */
export async function claimDueDeliveries(
  db: Db,
  options: { now: Date; leaseUntil: Date; perMerchant: number; limit: number; sender: string },
): Promise<DeliveryToSend[]> {
  const { rows: claimed } = await sql<{ id: string }>`
    SELECT id FROM kassa_claim_webhook_deliveries(${options.now}, ${options.leaseUntil}, ${options.perMerchant}::int,
      ${options.limit}::int, ${WEBHOOK_CLAIM_LOCK_KEY}::bigint, ${options.sender})`.execute(db);
  if (claimed.length === 0) return [];
  // A statement of its own: a statement's snapshot is taken when it starts, before the claim's lock, so a
  // join in the claiming statement would miss the events of deliveries committed while it waited (leased,
  // never sent until the lease ended).
  const { rows } = await sql<DeliveryToSend>`
    SELECT d.id, d.merchant_id, d.attempt_count, d.event_id, e.type AS event_type, e.payload AS event_payload,
      m.webhook_url, m.webhook_secret
    FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id
    JOIN merchants m ON m.id = d.merchant_id
    WHERE d.id IN (${sql.join(claimed.map((row) => row.id))})
    ORDER BY d.next_attempt_at, d.id`.execute(db);
  return rows;
}

/** How an attempt ended, decided by the sender: what finishDeliveryAttempt records. */
export interface AttemptOutcome {
  deliveryId: string;
  /** 1 for the first try; the delivery must still be PENDING at `attempt - 1` tries. */
  attempt: number;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** PENDING with `nextAttemptAt` for a retry, else SUCCEEDED or FAILED. */
  status: "PENDING" | "SUCCEEDED" | "FAILED";
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  now: Date;
  /** Up to this many of the merchant's waiting retries brought forward to `now` (after a success). */
  bringForward: number;
}

/**
 * Ends an attempt in one statement: logs it, records the outcome (releasing the lease, so the merchant's
 * slot is free for the next claim) and brings the merchant's waiting retries forward. `skipped`: that
 * attempt was already logged (another sender sent it); `moved`: logged, but the delivery had moved on.
 */
export async function finishDeliveryAttempt(
  db: Db,
  outcome: AttemptOutcome,
): Promise<"recorded" | "skipped" | "moved"> {
  const { rows } = await sql<{ logged: number; recorded: number }>`
    WITH logged AS (
      INSERT INTO webhook_attempts (delivery_id, attempt, url, status_code, duration_ms, error)
      VALUES (${outcome.deliveryId}, ${outcome.attempt}, ${outcome.url}, ${outcome.statusCode},
        ${outcome.durationMs}, ${outcome.error})
      ON CONFLICT ON CONSTRAINT webhook_attempts_delivery_attempt_key DO NOTHING
      RETURNING delivery_id
    ), recorded AS (
      UPDATE webhook_deliveries d
      SET status = ${outcome.status}, attempt_count = ${outcome.attempt}, last_status_code = ${outcome.statusCode},
        last_error = ${outcome.error}, next_attempt_at = ${outcome.nextAttemptAt},
        delivered_at = ${outcome.deliveredAt}, sending_until = NULL, sending_by = NULL
      FROM logged
      WHERE d.id = logged.delivery_id AND d.status = 'PENDING' AND d.attempt_count = ${outcome.attempt}::int - 1
      RETURNING d.merchant_id
    ), brought_forward AS (
      UPDATE webhook_deliveries d SET next_attempt_at = ${outcome.now}
      WHERE d.id IN (
        SELECT w.id FROM webhook_deliveries w JOIN recorded ON recorded.merchant_id = w.merchant_id
        WHERE w.status = 'PENDING' AND w.attempt_count > 0 AND w.next_attempt_at > ${outcome.now}
          AND w.id <> ${outcome.deliveryId}
        ORDER BY w.next_attempt_at, w.id
        LIMIT ${outcome.bringForward}::int)
      RETURNING d.id
    )
    SELECT ${asyncCommit} AS async_commit, (SELECT count(*) FROM logged)::int AS logged,
      (SELECT count(*) FROM recorded)::int AS recorded, (SELECT count(*) FROM brought_forward)::int AS brought_forward`.execute(
    db,
  );
  const result = rows[0]!;
  if (result.logged === 0) return "skipped";
  return result.recorded === 0 ? "moved" : "recorded";
}
