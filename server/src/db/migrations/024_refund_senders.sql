-- Who sent a refund: the RefundCompleted event's sender (the gateway moves the refund's tokens from the
-- sender's own wallet). Normally the payment's recipient; anyone holding the signed refund transaction can
-- send it with their own tokens instead, which is not money out of the merchant's wallet: the refund
-- records the sender so that the API, the webhook and the export can tell the two apart. NULL until the
-- refund completes (and for refunds completed before this migration).
ALTER TABLE refunds ADD COLUMN sender_address text CHECK (sender_address ~ '^0x[0-9a-f]{40}$');
