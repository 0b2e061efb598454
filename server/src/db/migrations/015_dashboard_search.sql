-- The dashboard's payment search: a transaction hash or a payer address finds the merchant's payments
-- from an index. Transaction hashes are stored lowercase; payer addresses in EIP-55 case, so that index
-- is on lower(). Order ids and payment ids have their unique indexes already.
CREATE INDEX payments_merchant_tx_hash_idx ON payments (merchant_id, tx_hash) WHERE tx_hash IS NOT NULL;
CREATE INDEX payments_merchant_payer_idx ON payments (merchant_id, lower(payer_address))
  WHERE payer_address IS NOT NULL;

-- webhook.test: a signed test event a merchant sends itself from the dashboard, about no payment.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.reorged', 'webhook.test'
));
