-- Scale: what a request or a scrape costs follows the work, not the history.

-- GET /merchants/me/payments?status=: one merchant's payments of one status, newest first, read from an
-- index instead of every row of the merchant.
CREATE INDEX payments_merchant_status_listing_idx ON payments (merchant_id, status, created_at DESC, id DESC);

-- Rows per status of payments and webhook_deliveries, kept by statement triggers in the transaction of
-- every change, so GET /metrics sums a few dozen rows instead of counting whole tables. Each backend adds
-- to its own shard (pg_backend_pid() % 16), so concurrent writers rarely wait for one another's counter
-- row; the sum over the shards is exact.
CREATE TABLE status_counts (
  table_name text NOT NULL CHECK (table_name IN ('payments', 'webhook_deliveries')),
  status     text NOT NULL,
  shard      smallint NOT NULL,
  n          bigint NOT NULL,
  PRIMARY KEY (table_name, status, shard)
);

CREATE FUNCTION kassa_count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts AS c (table_name, status, shard, n)
      SELECT TG_TABLE_NAME, status, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY status
      ORDER BY status
      ON CONFLICT (table_name, status, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO status_counts AS c (table_name, status, shard, n)
      SELECT TG_TABLE_NAME, status, pg_backend_pid() % 16, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, -1 FROM old_rows
      ) AS moves GROUP BY status HAVING sum(d) <> 0
      ORDER BY status
      ON CONFLICT (table_name, status, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO status_counts AS c (table_name, status, shard, n)
      SELECT TG_TABLE_NAME, status, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY status
      ORDER BY status
      ON CONFLICT (table_name, status, shard) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER payments_count_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();
CREATE TRIGGER payments_count_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();
CREATE TRIGGER payments_count_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();
CREATE TRIGGER webhook_deliveries_count_insert AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();
CREATE TRIGGER webhook_deliveries_count_update AFTER UPDATE ON webhook_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();
CREATE TRIGGER webhook_deliveries_count_delete AFTER DELETE ON webhook_deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_count_statuses();

INSERT INTO status_counts (table_name, status, shard, n)
  SELECT 'payments', status, 0, count(*) FROM payments GROUP BY status
  UNION ALL
  SELECT 'webhook_deliveries', status, 0, count(*) FROM webhook_deliveries GROUP BY status;

-- kassa_webhook_delivery_lag_seconds: the oldest PENDING delivery, from a small index.
CREATE INDEX webhook_deliveries_pending_created_at_idx ON webhook_deliveries (created_at) WHERE status = 'PENDING';

-- Updated on every status change: let autovacuum clear its dead rows early.
ALTER TABLE status_counts SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
