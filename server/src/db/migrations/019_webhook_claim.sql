-- Claiming a webhook delivery's slot in one statement (it took a transaction of eight round trips): the
-- merchant's slot lock, the checks and the lease run inside the database, so the lock is held for the
-- function's run and its commit, never while a worker's event loop gets round to its next statement.
-- The rules are those of claimDeliverySlot (db/webhookSlots.ts), which calls it.
CREATE FUNCTION kassa_claim_webhook_delivery(
  p_id text,
  p_now timestamptz,
  p_lease_until timestamptz,
  p_per_merchant integer,
  p_lock_space integer
) RETURNS TABLE (kind text, merchant_id integer, at timestamptz) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_merchant integer;
  v_status text;
  v_next timestamptz;
  v_sending timestamptz;
  v_busy integer;
BEGIN
  SELECT d.merchant_id INTO v_merchant FROM webhook_deliveries d WHERE d.id = p_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'done'::text, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(p_lock_space, v_merchant);
  SELECT d.status, d.next_attempt_at, d.sending_until INTO v_status, v_next, v_sending
    FROM webhook_deliveries d WHERE d.id = p_id FOR UPDATE;
  IF v_status <> 'PENDING' THEN
    RETURN QUERY SELECT 'done'::text, v_merchant, NULL::timestamptz;
  ELSIF v_next > p_now THEN
    RETURN QUERY SELECT 'later'::text, v_merchant, v_next;
  ELSIF v_sending > p_now THEN
    RETURN QUERY SELECT 'later'::text, v_merchant, v_sending;
  ELSE
    SELECT count(*) INTO v_busy FROM webhook_deliveries d
      WHERE d.merchant_id = v_merchant AND d.status = 'PENDING' AND d.sending_until > p_now;
    IF v_busy >= p_per_merchant THEN
      RETURN QUERY SELECT 'no-slot'::text, v_merchant, NULL::timestamptz;
    ELSE
      UPDATE webhook_deliveries d SET sending_until = p_lease_until WHERE d.id = p_id;
      RETURN QUERY SELECT 'claimed'::text, v_merchant, NULL::timestamptz;
    END IF;
  END IF;
END $$;
