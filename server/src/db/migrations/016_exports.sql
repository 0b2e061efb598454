-- Accounting exports read a merchant's settled payments and completed refunds in the order the money
-- moved, a page at a time (keyset on the time and the id): these indexes give both the range and the order.
CREATE INDEX payments_merchant_confirmed_idx ON payments (merchant_id, confirmed_at, payment_id)
  WHERE confirmed_at IS NOT NULL;
CREATE INDEX refunds_merchant_refunded_idx ON refunds (merchant_id, refunded_at, id) WHERE status = 'REFUNDED';
