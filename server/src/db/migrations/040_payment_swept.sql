-- The merchant is told when the money of a payment by transfer reaches its wallet (issue 40): the sweep that moved it
-- from the deposit address to the recipient and the treasury, read from the chain whoever sent it, is an event of its
-- payment, `payment.swept`, recorded in the transaction that records the sweep.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.refund_reorged', 'payment.reorged',
  'payment.underpaid', 'payment.late_deposit', 'payment.deposit_returned', 'payment.swept', 'webhook.test',
  'subscription.created', 'subscription.charged', 'subscription.charge_failed',
  'subscription.past_due', 'subscription.canceled', 'subscription.completed'
));
