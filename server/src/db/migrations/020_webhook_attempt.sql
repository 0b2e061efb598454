-- Ending a webhook delivery's attempt in one statement (it took a transaction of about seven round trips
-- holding the merchant's slot lock): log the attempt, start the merchant's next deliveries now that its
-- slot is free, record the outcome and queue the retry, all inside the database. The outcome itself (the
-- status, the next attempt with its jitter) is decided by the caller, finishDeliveryAttempt
-- (db/webhookSlots.ts), which says what each argument is.
CREATE FUNCTION kassa_finish_webhook_attempt(
  p_id text,
  p_merchant integer,
  p_attempt integer,
  p_url text,
  p_status_code integer,
  p_duration_ms integer,
  p_error text,
  p_status text,
  p_next_attempt_at timestamptz,
  p_delivered_at timestamptz,
  p_now timestamptz,
  p_wake_parked integer,
  p_wake_retries integer,
  p_lock_space integer,
  p_task text
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_woken text;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_space, p_merchant);
  INSERT INTO webhook_attempts (delivery_id, attempt, url, status_code, duration_ms, error)
    VALUES (p_id, p_attempt, p_url, p_status_code, p_duration_ms, p_error)
    ON CONFLICT ON CONSTRAINT webhook_attempts_delivery_attempt_key DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'skipped';
  END IF;
  FOR v_woken IN
    SELECT d.id FROM webhook_deliveries d
    WHERE d.merchant_id = p_merchant AND d.status = 'PENDING' AND d.next_attempt_at <= p_now
      AND (d.sending_until IS NULL OR d.sending_until <= p_now) AND d.id <> p_id
    ORDER BY d.next_attempt_at, d.id
    LIMIT p_wake_parked
  LOOP
    PERFORM graphile_worker.add_job(p_task, json_build_object('deliveryId', v_woken, 'merchantId', p_merchant),
      job_key => v_woken);
  END LOOP;
  FOR v_woken IN
    UPDATE webhook_deliveries d SET next_attempt_at = p_now
    WHERE d.id IN (
      SELECT w.id FROM webhook_deliveries w
      WHERE w.merchant_id = p_merchant AND w.status = 'PENDING' AND w.attempt_count > 0
        AND w.next_attempt_at > p_now
      ORDER BY w.next_attempt_at, w.id
      LIMIT p_wake_retries)
    RETURNING d.id
  LOOP
    PERFORM graphile_worker.add_job(p_task, json_build_object('deliveryId', v_woken, 'merchantId', p_merchant),
      job_key => v_woken);
  END LOOP;
  UPDATE webhook_deliveries d
  SET status = p_status, attempt_count = p_attempt, last_status_code = p_status_code, last_error = p_error,
    next_attempt_at = p_next_attempt_at, delivered_at = p_delivered_at, sending_until = NULL
  WHERE d.id = p_id AND d.status = 'PENDING' AND d.attempt_count = p_attempt - 1;
  IF NOT FOUND THEN
    RETURN 'moved';
  END IF;
  IF p_status = 'PENDING' THEN
    PERFORM graphile_worker.add_job(p_task, json_build_object('deliveryId', p_id, 'merchantId', p_merchant),
      run_at => p_next_attempt_at, job_key => p_id);
  END IF;
  RETURN 'recorded';
END $$;

-- Claiming a slot and reading what the claimed attempt sends in one statement (they took two): the read
-- runs after the claim, inside the function, so it sees the delivery as the claim left it.
CREATE FUNCTION kassa_claim_webhook_delivery_to_send(
  p_id text,
  p_now timestamptz,
  p_lease_until timestamptz,
  p_per_merchant integer,
  p_lock_space integer
) RETURNS TABLE (
  kind text,
  merchant_id integer,
  at timestamptz,
  attempt_count integer,
  event_id text,
  event_type text,
  event_payload jsonb,
  webhook_url text,
  webhook_secret text
) LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
BEGIN
  SELECT c.kind, c.merchant_id, c.at INTO v_claim
    FROM kassa_claim_webhook_delivery(p_id, p_now, p_lease_until, p_per_merchant, p_lock_space) AS c;
  IF v_claim.kind IS DISTINCT FROM 'claimed' THEN
    RETURN QUERY SELECT v_claim.kind, v_claim.merchant_id, v_claim.at, NULL::integer, NULL::text, NULL::text,
      NULL::jsonb, NULL::text, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_claim.kind, d.merchant_id, v_claim.at, d.attempt_count, d.event_id, e.type, e.payload,
      m.webhook_url, m.webhook_secret
    FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id
    JOIN merchants m ON m.id = d.merchant_id
    WHERE d.id = p_id;
END $$;
