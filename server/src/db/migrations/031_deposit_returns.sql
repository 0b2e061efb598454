-- Returns from deposit addresses (payments by transfer): an overpayment's excess, or a wrong token or native
-- coin, sent back by the relayer (`returnDeposit`, signed
-- by the server's signer, which the gateway lets move only what is not the payment's). A row is inserted in the
-- transaction that stores the relayer's signed transaction (its `link`), so a return is sent at most once; the
-- relayer's tracker settles it (RETURNED or FAILED).
CREATE TABLE deposit_returns (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id            bigint NOT NULL REFERENCES payments (id),
  -- excess: what exceeded the amount (to the payer); recovery: another token or native coin (an operator's).
  kind                  text NOT NULL CHECK (kind IN ('excess', 'recovery')),
  -- The gateway's return id (spent once in its bitmap): a sequence of the payments' counter, like a refund id.
  chain_return_id       text NOT NULL UNIQUE CHECK (chain_return_id ~ '^0x[0-9a-f]{64}$'),
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
-- One return of a payment's excess unless it failed: never sent twice.
CREATE UNIQUE INDEX deposit_returns_excess_key ON deposit_returns (payment_id)
  WHERE kind = 'excess' AND status <> 'FAILED';
-- One return under way per payment and token.
CREATE UNIQUE INDEX deposit_returns_open_key ON deposit_returns (payment_id, token_address)
  WHERE status = 'SUBMITTED';

ALTER TABLE sender_transactions DROP CONSTRAINT sender_transactions_purpose_check;
ALTER TABLE sender_transactions ADD CONSTRAINT sender_transactions_purpose_check
  CHECK (purpose IN ('relay', 'grant', 'subscription_charge', 'subscription_cancel', 'deposit_return'));
