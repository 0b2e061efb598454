-- A relayer that cannot be drained by one payer.
--
-- One relay in flight per forwarder nonce of a payer: the forwarder executes a signed request only at
-- the payer's current nonce, so of several relays signed with the same nonce (one per payment) at most
-- one can succeed and every other one reverts at the relayer's expense. The first relay inserted
-- (QUEUED) holds the nonce until it is CONFIRMED (the nonce is then used on-chain, which the relay
-- endpoint reads) or FAILED (a reverted or unsent request leaves the nonce unused).
CREATE UNIQUE INDEX relay_requests_forwarder_nonce_key
  ON relay_requests (network_id, lower(forwarder_address), lower(from_address), forwarder_nonce)
  WHERE status IN ('QUEUED', 'SUBMITTED');

-- A relay that was mined and reverted (or did not pay), against its payer and merchant: the relayer
-- paid for it. A payer with RELAYER_PAYER_REVERT_LIMIT of these within
-- RELAYER_PAYER_REVERT_WINDOW_SECONDS is refused further relays until the oldest leaves the window.
CREATE TABLE relay_reverts (
  relay_request_id bigint PRIMARY KEY REFERENCES relay_requests (id),
  network_id       bigint NOT NULL,
  payer_address    text NOT NULL CHECK (payer_address ~ '^0x[0-9a-fA-F]{40}$'),
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  transaction_hash text NOT NULL CHECK (transaction_hash ~ '^0x[0-9a-f]{64}$'),
  gas_used         numeric(78, 0) NOT NULL CHECK (gas_used >= 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX relay_reverts_payer_idx ON relay_reverts (network_id, lower(payer_address), created_at);
