-- Partial refunds: a payment can be refunded several times, in parts, up to what it paid; one refund is open
-- at a time. Each refund has an id of its own on the gateway (`chain_refund_id`, a sequence of the payments'
-- counter in its low 64 bits), which the RefundCompleted event carries. Refunds recorded before this migration
-- were keyed on the gateway by their payment's id, which is what they get here.
ALTER TABLE refunds ADD COLUMN chain_refund_id text CHECK (chain_refund_id ~ '^0x[0-9a-f]{64}$');
UPDATE refunds SET chain_refund_id = p.payment_id FROM payments p WHERE p.id = refunds.payment_id;
ALTER TABLE refunds ALTER COLUMN chain_refund_id SET NOT NULL;
CREATE INDEX refunds_chain_refund_id_idx ON refunds (chain_refund_id);

DROP INDEX refunds_payment_id_active_key;
CREATE UNIQUE INDEX refunds_payment_id_open_key ON refunds (payment_id) WHERE status = 'SUBMITTED';

-- What the payment's completed refunds sent back, kept beside its amount in the transaction that completes each.
ALTER TABLE payments ADD COLUMN refunded_amount numeric(78, 0) NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);
UPDATE payments p SET refunded_amount = r.total
  FROM (SELECT payment_id, sum(amount) AS total FROM refunds WHERE status = 'REFUNDED' GROUP BY payment_id) r
  WHERE r.payment_id = p.id;
