-- Payment sequences: the gateway's replay guard is a bitmap indexed by each payment's sequence, the low
-- 64 bits of its paymentId (the rest is random). A sequence must never be handed out twice for one
-- gateway: a second payment signed with it could not be paid. One counter row per gateway; each API
-- process takes a range of it in one statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING, under the
-- row lock, committed before any of its sequences is signed) and hands the range out from memory, so a
-- payment costs no round trip for its sequence. A range left unused by a stopped process is a gap, never a
-- reuse. Restoring the database from a backup older than the newest range would reuse sequences: raise
-- next_sequence above every sequence the gateway may have seen first (or deploy a new gateway).
CREATE TABLE payment_sequences (
  chain_id        integer NOT NULL REFERENCES chains (id),
  gateway_address text NOT NULL CHECK (gateway_address ~ '^0x[0-9a-f]{40}$'),
  next_sequence   bigint NOT NULL CHECK (next_sequence >= 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, gateway_address)
);
CREATE TRIGGER payment_sequences_updated_at BEFORE UPDATE ON payment_sequences
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();
