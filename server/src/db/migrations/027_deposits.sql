-- Payments by plain transfer (issue 27): every payment has a deposit address of its own, CREATE2 over its
-- DepositRequest terms (payment id, token, amount, minimumAmount, recipient, merchant id, feeBps), swept by the
-- gateway. The terms are kept as signed into the address; what arrived is kept per transfer.

-- The merchant's rules for this path: how short a deposit may be and still settle (basis points of the amount:
-- an exchange's withdrawal fee), what a deposit after the transfer window does (settle as paid after expiry, or
-- wait to go back to its sender), and how long after creation a transfer is on time.
ALTER TABLE merchants
  ADD COLUMN deposit_tolerance_bps   integer NOT NULL DEFAULT 0
                                     CHECK (deposit_tolerance_bps >= 0 AND deposit_tolerance_bps <= 5000),
  ADD COLUMN deposit_late_policy     text NOT NULL DEFAULT 'settle'
                                     CHECK (deposit_late_policy IN ('settle', 'return')),
  ADD COLUMN transfer_window_minutes integer NOT NULL DEFAULT 60
                                     CHECK (transfer_window_minutes > 0 AND transfer_window_minutes <= 10080);

-- Per payment: its deposit terms beyond the payment's own (null when the gateway's fee could not be read at
-- creation: the payment then has no deposit address), when its transfer window closes, what reached its address
-- in its token, what of that exceeds the amount, and which path paid it.
ALTER TABLE payments
  ADD COLUMN deposit_address        text CHECK (deposit_address ~ '^0x[0-9a-f]{40}$'),
  ADD COLUMN deposit_minimum_amount numeric(78, 0) CHECK (deposit_minimum_amount > 0),
  ADD COLUMN deposit_fee_bps        integer CHECK (deposit_fee_bps >= 0 AND deposit_fee_bps <= 10000),
  ADD COLUMN transfer_expires_at    timestamptz,
  ADD COLUMN amount_received        numeric(78, 0) NOT NULL DEFAULT 0 CHECK (amount_received >= 0),
  ADD COLUMN overpaid_amount        numeric(78, 0) NOT NULL DEFAULT 0 CHECK (overpaid_amount >= 0),
  ADD COLUMN paid_via               text CHECK (paid_via IN ('contract', 'transfer')),
  ADD CONSTRAINT payments_deposit_terms CHECK (
    (deposit_address IS NULL) = (deposit_minimum_amount IS NULL)
    AND (deposit_address IS NULL) = (deposit_fee_bps IS NULL)
    AND (deposit_address IS NULL) = (transfer_expires_at IS NULL)
  );
-- The watcher's lookup: the payments of the addresses a block's transfers went to.
CREATE UNIQUE INDEX payments_deposit_address_key ON payments (chain_id, deposit_address)
  WHERE deposit_address IS NOT NULL;
-- Payments paid before this migration were paid by pay().
UPDATE payments SET paid_via = 'contract' WHERE block_number IS NOT NULL;

-- Every token transfer read (final) to a payment's deposit address: the payment's token or another (a wrong
-- token, kept for its recovery). A reorg that removes one deletes it. Reported again after a crash, it is the
-- same row (chain, transaction, log index); mined again in another block, the row moves there.
CREATE TABLE deposit_transfers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id    bigint NOT NULL REFERENCES payments (id),
  chain_id      integer NOT NULL REFERENCES chains (id),
  token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
  from_address  text NOT NULL CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
  amount        numeric(78, 0) NOT NULL CHECK (amount >= 0),
  tx_hash       text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index     integer NOT NULL,
  block_number  bigint NOT NULL,
  block_hash    text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  -- Read after the payment's transfer window had closed.
  late          boolean NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_transfers_log_key UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX deposit_transfers_payment_idx ON deposit_transfers (payment_id);
CREATE INDEX deposit_transfers_block_idx ON deposit_transfers (chain_id, block_number);

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.refund_reorged', 'payment.reorged',
  'payment.underpaid', 'webhook.test'
));
