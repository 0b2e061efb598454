-- Payment links: a merchant's no-code way to get paid. A link is a fixed amount of a token (or of a fiat
-- currency, converted when each payment is created) or an amount the payer types between two bounds.
-- Each payer who starts paying gets a payment of their own, which records its link.
CREATE TABLE payment_links (
  id          text PRIMARY KEY CHECK (id ~ '^pl_[0-9a-f]{32}$'),
  merchant_id integer NOT NULL REFERENCES merchants (id),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  token_id    integer NOT NULL REFERENCES tokens (id),
  amount      numeric CHECK (amount > 0),
  currency    text CHECK (currency ~ '^[A-Z]{3}$'),
  min_amount  numeric CHECK (min_amount > 0),
  max_amount  numeric CHECK (max_amount >= min_amount),
  success_url text NOT NULL,
  fail_url    text NOT NULL,
  expires_at  timestamptz,
  max_uses    integer CHECK (max_uses > 0),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((amount IS NULL) = (min_amount IS NOT NULL AND max_amount IS NOT NULL)),
  CHECK (currency IS NULL OR amount IS NOT NULL)
);
CREATE INDEX payment_links_merchant_listing_idx ON payment_links (merchant_id, created_at DESC, id DESC);
CREATE TRIGGER payment_links_updated_at BEFORE UPDATE ON payment_links
  FOR EACH ROW EXECUTE FUNCTION kassa_touch_updated_at();

ALTER TABLE payments ADD COLUMN payment_link_id text REFERENCES payment_links (id);
CREATE INDEX payments_payment_link_idx ON payments (payment_link_id, status) WHERE payment_link_id IS NOT NULL;
