-- The largest eth_getLogs block range a chain's RPC provider serves, as the readers learnt it from its
-- refusals (and grew it back): kept here so that a process starting (a restart, another worker) reads at
-- that limit at once instead of learning it again with a refusal per chain.
ALTER TABLE chains ADD COLUMN logs_max_blocks bigint CHECK (logs_max_blocks > 0);
