-- Deposits under attack (issue 39) and deposits that follow the chain (issue 40).
--
-- Money at a deposit address goes back only to whoever sent it, and only what they sent: a return names the
-- recorded transfers it sends back, all from its one `to`, and what is owed to a sender is worked out from those
-- transfers (domain/depositAllocation.ts), not "all the address holds to the last sender".
--
-- A 0-value transfer moves nothing and needs no allowance (`transferFrom(anyone, deposit, 0)` succeeds for
-- anyone), and a transfer from the deposit address to itself brings nothing: neither is money received. Those
-- recorded before go, and none is recorded again.
DELETE FROM deposit_transfers t USING payments p
  WHERE p.id = t.payment_id AND (t.amount = 0 OR t.from_address = p.deposit_address);
ALTER TABLE deposit_transfers DROP CONSTRAINT deposit_transfers_amount_check;
ALTER TABLE deposit_transfers ADD CONSTRAINT deposit_transfers_amount_check CHECK (amount > 0);

-- The transfers (deposit_transfers.id) a return sends back, oldest first; empty for the returns made before.
-- Several returns of a payment may be under way at once (one per sender), so the one-per-kind and
-- one-open-per-token keys go: what a return may send is checked against what its sender is owed in the
-- transaction that records it, under the payment's row lock. A recovery of another token or native coin to an
-- address the operator names keeps one under way per token.
ALTER TABLE deposit_returns ADD COLUMN transfer_ids bigint[] NOT NULL DEFAULT '{}';
DROP INDEX deposit_returns_once_key;
DROP INDEX deposit_returns_open_key;
CREATE UNIQUE INDEX deposit_returns_open_recovery_key ON deposit_returns (payment_id, token_address)
  WHERE kind = 'recovery' AND status = 'SUBMITTED';
-- REORGED: mined, then a reorg removed its transaction. Its signed request stays valid until its deadline and
-- anyone may send it again, so until then it still counts as sent; once past its deadline it moved nothing.
ALTER TABLE deposit_returns DROP CONSTRAINT deposit_returns_status_check;
ALTER TABLE deposit_returns ADD CONSTRAINT deposit_returns_status_check
  CHECK (status IN ('SUBMITTED', 'RETURNED', 'FAILED', 'REORGED'));

-- Every DepositSwept and DepositReturned the watcher (or the relayer's receipt) read, whoever sent the transaction:
-- a sweep is recorded on its payment from it, a return settles Kassa's record of it (or, sent by someone else,
-- is counted as money gone to its `to`). A reorg that removes one deletes it and undoes what it did; reported again
-- after a crash it is the same row; mined again in another block, the row moves there.
CREATE TABLE deposit_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id    bigint NOT NULL REFERENCES payments (id),
  chain_id      integer NOT NULL REFERENCES chains (id),
  kind          text NOT NULL CHECK (kind IN ('swept', 'returned')),
  -- returned: the gateway's return id; swept: null.
  return_id     text CHECK (return_id ~ '^0x[0-9a-f]{64}$'),
  -- The zero address for native coin.
  token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
  -- swept: the merchant's recipient; returned: where it went.
  to_address    text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
  amount        numeric(78, 0) NOT NULL CHECK (amount >= 0),
  -- swept: what of the amount went to the treasury; returned: 0.
  fee           numeric(78, 0) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  tx_hash       text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index     integer NOT NULL,
  block_number  bigint NOT NULL,
  block_hash    text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_events_log_key UNIQUE (chain_id, tx_hash, log_index),
  CONSTRAINT deposit_events_return_id CHECK ((kind = 'returned') = (return_id IS NOT NULL))
);
CREATE INDEX deposit_events_payment_idx ON deposit_events (payment_id);
CREATE INDEX deposit_events_block_idx ON deposit_events (chain_id, block_number);
CREATE INDEX deposit_events_return_idx ON deposit_events (return_id) WHERE return_id IS NOT NULL;

-- A sweep read from the chain may have been sent by anyone (the server's signature of the terms is public once
-- broadcast), so a swept payment no longer needs a sweep record of the relayer's; a payment is unswept while no
-- sweep holds it and none was read. A sweep a reorg removed is REORGED, and lets go of its payments.
ALTER TABLE payments DROP CONSTRAINT payments_sweep_outcome;
ALTER TABLE payments ADD CONSTRAINT payments_sweep_outcome CHECK (
  (swept_at IS NULL) = (sweep_tx_hash IS NULL) AND (swept_at IS NULL) = (swept_amount IS NULL)
);
DROP INDEX payments_unswept_idx;
CREATE INDEX payments_unswept_idx ON payments (chain_id, id)
  WHERE paid_via = 'transfer' AND deposit_sweep_id IS NULL AND swept_at IS NULL;
ALTER TABLE deposit_sweeps DROP CONSTRAINT deposit_sweeps_status_check;
ALTER TABLE deposit_sweeps ADD CONSTRAINT deposit_sweeps_status_check
  CHECK (status IN ('PENDING', 'CONFIRMED', 'FAILED', 'REORGED'));
