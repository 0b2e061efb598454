-- A payment whose pay transaction is mined but not final yet. On chains whose finality trails the head by
-- longer than the expiry (Sepolia's `safe` block: 6 to 13 minutes), a payer who paid in time would see the
-- payment EXPIRED before it became PAID. The watcher marks a CREATED payment when it reads its
-- PaymentCompleted event between the final block and the head, before the payment's expiresAt; the expiry
-- leaves a payment alone while its mark is younger than an hour. The mark is only a hold on the expiry:
-- the payment becomes PAID from its final block as before, and a mark whose transaction a reorg removed
-- simply ages out.
ALTER TABLE payments
  ADD COLUMN seen_tx_hash      text CHECK (seen_tx_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN seen_block_number bigint,
  ADD COLUMN seen_at           timestamptz;
