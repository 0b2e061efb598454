-- Crash recovery and fair webhook delivery.
--
-- graphile-worker keeps a job locked by a worker that died (SIGKILL, power loss) for four hours. Every
-- worker process writes a heartbeat per graphile-worker pool every few seconds; any live worker unlocks
-- the jobs of pools whose heartbeat is older than half a minute, so their jobs run again within a minute.
CREATE TABLE worker_heartbeats (
  pool_id    text PRIMARY KEY,
  pid        integer NOT NULL,
  hostname   text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at    timestamptz NOT NULL DEFAULT now()
);

-- A delivery being sent holds one of its merchant's slots until `sending_until` (a lease: the attempt's
-- timeout plus a margin, so a sender that died frees the slot by itself). The number of leases a
-- merchant holds is its concurrency, across every worker process.
ALTER TABLE webhook_deliveries ADD COLUMN sending_until timestamptz;
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (merchant_id, next_attempt_at)
  WHERE status = 'PENDING';
-- The leases alone (released on every outcome): counting a merchant's slots reads only these.
CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (merchant_id) WHERE sending_until IS NOT NULL;
