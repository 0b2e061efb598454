-- Gasless relays of the gateway's one-signature paths (issue 28). Besides an ERC-2771 ForwardRequest
-- (`forward`), a relay may carry the payer's signature for `payWithPermit2` (`permit2`: Permit2's witness
-- transfer), `payWithAuthorization` (`authorization`: EIP-3009) or `payWithIntent` (`intent`: the payment
-- intent, ECDSA, ERC-1271 or ERC-6492). Those are sent to the gateway itself: `data` is the gateway's
-- calldata, `deadline` the payment's, and there is no forwarder, forwarder nonce or request gas.
ALTER TABLE relay_requests
  ADD COLUMN kind text NOT NULL DEFAULT 'forward'
    CHECK (kind IN ('forward', 'permit2', 'authorization', 'intent')),
  ADD COLUMN permit2_nonce numeric(78, 0),
  ALTER COLUMN forwarder_address DROP NOT NULL,
  ALTER COLUMN forwarder_nonce DROP NOT NULL,
  ALTER COLUMN gas DROP NOT NULL,
  ADD CONSTRAINT relay_requests_kind_fields CHECK (
    (kind = 'forward') = (forwarder_address IS NOT NULL AND forwarder_nonce IS NOT NULL AND gas IS NOT NULL)
    AND (kind = 'permit2') = (permit2_nonce IS NOT NULL)
  );

-- One relay in flight per Permit2 nonce of a payer: Permit2 spends a nonce once, so of two relays signed
-- with the same nonce (one per payment) at most one can succeed and the other would revert at the
-- relayer's expense. EIP-3009 nonces and intents are the payment's own: the payment's UNIQUE covers them.
CREATE UNIQUE INDEX relay_requests_permit2_nonce_key
  ON relay_requests (network_id, lower(from_address), permit2_nonce)
  WHERE kind = 'permit2' AND status IN ('QUEUED', 'SUBMITTED');
