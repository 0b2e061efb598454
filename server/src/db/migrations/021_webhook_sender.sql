-- Webhook deliveries are sent by a sender loop in each worker process that claims due deliveries from
-- this table, instead of one graphile-worker job per delivery: an HTTP request waiting on a slow merchant
-- no longer holds one of the process's job slots, and recording an event adds no job (whose NOTIFY takes
-- a cluster-wide lock at every commit). Retries are the delivery's own `next_attempt_at`; a delivery over
-- its merchant's limit simply waits in the table until a slot is free.

-- Who holds a delivery's lease (host:pid of the sending process), for operators and the crash tests.
ALTER TABLE webhook_deliveries ADD COLUMN sending_by text;

-- The per-delivery job machinery this replaces.
DROP FUNCTION kassa_claim_webhook_delivery_to_send(text, timestamptz, timestamptz, integer, integer);
DROP FUNCTION kassa_claim_webhook_delivery(text, timestamptz, timestamptz, integer, integer);
DROP FUNCTION kassa_finish_webhook_attempt(text, integer, integer, text, integer, integer, text, text,
  timestamptz, timestamptz, timestamptz, integer, integer, integer, text);
DO $$
BEGIN
  IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN
    DELETE FROM graphile_worker._private_jobs
    WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks
      WHERE identifier IN ('lifecycle_deliver_webhook', 'lifecycle_wake_webhook_deliveries'));
  END IF;
END $$;

-- Claims up to `p_limit` due PENDING deliveries not being sent, at most as many per merchant as it has
-- free slots (`p_per_merchant` less its live leases), oldest due first across merchants, and leases them
-- to `p_sender` until `p_lease_until`; returns the claimed rows (claimDueDeliveries, db/webhookSlots.ts,
-- then reads what to send for them). Claims are serialized by a transaction advisory
-- lock (`p_lock_key`), taken before anything is read: each statement of this function reads after the
-- lock, so it sees every lease an earlier claim committed and the limit holds across processes. The
-- merchants with PENDING deliveries are found by a skip scan of the pending index, and each costs two
-- index probes: the claim's cost follows the merchants with work, not the table's history. Its commit
-- does not wait for the WAL flush: a claim lost in a database crash leaves its deliveries due
-- (db/webhookSlots.ts, asyncCommit, says why that is safe).
CREATE FUNCTION kassa_claim_webhook_deliveries(
  p_now timestamptz,
  p_lease_until timestamptz,
  p_per_merchant integer,
  p_limit integer,
  p_lock_key bigint,
  p_sender text
) RETURNS SETOF webhook_deliveries LANGUAGE plpgsql AS $$
BEGIN
  IF p_limit <= 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(p_lock_key);
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY
  WITH RECURSIVE pending_merchants AS (
    (SELECT d.merchant_id FROM webhook_deliveries d WHERE d.status = 'PENDING' ORDER BY d.merchant_id LIMIT 1)
    UNION ALL
    SELECT (SELECT d.merchant_id FROM webhook_deliveries d
            WHERE d.status = 'PENDING' AND d.merchant_id > p.merchant_id ORDER BY d.merchant_id LIMIT 1)
    FROM pending_merchants p WHERE p.merchant_id IS NOT NULL
  ), picked AS (
    SELECT due.id FROM pending_merchants p
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n FROM webhook_deliveries s
      WHERE s.merchant_id = p.merchant_id AND s.sending_until IS NOT NULL AND s.sending_until > p_now
        AND s.status = 'PENDING'
    ) AS busy
    CROSS JOIN LATERAL (
      SELECT w.id, w.next_attempt_at FROM webhook_deliveries w
      WHERE w.merchant_id = p.merchant_id AND w.status = 'PENDING' AND w.next_attempt_at <= p_now
        AND (w.sending_until IS NULL OR w.sending_until <= p_now)
      ORDER BY w.next_attempt_at, w.id
      LIMIT greatest(p_per_merchant - busy.n, 0)
    ) AS due
    WHERE p.merchant_id IS NOT NULL
    ORDER BY due.next_attempt_at, due.id
    LIMIT p_limit
  )
  UPDATE webhook_deliveries d SET sending_until = p_lease_until, sending_by = p_sender
  FROM picked WHERE d.id = picked.id
  RETURNING d.*;
END $$;
