-- The gas faucet as a budgeted cost. Every grant is charged, in the transaction that takes its claim,
-- against three daily counters (UTC days): the chain's spend, the merchant's spend on that chain, and
-- the grants of the client IP. Each counter is one row moved by a guarded upsert, so concurrent claims
-- can never overspend, and no check counts rows of the past.

-- A grant whose transfer was sent and failed (reverted, or refused by the node) stays as FAILED: its
-- wallet and payment keep their claim, so the same pair never makes the faucet pay again. Only a send
-- that recorded nothing (no nonce taken, nothing can move) releases the claim and its charges.
ALTER TABLE gas_grants DROP CONSTRAINT gas_grants_status_check;
ALTER TABLE gas_grants ADD CONSTRAINT gas_grants_status_check
  CHECK (status IN ('PENDING', 'CONFIRMED', 'FAILED'));
-- What the claim charged, to give back if it is released: the grant's value plus the gas of its
-- transfer at the fee cap (what the faucet may lose), the day it was charged to, the client's key.
ALTER TABLE gas_grants
  ADD COLUMN charged_wei numeric(78, 0) NOT NULL DEFAULT 0 CHECK (charged_wei >= 0),
  ADD COLUMN budget_day date,
  ADD COLUMN client_key text,
  ADD COLUMN error_message text;

CREATE TABLE faucet_chain_days (
  network_id bigint NOT NULL,
  day        date NOT NULL,
  spent_wei  numeric(78, 0) NOT NULL CHECK (spent_wei >= 0),
  grants     integer NOT NULL CHECK (grants >= 0),
  PRIMARY KEY (network_id, day)
);

CREATE TABLE faucet_merchant_days (
  network_id  bigint NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  day         date NOT NULL,
  spent_wei   numeric(78, 0) NOT NULL CHECK (spent_wei >= 0),
  grants      integer NOT NULL CHECK (grants >= 0),
  PRIMARY KEY (network_id, merchant_id, day)
);

-- Client IPs are never stored: a client is known by sha256(the day's salt, its IP or IPv6 /64).
-- The salt of a day is deleted with that day's client rows when the next day's first grant is
-- claimed, so past keys cannot be turned back into addresses, even with a copy of the database.
CREATE TABLE faucet_client_salts (
  day  date PRIMARY KEY,
  salt text NOT NULL DEFAULT gen_random_uuid()::text
);

CREATE TABLE faucet_client_days (
  day        date NOT NULL,
  client_key text NOT NULL CHECK (client_key ~ '^[0-9a-f]{64}$'),
  grants     integer NOT NULL CHECK (grants >= 0),
  PRIMARY KEY (day, client_key)
);
