-- Subscriptions (issue 29): a schedule the payer signs once (EIP-712 `Subscription` on the gateway's domain),
-- charged period by period by the worker through the relayer. Each charge is a payment of its own
-- (payments.subscription_id, payments.subscription_period), so webhooks, exports and the dashboard see it.
CREATE TABLE subscriptions (
  id                   text PRIMARY KEY CHECK (id ~ '^sub_[0-9a-f]{32}$'),
  -- The schedule's subscriptionId (random bytes32): the gateway's events carry it.
  subscription_id      text NOT NULL CONSTRAINT subscriptions_subscription_id_key UNIQUE
                       CHECK (subscription_id ~ '^0x[0-9a-f]{64}$'),
  merchant_id          integer NOT NULL REFERENCES merchants (id),
  order_id             text NOT NULL CHECK (length(order_id) BETWEEN 1 AND 200),
  description          text CHECK (length(description) <= 500),
  chain_id             integer NOT NULL REFERENCES chains (id),
  token_id             integer NOT NULL REFERENCES tokens (id),
  gateway_address      text NOT NULL CHECK (gateway_address ~ '^0x[0-9a-fA-F]{40}$'),
  recipient_address    text NOT NULL CHECK (recipient_address ~ '^0x[0-9a-fA-F]{40}$'),
  -- Per charge, in base units (a fixed plan: the schedule's `variableAmount` is false).
  amount               numeric(78, 0) NOT NULL CHECK (amount > 0),
  period_seconds       bigint NOT NULL CHECK (period_seconds > 0),
  -- Unix seconds at which charge 0 opens: the merchant's, or chosen by the payer's signature when it has none.
  starts_at            bigint CHECK (starts_at > 0),
  charges              integer NOT NULL CHECK (charges BETWEEN 1 AND 10000),
  -- Set when the payer signs: the schedule is complete only with its payer.
  payer_address        text CHECK (payer_address ~ '^0x[0-9a-fA-F]{40}$'),
  use_permit2          boolean NOT NULL DEFAULT false,
  digest               text CHECK (digest ~ '^0x[0-9a-f]{64}$'),
  payer_signature      text CHECK (payer_signature ~ '^0x[0-9a-f]*$'),
  server_signature     text CHECK (server_signature ~ '^0x[0-9a-f]*$'),
  status               text NOT NULL DEFAULT 'PENDING'
                       CHECK (status IN ('PENDING', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'COMPLETED')),
  -- The next period to charge and when: its window's opening, or the next retry of a failed charge.
  next_period          integer NOT NULL DEFAULT 0 CHECK (next_period >= 0),
  next_charge_at       timestamptz,
  -- Failed attempts of next_period's charge; the retry schedule (seconds after each failure).
  failed_attempts      integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  retry_schedule       integer[] NOT NULL CHECK (cardinality(retry_schedule) <= 20),
  -- What the last failed retry leads to.
  on_failure           text NOT NULL CHECK (on_failure IN ('PAST_DUE', 'CANCELED')),
  last_error           text,
  canceled_by          text CHECK (canceled_by IN ('merchant', 'payer', 'allowance', 'retries', 'chain')),
  canceled_at          timestamptz,
  -- After a cancellation through Kassa: the relayer's cancelSubscriptionBySignature ('sent', and its
  -- transaction), or none needed ('unneeded': never charged, or already canceled on-chain).
  chain_cancel                        text CHECK (chain_cancel IN ('sent', 'unneeded')),
  chain_cancel_sender_transaction_id  bigint REFERENCES sender_transactions (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subscriptions_merchant_order_key UNIQUE (merchant_id, order_id),
  CONSTRAINT subscriptions_signed CHECK (
    status = 'PENDING' OR (payer_address IS NOT NULL AND starts_at IS NOT NULL AND digest IS NOT NULL AND payer_signature IS NOT NULL)
  )
);
CREATE INDEX subscriptions_merchant_listing_idx ON subscriptions (merchant_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_due_idx ON subscriptions (next_charge_at) WHERE status IN ('ACTIVE', 'PAST_DUE');
CREATE TRIGGER subscriptions_updated_at BEFORE UPDATE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- A charge is a payment; one payment under way or paid per (subscription, period), whatever crashes or
-- retries happen (a charge whose transaction reverted is FAILED, and its retry is a payment of its own).
ALTER TABLE payments ADD COLUMN subscription_id text REFERENCES subscriptions (id);
ALTER TABLE payments ADD COLUMN subscription_period integer CHECK (subscription_period >= 0);
-- The relayer's transaction that charges it (stored with the signed transaction, before it is sent).
ALTER TABLE payments ADD COLUMN charge_sender_transaction_id bigint REFERENCES sender_transactions (id);
CREATE INDEX payments_charge_sender_transaction_idx ON payments (charge_sender_transaction_id)
  WHERE charge_sender_transaction_id IS NOT NULL;
ALTER TABLE payments ADD CONSTRAINT payments_subscription_fields
  CHECK ((subscription_id IS NULL) = (subscription_period IS NULL));
CREATE UNIQUE INDEX payments_subscription_period_key ON payments (subscription_id, subscription_period)
  WHERE subscription_id IS NOT NULL AND status <> 'FAILED';

-- The relayer's charges and cancellations are sender transactions of their own purposes.
ALTER TABLE sender_transactions DROP CONSTRAINT sender_transactions_purpose_check;
ALTER TABLE sender_transactions ADD CONSTRAINT sender_transactions_purpose_check
  CHECK (purpose IN ('relay', 'grant', 'subscription_charge', 'subscription_cancel'));

-- Subscription events: about the subscription, with the charge's payment when there is one.
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refund_submitted',
  'payment.refund_expired', 'payment.refunded', 'payment.refund_reorged', 'payment.reorged',
  'payment.underpaid', 'webhook.test',
  'subscription.created', 'subscription.charged', 'subscription.charge_failed',
  'subscription.past_due', 'subscription.canceled', 'subscription.completed'
));
