-- Sweeps of deposit addresses (payments by transfer, issue 27): once a transfer has settled a payment, the relayer
-- sends the gateway's `sweepDeposit` (one deposit) or `sweepDeposits` (a batch), which moves the payment's amount
-- from its address to the merchant's recipient and the treasury. A sweep is a sender transaction of purpose
-- 'deposit_sweep'; its record is inserted in the database transaction that stores the signed transaction, and
-- claims its payments there, so a sweep is never sent twice for a payment and a crash after the broadcast leaves
-- the record for the relayer's tracker to finish.
CREATE TABLE deposit_sweeps (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id              integer NOT NULL REFERENCES chains (id),
  sender_transaction_id bigint NOT NULL UNIQUE REFERENCES sender_transactions (id),
  -- The payments (payments.id) it sweeps, in the order of the call: kept whatever the outcome.
  payment_ids           bigint[] NOT NULL CHECK (cardinality(payment_ids) > 0),
  status                text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'FAILED')),
  tx_hash               text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  block_number          bigint,
  gas_used              numeric(78, 0),
  error_message         text,
  finished_at           timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_sweeps_outcome CHECK ((status = 'PENDING') = (finished_at IS NULL))
);
CREATE TRIGGER deposit_sweeps_updated_at BEFORE UPDATE ON deposit_sweeps
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- Per payment: the sweep under way or done (null: none; a failed sweep lets go of its payments, swept again by the
-- next run), and once it is confirmed, when, by which transaction, and what left the address (the gateway's
-- DepositSwept amount, fee included).
ALTER TABLE payments
  ADD COLUMN deposit_sweep_id bigint REFERENCES deposit_sweeps (id),
  ADD COLUMN swept_at         timestamptz,
  ADD COLUMN sweep_tx_hash    text CHECK (sweep_tx_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN swept_amount     numeric(78, 0) CHECK (swept_amount > 0),
  ADD CONSTRAINT payments_sweep_outcome CHECK (
    (swept_at IS NULL) = (sweep_tx_hash IS NULL) AND (swept_at IS NULL) = (swept_amount IS NULL)
    AND (swept_at IS NULL OR deposit_sweep_id IS NOT NULL)
  );
-- The sweep job's lookup: the payments paid by transfer that no sweep holds (its cost follows them, not history).
CREATE INDEX payments_unswept_idx ON payments (chain_id, id)
  WHERE paid_via = 'transfer' AND deposit_sweep_id IS NULL;

ALTER TABLE sender_transactions DROP CONSTRAINT sender_transactions_purpose_check;
ALTER TABLE sender_transactions ADD CONSTRAINT sender_transactions_purpose_check
  CHECK (purpose IN ('relay', 'grant', 'subscription_charge', 'subscription_cancel', 'deposit_sweep'));
