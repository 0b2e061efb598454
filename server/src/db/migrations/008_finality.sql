-- Finality: a payment is PAID only when its block is final for its chain, and a reorg deeper than that
-- is still found and told. Also what keeps the watcher's per-block work independent of history.

-- How a chain decides that a block is final: the node's `finalized` or `safe` block (chains that offer
-- them), or `depth`: `confirmations` blocks below the head.
ALTER TABLE chains
  ADD COLUMN finality text NOT NULL DEFAULT 'depth' CHECK (finality IN ('finalized', 'safe', 'depth'));
-- Polygon PoS milestones and BSC fast finality finalize within seconds. Ethereum's `safe` (justified) block
-- trails the head by about 6 to 13 minutes, `finalized` by 13 to 19.
UPDATE chains SET finality = 'finalized' WHERE network_id IN (80002, 97);
UPDATE chains SET finality = 'safe' WHERE network_id = 11155111;

-- A PAID payment whose pay transaction a reorg removed goes back to CREATED (it can be paid again); the
-- record keeps what was lost.
ALTER TABLE payments
  ADD COLUMN reorged_at      timestamptz,
  ADD COLUMN reorged_tx_hash text CHECK (reorged_tx_hash ~ '^0x[0-9a-f]{64}$');

-- The watcher checks, for each block range it reads, that every PAID payment whose block lies in the range
-- still has its event there: an index range scan over the payments of those blocks, not of the history.
CREATE INDEX payments_paid_block_idx ON payments (chain_id, block_number) WHERE status = 'PAID';

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'payment.paid', 'payment.invalid', 'payment.expired', 'payment.failed', 'payment.refunded', 'payment.reorged'
));

-- Every gateway a chain's payments were signed for. A payment takes its chain's gateway when created, so
-- a trigger on chains keeps this list: the watcher reads it per block instead of the payments table.
-- Old deployments stay listed (their payments can still be refunded there); each costs one address in
-- the log filter and nothing in the database.
CREATE TABLE chain_gateways (
  chain_id        integer NOT NULL REFERENCES chains (id),
  gateway_address text NOT NULL CHECK (gateway_address ~ '^0x[0-9a-fA-F]{40}$'),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, gateway_address)
);

CREATE FUNCTION kassa_record_chain_gateway() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.gateway_address IS NOT NULL THEN
    INSERT INTO chain_gateways (chain_id, gateway_address) VALUES (NEW.id, NEW.gateway_address)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chains_record_gateway AFTER INSERT OR UPDATE OF gateway_address ON chains
  FOR EACH ROW EXECUTE FUNCTION kassa_record_chain_gateway();

INSERT INTO chain_gateways (chain_id, gateway_address)
  SELECT id, gateway_address FROM chains WHERE gateway_address IS NOT NULL
  UNION
  SELECT DISTINCT chain_id, gateway_address FROM payments
  ON CONFLICT DO NOTHING;
