-- Payment lifecycle: what the chain said (events, cursors), what merchants were told (webhook events,
-- deliveries, attempts) and refunds.

-- Confirmation depths per chain (issue 4); migration 002 seeded the column default.
UPDATE chains SET confirmations = 5 WHERE network_id = 80002;
UPDATE chains SET confirmations = 3 WHERE network_id IN (97, 11155111);
UPDATE chains SET confirmations = 0 WHERE network_id = 31337;

ALTER TABLE payments
  -- The money arrived after the payment had been marked EXPIRED (the contract accepts it until `deadline`).
  ADD COLUMN paid_after_expiry boolean NOT NULL DEFAULT false,
  -- Where the PaymentCompleted event that settled the payment (PAID or INVALID) was read.
  ADD COLUMN block_number      bigint,
  ADD COLUMN block_hash        text CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN log_index         integer,
  ADD COLUMN fee_amount        numeric(78, 0),
  -- Why the payment is INVALID or FAILED, for the operator and the merchant.
  ADD COLUMN status_reason     text,
  -- On-demand sync of GET /payments/:id: the guarded update of this column decides who asks the chain.
  ADD COLUMN last_synced_at    timestamptz NOT NULL DEFAULT 'epoch';

-- Expiry sweeps read only CREATED payments, oldest deadline first.
CREATE INDEX payments_created_expires_at_idx ON payments (expires_at) WHERE status = 'CREATED';

-- Every gateway event the service applied or refused, including events for payment ids it does not know
-- (kept for the operator, never fatal to the watcher). One row per log of a block: a reorg that re-mines a
-- transaction in another block adds a row.
CREATE TABLE chain_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id     integer NOT NULL REFERENCES chains (id),
  kind         text NOT NULL CHECK (kind IN ('PaymentCompleted', 'RefundCompleted')),
  payment_id   text NOT NULL CHECK (payment_id ~ '^0x[0-9a-f]{64}$'),
  tx_hash      text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  block_number bigint NOT NULL,
  block_hash   text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  log_index    integer NOT NULL,
  args         jsonb NOT NULL,
  outcome      text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chain_events_log_key UNIQUE (chain_id, block_hash, log_index)
);
CREATE INDEX chain_events_payment_id_idx ON chain_events (payment_id);

-- The watcher's position per chain: every block up to block_number was read; block_hash detects reorgs.
CREATE TABLE chain_cursors (
  chain_id     integer PRIMARY KEY REFERENCES chains (id),
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash   text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER chain_cursors_updated_at BEFORE UPDATE ON chain_cursors
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- One row per thing that happened to a payment; its id is the Standard Webhooks `webhook-id`, the same
-- on every retry and redelivery, so a merchant can deduplicate.
CREATE TABLE webhook_events (
  id          text PRIMARY KEY CHECK (id ~ '^evt_[0-9a-f]{32}$'),
  merchant_id integer NOT NULL REFERENCES merchants (id),
  payment_id  bigint REFERENCES payments (id),
  type        text NOT NULL CHECK (type IN ('payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refunded')),
  payload     jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_payment_id_idx ON webhook_events (payment_id);

-- One delivery per (event, send request): the first one, and one per redelivery.
CREATE TABLE webhook_deliveries (
  id               text PRIMARY KEY CHECK (id ~ '^whd_[0-9a-f]{32}$'),
  event_id         text NOT NULL REFERENCES webhook_events (id),
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  status           text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  attempt_count    integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  last_status_code integer,
  last_error       text,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_merchant_listing_idx ON webhook_deliveries (merchant_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event_id_idx ON webhook_deliveries (event_id);
CREATE TRIGGER webhook_deliveries_updated_at BEFORE UPDATE ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE webhook_attempts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id),
  attempt     integer NOT NULL CHECK (attempt > 0),
  url         text NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_attempts_delivery_attempt_key UNIQUE (delivery_id, attempt)
);

-- Non-custodial refunds: the merchant wallet sends them through PaymentGateway.refund() with a server
-- signature valid until `deadline`. SUBMITTED until the RefundCompleted event (REFUNDED) or the deadline
-- (EXPIRED: the payment is PAID again).
CREATE TABLE refunds (
  id               text PRIMARY KEY CHECK (id ~ '^rf_[0-9a-f]{32}$'),
  payment_id       bigint NOT NULL REFERENCES payments (id),
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  amount           numeric(78, 0) NOT NULL CHECK (amount > 0),
  reason           text,
  status           text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'REFUNDED', 'EXPIRED')),
  deadline         bigint NOT NULL,
  server_signature text NOT NULL,
  tx_hash          text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  refunded_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- At most one refund per payment that is open or done; an expired one leaves room for another.
CREATE UNIQUE INDEX refunds_payment_id_active_key ON refunds (payment_id) WHERE status IN ('SUBMITTED', 'REFUNDED');
CREATE INDEX refunds_merchant_listing_idx ON refunds (merchant_id, created_at DESC, id DESC);
CREATE TRIGGER refunds_updated_at BEFORE UPDATE ON refunds
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();
