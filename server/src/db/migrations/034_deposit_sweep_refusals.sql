-- Deposits whose sweep the node says would revert (a token that blocks the deposit address, a paused token): the
-- sweep job tries such a deposit again after a delay that doubles with each refusal, from a minute up to six hours
-- (core/deposits/sweeps.ts), instead of every minute. A few of them then cost a few estimates a day, not one a
-- minute each forever, and no longer fill the job's run ahead of the deposits behind them. The row keeps the last
-- refusal for the operator; a payment whose sweep is sent later keeps its row, no longer read.
CREATE TABLE deposit_sweep_refusals (
  payment_id  bigint PRIMARY KEY REFERENCES payments (id),
  refusals    integer NOT NULL CHECK (refusals > 0),
  retry_at    timestamptz NOT NULL,
  reason      text NOT NULL,
  updated_at  timestamptz NOT NULL
);
