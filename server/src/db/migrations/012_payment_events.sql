-- A webhook for every payment status change: PAID -> REFUND_SUBMITTED (payment.refund_submitted) and
-- REFUND_SUBMITTED -> PAID when the refund was not sent before its deadline (payment.refund_expired) join
-- the kinds of migration 008.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.reorged'
));
