-- The payer's subscriptions page (issue 29): a payer signs in with the wallet that signed their subscriptions
-- (EIP-4361) and gets a short session scoped to that address only: it lists and cancels the subscriptions whose
-- payer is that address, and never stands for a merchant (it is not a dashboard session, and no merchant
-- route reads it). Each sign-in message's nonce signs one session in, once.
CREATE TABLE payer_sessions (
  token_hash  text PRIMARY KEY,
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  nonce       text NOT NULL CONSTRAINT payer_sessions_nonce_key UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX payer_sessions_expires_idx ON payer_sessions (expires_at);

-- The page lists a payer's subscriptions by address, whatever its case as signed.
CREATE INDEX subscriptions_payer_idx ON subscriptions (lower(payer_address), created_at DESC, id DESC)
  WHERE payer_address IS NOT NULL;
