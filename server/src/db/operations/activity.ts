import { sql } from "kysely";
import type { Db } from "../infra/database.js";

/** What happened, for the development activity feed. */
export type ActivityKind = "created" | "event" | "webhook" | "relay" | "grant" | "subscription";

/** One thing that happened to a payment or a subscription, with what a one-line summary of it needs. */
export interface ActivityRow {
  at: Date;
  /** Unique per happening: a row read twice (the read windows overlap) is shown once. */
  key: string;
  kind: ActivityKind;
  /** The payment's bytes32 id; subscription: the subscription's sub_ id. */
  payment_id: string;
  order_id: string;
  /** subscription: per charge, or the charge's own amount when the event is about one. */
  amount: string;
  token_decimals: number;
  token_symbol: string;
  /** created: -; event: its type; webhook: the event type; relay and grant: their status. */
  detail: string | null;
  /** webhook: the HTTP status answered (null when there was no answer). */
  status_code: number | null;
  /** webhook: whether the attempt succeeded. */
  succeeded: boolean | null;
  /** relay, grant, a sweep's or a return's event: the transaction hash. */
  tx_hash: string | null;
  /** A refund's event: the refund's amount (base units). */
  refund_amount: string | null;
  /** An event: what had reached the payment's deposit address (its `amountReceived`, base units). */
  received_amount: string | null;
  /** A sweep's or a return's event: what left the deposit address (base units), and of a sweep the fee. */
  moved_amount: string | null;
  moved_fee: string | null;
  /** A return's event: where it went, and its kind (excess, late, recovery). */
  moved_to: string | null;
  return_kind: string | null;
  /** An event: the payment's status and what its completed refunds sent back, right after it. */
  payment_status: string | null;
  refunded_amount: string | null;
  /** subscription: its period (seconds) and number of charges, the charge's period, and the event's reason. */
  period_seconds: string | null;
  charges: number | null;
  charge_period: number | null;
  reason: string | null;
}

/**
 * Everything that happened after `since`, oldest first: payments created, payment events (paid, expired,
 * ...), subscription events (created, charged, canceled, ...), webhook attempts, relays and faucet grants that
 * reached their end. Read by `kassa dev` only, on
 * its own small database.
 */
export async function listActivitySince(db: Db, since: Date): Promise<ActivityRow[]> {
  const result = await sql<ActivityRow>`
    WITH activity AS (
      SELECT p.created_at AS at, 'payment:' || p.payment_id AS key, 'created' AS kind, p.id AS payment_row,
             NULL::text AS detail, NULL::int AS status_code, NULL::boolean AS succeeded, NULL::text AS tx_hash,
             NULL::text AS refund_amount, NULL::text AS payment_status, NULL::text AS refunded_amount,
             NULL::text AS subscription_row, NULL::text AS reason, NULL::text AS received_amount,
             NULL::text AS moved_amount, NULL::text AS moved_fee, NULL::text AS moved_to, NULL::text AS return_kind
        FROM payments p WHERE p.created_at > ${since}
      UNION ALL
      SELECT e.created_at, 'event:' || e.id, 'event', e.payment_id, e.type, NULL, NULL,
             COALESCE(e.payload->'sweep'->>'txHash', e.payload->'depositReturn'->>'txHash'),
             e.payload->'refund'->>'amount', e.payload->>'status', e.payload->>'refundedAmount', NULL, NULL,
             e.payload->>'amountReceived',
             COALESCE(e.payload->'sweep'->>'amount', e.payload->'depositReturn'->>'amount'),
             e.payload->'sweep'->>'fee', e.payload->'depositReturn'->>'to', e.payload->'depositReturn'->>'kind'
        FROM webhook_events e
       WHERE e.created_at > ${since} AND e.payment_id IS NOT NULL AND e.type NOT LIKE 'subscription.%'
      UNION ALL
      SELECT e.created_at, 'subscription:' || e.id, 'subscription', e.payment_id, e.type, NULL, NULL, NULL,
             NULL, e.payload->>'status', NULL, e.payload->>'subscriptionId',
             COALESCE(e.payload->>'reason', 'by ' || (e.payload->>'canceledBy')), NULL, NULL, NULL, NULL, NULL
        FROM webhook_events e WHERE e.created_at > ${since} AND e.type LIKE 'subscription.%'
      UNION ALL
      SELECT a.created_at, 'attempt:' || a.id, 'webhook', e.payment_id, e.type, a.status_code, a.error IS NULL, NULL,
             NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM webhook_attempts a
        JOIN webhook_deliveries d ON d.id = a.delivery_id
        JOIN webhook_events e ON e.id = d.event_id
       WHERE a.created_at > ${since} AND e.payment_id IS NOT NULL
      UNION ALL
      SELECT r.updated_at, 'relay:' || r.id || ':' || r.status, 'relay', r.payment_id, r.status, NULL, NULL,
             r.transaction_hash, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM relay_requests r WHERE r.updated_at > ${since} AND r.status IN ('CONFIRMED', 'FAILED')
      UNION ALL
      SELECT g.updated_at, 'grant:' || g.id || ':' || g.status, 'grant', g.payment_id, g.status, NULL, NULL,
             g.tx_hash, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM gas_grants g WHERE g.updated_at > ${since} AND g.status IN ('CONFIRMED', 'FAILED')
    )
    SELECT activity.at, activity.key, activity.kind, COALESCE(s.id, p.payment_id) AS payment_id,
           COALESCE(s.order_id, p.order_id) AS order_id, COALESCE(p.amount, s.amount)::text AS amount,
           t.decimals AS token_decimals, t.symbol AS token_symbol, activity.detail, activity.status_code,
           activity.succeeded, activity.tx_hash, activity.refund_amount, activity.payment_status,
           activity.refunded_amount, s.period_seconds::text AS period_seconds, s.charges,
           p.subscription_period AS charge_period, activity.reason, activity.received_amount,
           activity.moved_amount, activity.moved_fee, activity.moved_to, activity.return_kind
      FROM activity
      LEFT JOIN subscriptions s ON s.id = activity.subscription_row
      LEFT JOIN payments p ON p.id = activity.payment_row
      JOIN tokens t ON t.id = COALESCE(s.token_id, p.token_id)
     ORDER BY activity.at, activity.key`.execute(db);
  return result.rows;
}

/** An attempt to deliver a merchant's test event (`webhook.test`, about no payment), for the activity feed. */
export interface WebhookTestAttemptRow {
  at: Date;
  /** Unique per attempt. */
  key: string;
  merchant_name: string;
  status_code: number | null;
  succeeded: boolean;
}

/** The attempts to deliver `webhook.test` events after `since`, oldest first. Read by `kassa dev` only. */
export async function listWebhookTestAttemptsSince(db: Db, since: Date): Promise<WebhookTestAttemptRow[]> {
  const result = await sql<WebhookTestAttemptRow>`
    SELECT a.created_at AS at, 'attempt:' || a.id AS key, m.name AS merchant_name, a.status_code,
           a.error IS NULL AS succeeded
      FROM webhook_attempts a
      JOIN webhook_deliveries d ON d.id = a.delivery_id
      JOIN webhook_events e ON e.id = d.event_id
      JOIN merchants m ON m.id = e.merchant_id
     WHERE a.created_at > ${since} AND e.type = 'webhook.test'
     ORDER BY a.created_at, a.id`.execute(db);
  return result.rows;
}
