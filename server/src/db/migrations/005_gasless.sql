-- Gasless payments: relay requests, the transactions the service's own keys send
-- (relayer and faucet) with every signed broadcast, the per-key nonce ledger, and gas grants.
--
-- Crash safety rests on one rule: a transaction is signed and its raw bytes and hash are stored, in
-- the same transaction that takes its nonce, BEFORE it is sent. A process that dies at any point
-- finds on restart either nothing (the nonce was not taken) or the exact bytes to send again, which
-- the node recognises as the same transaction ("already known", or mined: "nonce too low").

-- The nonce ledger: one row per sending key and chain. `next_nonce` is taken under FOR UPDATE.
CREATE TABLE sender_accounts (
  network_id bigint NOT NULL CHECK (network_id > 0),
  address    text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  role       text NOT NULL CHECK (role IN ('relayer', 'faucet')),
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network_id, address)
);
CREATE TRIGGER sender_accounts_updated_at BEFORE UPDATE ON sender_accounts
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- One row per nonce used: what is sent (the payload) stays the same across fee replacements.
-- `cancelled`: the payload must not land any more (its first send was refused); the nonce is then
-- filled with a zero-value transfer to self so later nonces are not blocked.
CREATE TABLE sender_transactions (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  network_id     bigint NOT NULL,
  sender_address text NOT NULL,
  nonce          bigint NOT NULL CHECK (nonce >= 0),
  purpose        text NOT NULL CHECK (purpose IN ('relay', 'grant')),
  to_address     text NOT NULL CHECK (to_address ~ '^0x[0-9a-fA-F]{40}$'),
  value          numeric(78, 0) NOT NULL DEFAULT 0 CHECK (value >= 0),
  data           text NOT NULL DEFAULT '0x',
  gas_limit      numeric(78, 0) NOT NULL CHECK (gas_limit > 0),
  status         text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'CONFIRMED', 'FAILED')),
  cancelled      boolean NOT NULL DEFAULT false,
  mined_hash     text CHECK (mined_hash ~ '^0x[0-9a-f]{64}$'),
  block_number   bigint,
  error_message  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sender_transactions_nonce_key UNIQUE (network_id, sender_address, nonce),
  FOREIGN KEY (network_id, sender_address) REFERENCES sender_accounts (network_id, address)
);
CREATE INDEX sender_transactions_open_idx ON sender_transactions (network_id, sender_address, nonce)
  WHERE status = 'SUBMITTED';
CREATE TRIGGER sender_transactions_updated_at BEFORE UPDATE ON sender_transactions
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- Every signed version of a sender transaction (the first, fee replacements, the filler), stored
-- before it is sent. PENDING: stored, not known to have reached the node; SENT: the node took it
-- (or already had it); REJECTED: the node refused it, never sent again.
CREATE TABLE sender_broadcasts (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_transaction_id    bigint NOT NULL REFERENCES sender_transactions (id),
  tx_hash                  text NOT NULL CONSTRAINT sender_broadcasts_tx_hash_key UNIQUE CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  raw_transaction          text NOT NULL,
  is_filler                boolean NOT NULL DEFAULT false,
  max_fee_per_gas          numeric(78, 0),
  max_priority_fee_per_gas numeric(78, 0),
  gas_price                numeric(78, 0),
  status                   text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'REJECTED')),
  error_message            text,
  created_at               timestamptz NOT NULL DEFAULT now(),
  sent_at                  timestamptz
);
CREATE INDEX sender_broadcasts_transaction_idx ON sender_broadcasts (sender_transaction_id, id);

-- One per payment: the unique key decides between concurrent submissions.
CREATE TABLE relay_requests (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id            bigint NOT NULL CONSTRAINT relay_requests_payment_id_key UNIQUE REFERENCES payments (id),
  network_id            bigint NOT NULL,
  forwarder_address     text NOT NULL CHECK (forwarder_address ~ '^0x[0-9a-fA-F]{40}$'),
  from_address          text NOT NULL CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
  to_address            text NOT NULL CHECK (to_address ~ '^0x[0-9a-fA-F]{40}$'),
  gas                   numeric(78, 0) NOT NULL,
  forwarder_nonce       numeric(78, 0) NOT NULL,
  deadline              bigint NOT NULL,
  data                  text NOT NULL,
  signature             text NOT NULL,
  status                text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SUBMITTED', 'CONFIRMED', 'FAILED')),
  sender_transaction_id bigint CONSTRAINT relay_requests_sender_transaction_id_key UNIQUE REFERENCES sender_transactions (id),
  transaction_hash      text CHECK (transaction_hash ~ '^0x[0-9a-f]{64}$'),
  error_message         text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER relay_requests_updated_at BEFORE UPDATE ON relay_requests
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

-- One grant per wallet per chain, one per payment. The row is the claim: it exists
-- before any native token moves, and is deleted when the send fails (the claim is released).
CREATE TABLE gas_grants (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  network_id            bigint NOT NULL,
  wallet_address        text NOT NULL CHECK (wallet_address ~ '^0x[0-9a-fA-F]{40}$'),
  payment_id            bigint NOT NULL REFERENCES payments (id),
  amount                numeric(78, 0) NOT NULL CHECK (amount > 0),
  status                text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED')),
  sender_transaction_id bigint REFERENCES sender_transactions (id),
  tx_hash               text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gas_grants_wallet_key UNIQUE (network_id, wallet_address),
  CONSTRAINT gas_grants_payment_key UNIQUE (payment_id)
);
CREATE TRIGGER gas_grants_updated_at BEFORE UPDATE ON gas_grants
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();
