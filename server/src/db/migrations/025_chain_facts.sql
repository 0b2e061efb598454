-- The chain watcher reports facts and core decides: what a deep reorg undoes, and what a database restored
-- from an old backup must not reuse.

-- Where a refund's RefundCompleted was read (like a payment's pay event), so that a reorg that removes it is
-- found: a read of its block must find it again. Kept while the refund is REFUNDED; `reorged_at` and
-- `reorged_tx_hash` keep what a reorg took back.
ALTER TABLE refunds
  ADD COLUMN chain_id        integer REFERENCES chains (id),
  ADD COLUMN block_number    bigint,
  ADD COLUMN block_hash      text CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN log_index       integer,
  ADD COLUMN reorged_at      timestamptz,
  ADD COLUMN reorged_tx_hash text CHECK (reorged_tx_hash ~ '^0x[0-9a-f]{64}$');
UPDATE refunds r
  SET chain_id = e.chain_id, block_number = e.block_number, block_hash = e.block_hash, log_index = e.log_index
  FROM chain_events e
  WHERE r.status = 'REFUNDED' AND e.kind = 'RefundCompleted' AND e.tx_hash = r.tx_hash AND e.outcome = 'refunded';
CREATE INDEX refunds_refunded_block_idx ON refunds (chain_id, block_number)
  WHERE status = 'REFUNDED' AND block_number IS NOT NULL;

-- The payer a refund was signed for (its RefundRequest's `payerAddress`): the payment's own payer is cleared,
-- or changed, when a reorg removes its transaction and it is paid again.
ALTER TABLE refunds ADD COLUMN payer_address text;
UPDATE refunds r SET payer_address = p.payer_address FROM payments p WHERE p.id = r.payment_id;

-- A refund whose transaction a reorg removed is open again until its deadline, beside a refund the merchant
-- opened meanwhile: both were signed within what the payment paid. Otherwise one open refund per payment.
DROP INDEX refunds_payment_id_open_key;
CREATE UNIQUE INDEX refunds_payment_id_open_key ON refunds (payment_id)
  WHERE status = 'SUBMITTED' AND reorged_at IS NULL;

-- Every payment with a pay event (PAID, INVALID, REFUND_SUBMITTED, REFUNDED): a read of its block must find
-- the event again, whatever the payment became since.
DROP INDEX payments_paid_block_idx;
CREATE INDEX payments_settled_block_idx ON payments (chain_id, block_number) WHERE block_number IS NOT NULL;

-- The gateway's sequences seen on the chain: `read_to_block` is the last block up to which every event of the
-- gateway has been read (by the watcher, or by a range refill that read what the watcher had not), so every
-- sequence used on the chain up to there is below `next_sequence`. A refill reads the blocks above it first:
-- after a restore from an old backup, no sequence is handed out before the chain was read past the backup.
-- `read_at`: when a read last advanced it. While that is recent, a range may be taken without the chain (its RPC
-- failing): the database has been following the chain.
ALTER TABLE payment_sequences
  ADD COLUMN read_to_block bigint CHECK (read_to_block >= 0),
  ADD COLUMN read_at       timestamptz;

-- Open payments and refunds by the sequence their id carries (its last 16 hex digits): an event for an id
-- the database does not know, whose sequence an open one holds, is a collision.
CREATE INDEX payments_open_sequence_idx ON payments (chain_id, right(payment_id, 16)) WHERE status = 'CREATED';
CREATE INDEX refunds_open_sequence_idx ON refunds (right(chain_refund_id, 16)) WHERE status = 'SUBMITTED';

-- Each collision found: the sequence's bit is set on the gateway by an id Kassa does not know (its database
-- lost the rows, or another deployment signs with the same key), so the known id holding it can never settle.
CREATE TABLE sequence_collisions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id        integer NOT NULL REFERENCES chains (id),
  gateway_address text NOT NULL CHECK (gateway_address ~ '^0x[0-9a-f]{40}$'),
  sequence        numeric(20, 0) NOT NULL,
  -- payment: an open payment's paid bit; refund: an open refund's refunded bit.
  kind            text NOT NULL CHECK (kind IN ('payment', 'refund')),
  -- The id Kassa knows (payment id or refund's gateway id), and the one seen on the chain (null: a bit read).
  known_id        text NOT NULL CHECK (known_id ~ '^0x[0-9a-f]{64}$'),
  seen_id         text CHECK (seen_id ~ '^0x[0-9a-f]{64}$'),
  tx_hash         text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sequence_collisions_known_key UNIQUE (chain_id, kind, known_id)
);

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.refund_reorged', 'payment.reorged', 'webhook.test'
));
