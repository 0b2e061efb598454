-- Sign-in with Ethereum for the merchant dashboard. A merchant's staff sign in with a wallet registered for
-- the merchant: its recipient address, or one of `merchant_wallets` (added by an operator). A session is a
-- random token in an HttpOnly cookie; only its SHA-256 is stored. The sign-in nonce is not stored: it is
-- an HMAC under `server_keys.dashboard_nonce` with its expiry, so asking for nonces writes nothing, and the
-- UNIQUE nonce of a session makes each nonce sign in once.
CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  secret     bytea NOT NULL CHECK (octet_length(secret) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE merchant_wallets (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  label       text CHECK (label <> ''),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT merchant_wallets_merchant_address_key UNIQUE (merchant_id, address)
);
CREATE INDEX merchant_wallets_address_idx ON merchant_wallets (address);
CREATE INDEX merchants_recipient_address_lower_idx ON merchants (lower(recipient_address));

CREATE TABLE dashboard_sessions (
  token_hash  text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  nonce       text NOT NULL CONSTRAINT dashboard_sessions_nonce_key UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX dashboard_sessions_expires_at_idx ON dashboard_sessions (expires_at);
