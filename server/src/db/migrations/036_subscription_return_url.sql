-- Where the hosted subscribe page sends the payer back to the merchant once subscribed (issue 42): the merchant's
-- page, like a payment's success URL; none when the merchant gave none.
ALTER TABLE subscriptions ADD COLUMN return_url text CHECK (return_url ~* '^https?://' AND length(return_url) <= 2048);
