-- Chains, whitelisted tokens, merchants, payment methods and payments.
-- Addresses are stored EIP-55 checksummed (normalized by the application), bytes32 ids as
-- lowercase hex, token amounts in base units as numeric(78,0) (any uint256).

CREATE FUNCTION kassa_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TABLE chains (
  id                serial PRIMARY KEY,
  network_id        bigint NOT NULL CONSTRAINT chains_network_id_key UNIQUE CHECK (network_id > 0),
  name              text NOT NULL CHECK (name <> ''),
  is_testnet        boolean NOT NULL,
  rpc_url           text,
  gateway_address   text CHECK (gateway_address ~ '^0x[0-9a-fA-F]{40}$'),
  forwarder_address text CHECK (forwarder_address ~ '^0x[0-9a-fA-F]{40}$'),
  confirmations     integer NOT NULL DEFAULT 1 CHECK (confirmations >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER chains_updated_at BEFORE UPDATE ON chains
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE tokens (
  id               serial PRIMARY KEY,
  chain_id         integer NOT NULL REFERENCES chains (id),
  address          text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  symbol           text NOT NULL CHECK (symbol <> ''),
  decimals         smallint NOT NULL CHECK (decimals BETWEEN 0 AND 77),
  permit_supported boolean NOT NULL,
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tokens_chain_id_address_key UNIQUE (chain_id, address)
);
CREATE INDEX tokens_address_idx ON tokens (address);
CREATE TRIGGER tokens_updated_at BEFORE UPDATE ON tokens
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE merchants (
  id                serial PRIMARY KEY,
  merchant_key      text NOT NULL CONSTRAINT merchants_merchant_key_key UNIQUE,
  merchant_id       text NOT NULL CONSTRAINT merchants_merchant_id_key UNIQUE CHECK (merchant_id ~ '^0x[0-9a-f]{64}$'),
  name              text NOT NULL CHECK (name <> ''),
  chain_id          integer REFERENCES chains (id),
  recipient_address text CHECK (recipient_address ~ '^0x[0-9a-fA-F]{40}$'),
  webhook_url       text,
  webhook_secret    text NOT NULL,
  faucet_enabled    boolean NOT NULL DEFAULT false,
  is_enabled        boolean NOT NULL DEFAULT true,
  -- NULL: the gateway's default fee applies.
  fee_bps           integer CHECK (fee_bps BETWEEN 0 AND 10000),
  -- SHA-256 hex of the keys; the public key is public and also kept as is (GET /merchant shows it).
  api_key_hash      text NOT NULL CONSTRAINT merchants_api_key_hash_key UNIQUE,
  public_key        text NOT NULL CONSTRAINT merchants_public_key_key UNIQUE,
  public_key_hash   text NOT NULL CONSTRAINT merchants_public_key_hash_key UNIQUE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER merchants_updated_at BEFORE UPDATE ON merchants
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE payment_methods (
  id          serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  token_id    integer NOT NULL REFERENCES tokens (id),
  is_enabled  boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_methods_merchant_id_token_id_key UNIQUE (merchant_id, token_id)
);
CREATE TRIGGER payment_methods_updated_at BEFORE UPDATE ON payment_methods
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE payments (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id        text NOT NULL CONSTRAINT payments_payment_id_key UNIQUE CHECK (payment_id ~ '^0x[0-9a-f]{64}$'),
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  order_id          text NOT NULL CHECK (length(order_id) BETWEEN 1 AND 255),
  chain_id          integer NOT NULL REFERENCES chains (id),
  token_id          integer NOT NULL REFERENCES tokens (id),
  amount            numeric(78, 0) NOT NULL CHECK (amount > 0),
  recipient_address text NOT NULL CHECK (recipient_address ~ '^0x[0-9a-fA-F]{40}$'),
  -- The contracts the server signature was made for; a later redeployment must not change them.
  gateway_address   text NOT NULL CHECK (gateway_address ~ '^0x[0-9a-fA-F]{40}$'),
  forwarder_address text CHECK (forwarder_address ~ '^0x[0-9a-fA-F]{40}$'),
  status            text NOT NULL DEFAULT 'CREATED'
                    CHECK (status IN ('CREATED', 'PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID', 'EXPIRED', 'FAILED')),
  -- Unix seconds: the server signature deadline passed to pay().
  deadline          bigint NOT NULL,
  expires_at        timestamptz NOT NULL,
  tx_hash           text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  payer_address     text CHECK (payer_address ~ '^0x[0-9a-fA-F]{40}$'),
  confirmed_at      timestamptz,
  currency          text CHECK (currency ~ '^[A-Z]{3}$'),
  fiat_amount       numeric,
  token_price       numeric,
  success_url       text NOT NULL,
  fail_url          text NOT NULL,
  server_signature  text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_merchant_id_order_id_key UNIQUE (merchant_id, order_id),
  CONSTRAINT payments_fiat_fields CHECK ((currency IS NULL) = (fiat_amount IS NULL) AND (currency IS NULL) = (token_price IS NULL))
);
-- Merchant history: newest first, ties broken by id (the cursor of GET /merchants/me/payments).
CREATE INDEX payments_merchant_listing_idx ON payments (merchant_id, created_at DESC, id DESC);
CREATE TRIGGER payments_updated_at BEFORE UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();
