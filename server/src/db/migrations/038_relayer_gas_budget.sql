-- The relayer's gas at risk, per merchant and per client (issue 39).
--
-- A relay is sent with at most the gas limit reserved for it when it was accepted (its simulation's estimate
-- with a margin, never above its kind's bound: domain/gasPurposes.ts), and counts against the budgets with that
-- limit while it is QUEUED or SUBMITTED: what it could still cost if it reverted. `client_network` is the network
-- (an IPv4 address, an IPv6 /64) of the public-key caller that submitted it. Rows from before have neither.
ALTER TABLE relay_requests
  ADD COLUMN client_network text,
  ADD COLUMN gas_limit numeric(78, 0) CHECK (gas_limit > 0);

CREATE INDEX relay_requests_in_flight_idx ON relay_requests (network_id)
  WHERE status IN ('QUEUED', 'SUBMITTED');
CREATE INDEX relay_requests_in_flight_payer_idx ON relay_requests (network_id, lower(from_address))
  WHERE status IN ('QUEUED', 'SUBMITTED');
CREATE INDEX relay_requests_in_flight_client_idx ON relay_requests (network_id, client_network)
  WHERE status IN ('QUEUED', 'SUBMITTED') AND client_network IS NOT NULL;

-- Every transaction of the relayer mined and reverted, whatever its purpose: the gas it cost for nothing,
-- against the merchant, payer and client it was sent for when there is one (a relay; a subscription charge has
-- a merchant and a payer). Relays and first charges of a merchant, a payer or a client whose reverted gas of the
-- window plus the gas limits in flight reach the budget wait. It replaces relay_reverts (migration 007), which
-- held the reverted relays alone; their rows are kept.
CREATE TABLE relayer_reverts (
  sender_transaction_id bigint PRIMARY KEY REFERENCES sender_transactions (id),
  network_id            bigint NOT NULL,
  purpose               text NOT NULL,
  merchant_id           integer REFERENCES merchants (id),
  payer_address         text CHECK (payer_address ~ '^0x[0-9a-fA-F]{40}$'),
  client_network        text,
  transaction_hash      text NOT NULL CHECK (transaction_hash ~ '^0x[0-9a-f]{64}$'),
  gas_used              numeric(78, 0) NOT NULL CHECK (gas_used >= 0),
  created_at            timestamptz NOT NULL DEFAULT now()
);

INSERT INTO relayer_reverts
  (sender_transaction_id, network_id, purpose, merchant_id, payer_address, transaction_hash, gas_used, created_at)
SELECT relay_requests.sender_transaction_id, relay_reverts.network_id, 'relay', relay_reverts.merchant_id,
       relay_reverts.payer_address, relay_reverts.transaction_hash, relay_reverts.gas_used, relay_reverts.created_at
FROM relay_reverts
JOIN relay_requests ON relay_requests.id = relay_reverts.relay_request_id
WHERE relay_requests.sender_transaction_id IS NOT NULL;

DROP TABLE relay_reverts;

CREATE INDEX relayer_reverts_created_idx ON relayer_reverts (created_at);
CREATE INDEX relayer_reverts_merchant_idx ON relayer_reverts (network_id, merchant_id, created_at)
  WHERE merchant_id IS NOT NULL;
CREATE INDEX relayer_reverts_payer_idx ON relayer_reverts (network_id, lower(payer_address), created_at)
  WHERE payer_address IS NOT NULL;
CREATE INDEX relayer_reverts_client_idx ON relayer_reverts (network_id, client_network, created_at)
  WHERE client_network IS NOT NULL;
