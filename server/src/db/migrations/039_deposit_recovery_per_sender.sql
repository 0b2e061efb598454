-- A recovery of another token to each of its senders sends one return per sender, several under way at once like the
-- excess returns (037): what each may send is checked against what its sender is owed under the payment's row lock.
-- Only a recovery to an address the operator names (it names no transfers) keeps one under way per token; it is
-- also refused while any return of that token is in flight (core/deposits/returns.ts), since the address still
-- holds what that return sends.
DROP INDEX deposit_returns_open_recovery_key;
CREATE UNIQUE INDEX deposit_returns_open_recovery_key ON deposit_returns (payment_id, token_address)
  WHERE kind = 'recovery' AND status = 'SUBMITTED' AND transfer_ids = '{}';
