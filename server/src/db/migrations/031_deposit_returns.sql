-- Returns from deposit addresses (payments by transfer): an overpayment's excess, or a wrong token or native
-- coin, sent back by the relayer (`returnDeposit`, signed by the server's signer, which the gateway lets move
-- only what is not the payment's); and a late deposit under the merchant's "return" setting, whose
-- `DepositReturn` the merchant's recipient signs (the payment's amount is the merchant's to move). A row is inserted in the
-- transaction that stores the relayer's signed transaction (its `link`), so a return is sent at most once; the
-- relayer's tracker settles it (RETURNED or FAILED).
CREATE TABLE deposit_returns (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id            bigint NOT NULL REFERENCES payments (id),
  -- excess: what exceeded the amount (to the payer); late: a late deposit (on the recipient's signature);
  -- recovery: another token or native coin (an operator's).
  kind                  text NOT NULL CHECK (kind IN ('excess', 'late', 'recovery')),
  -- The gateway's return id (spent once in its bitmap): a sequence of the payments' counter, like a refund id;
  -- a late return's is its payment's own id (its return bit is no refund's), so a failed one is signed again alike.
  chain_return_id       text NOT NULL CHECK (chain_return_id ~ '^0x[0-9a-f]{64}$'),
  -- The zero address for native coin.
  token_address         text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
  to_address            text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
  amount                numeric(78, 0) NOT NULL CHECK (amount > 0),
  deadline              bigint NOT NULL,
  status                text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'RETURNED', 'FAILED')),
  sender_transaction_id bigint NOT NULL UNIQUE REFERENCES sender_transactions (id),
  tx_hash               text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  reason                text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  finished_at           timestamptz
);
CREATE INDEX deposit_returns_payment_idx ON deposit_returns (payment_id);
CREATE UNIQUE INDEX deposit_returns_chain_return_id_key ON deposit_returns (chain_return_id)
  WHERE status <> 'FAILED';
-- One return of a payment's excess, one of its late deposit, unless it failed: never sent twice.
CREATE UNIQUE INDEX deposit_returns_once_key ON deposit_returns (payment_id, kind)
  WHERE kind IN ('excess', 'late') AND status <> 'FAILED';
-- One return under way per payment and token.
CREATE UNIQUE INDEX deposit_returns_open_key ON deposit_returns (payment_id, token_address)
  WHERE status = 'SUBMITTED';

-- A late deposit waiting for its return, and a return mined, are events of their payment.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.refund_reorged', 'payment.reorged',
  'payment.underpaid', 'payment.late_deposit', 'payment.deposit_returned', 'webhook.test',
  'subscription.created', 'subscription.charged', 'subscription.charge_failed',
  'subscription.past_due', 'subscription.canceled', 'subscription.completed'
));

ALTER TABLE sender_transactions DROP CONSTRAINT sender_transactions_purpose_check;
ALTER TABLE sender_transactions ADD CONSTRAINT sender_transactions_purpose_check
  CHECK (purpose IN ('relay', 'grant', 'subscription_charge', 'subscription_cancel', 'deposit_sweep',
    'deposit_return'));
