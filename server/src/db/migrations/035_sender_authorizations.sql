-- The EIP-7702 authorizations a sender transaction carries (a type-4 transaction), as a JSON array of signed tuples
-- (chainId, address, nonce, r, s, yParity); NULL for every other transaction. A sweep or a return that moves money
-- from a version-3 deposit account for the first time carries the account's public authorization (contracts/src
-- depositAuthorization), and every replacement of it must carry it too: the tracker signs replacements from this row.
ALTER TABLE sender_transactions ADD COLUMN authorization_list jsonb;
