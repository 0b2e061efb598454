-- Fiat-priced subscription plans (issue 29): the plan's price is `fiat_amount` of `currency` per period, and
-- `amount` the maximum in token units the payer signed per charge (the schedule's `variableAmount`). Each
-- period the worker converts the price at the token's hourly average and charges that, with the server's
-- `SubscriptionCharge` signature; a price beyond the signed maximum is refused (a failed attempt).
-- Each charge's payment keeps its conversion (payments.currency, fiat_amount, token_price).
ALTER TABLE subscriptions ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE subscriptions ADD COLUMN fiat_amount numeric CHECK (fiat_amount > 0);
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_fiat_fields CHECK ((currency IS NULL) = (fiat_amount IS NULL));
