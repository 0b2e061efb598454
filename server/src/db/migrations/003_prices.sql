-- Where each token's price comes from, and the samples the collector takes.
-- Prices are exact decimals (numeric, no scale limit): the price of one whole token in a fiat
-- currency. Sample times come from the collector's clock, so the hour windows of `hourly-average`
-- are about when the service saw a price, not when a source last changed it (`observed_at`).

CREATE TABLE token_price_sources (
  token_id        integer PRIMARY KEY REFERENCES tokens (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('chainlink', 'coingecko', 'static')),
  -- chainlink: the feed address; coingecko: the coin id; static: the key in the static price table.
  -- A testnet token names the asset it stands for (test USDC -> `usd-coin`).
  ref             text NOT NULL CHECK (ref <> ''),
  -- chainlink: the network id of the chain the feed is read on (often a mainnet, not the token's chain).
  feed_network_id bigint CHECK (feed_network_id > 0),
  -- chainlink: the currency the feed answers in; NULL means USD.
  quote_currency  text CHECK (quote_currency ~ '^[A-Z]{3}$'),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT token_price_sources_chainlink_feed CHECK (
    kind <> 'chainlink' OR (ref ~ '^0x[0-9a-fA-F]{40}$' AND feed_network_id IS NOT NULL)
  )
);
CREATE TRIGGER token_price_sources_updated_at BEFORE UPDATE ON token_price_sources
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

CREATE TABLE price_samples (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_id    integer NOT NULL REFERENCES tokens (id) ON DELETE CASCADE,
  currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  price       numeric NOT NULL CHECK (price > 0),
  -- `coingecko`, `chainlink`, `static`; a price derived through USD says so: `chainlink+fx:static`.
  source      text NOT NULL CHECK (source <> ''),
  -- When the source says the price was last updated (chainlink updatedAt, coingecko last_updated_at).
  observed_at timestamptz,
  sampled_at  timestamptz NOT NULL
);
-- Serves `current` (newest first) and the hour buckets of `hourly-average` (a range scan).
CREATE INDEX price_samples_token_currency_time_idx ON price_samples (token_id, currency, sampled_at DESC);
-- Retention pruning.
CREATE INDEX price_samples_sampled_at_idx ON price_samples (sampled_at);
