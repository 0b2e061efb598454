-- A payment link's `maxUses` counts its started, unexpired payments besides the paid ones: each payment a
-- payer starts holds a use until it expires (a reservation that frees itself), so a link limited to the
-- stock a merchant has is never sold more than once per unit by payments started together. Open payments
-- are bounded per link, per merchant and per client network, and a client that presses Pay again gets its
-- own open payment back, so anonymous presses cannot fill the table (nor spend the gateway's sequences).

-- Who started a link payment: the SHA-256 of the payer's browser token (a cookie of the hosted page) and
-- its client network (an IPv4 address, an IPv6 /64). NULL for payments not started from a link.
ALTER TABLE payments ADD COLUMN link_client text CHECK (link_client ~ '^[0-9a-f]{64}$');
ALTER TABLE payments ADD COLUMN link_client_network text;

-- The open payments of a link (its reservations) and of a merchant's links, counted at each start.
CREATE INDEX payments_open_link_payments_idx ON payments (merchant_id, payment_link_id)
  WHERE status = 'CREATED' AND payment_link_id IS NOT NULL;
