import type { Subscription } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import type { SubscriptionDetails } from "../../db/subscriptions/subscriptions.js";

/**
 * A stored subscription as the gateway sees it: the EIP-712 `Subscription` the payer signed, and the windows
 * of its periods (charge `n` opens at `startsAt + n * period` and closes one period later).
 */

/** The schedule as signed; `payer` and `startsAt` are those of the payer's signature (or the ones it will sign). */
export function scheduleOf(
  row: SubscriptionDetails,
  signer: { payer: string; startsAt: bigint; usePermit2: boolean } = {
    payer: row.payer_address ?? "",
    startsAt: BigInt(row.starts_at ?? 0),
    usePermit2: row.use_permit2,
  },
): Subscription {
  return {
    subscriptionId: row.subscription_id as Hex,
    payer: signer.payer as Address,
    tokenAddress: row.token_address as Address,
    amount: BigInt(row.amount),
    // A fiat plan: each charge's amount is the server's to sign, up to `amount`.
    variableAmount: row.currency !== null,
    usePermit2: signer.usePermit2,
    recipientAddress: row.recipient_address as Address,
    merchantId: row.merchant_bytes32_id as Hex,
    period: BigInt(row.period_seconds),
    startsAt: signer.startsAt,
    charges: BigInt(row.charges),
  };
}

/** When charge `period` of a signed schedule opens and closes. */
export function chargeWindow(row: SubscriptionDetails, period: number): { opensAt: Date; closesAt: Date } {
  const seconds = BigInt(row.period_seconds);
  const opens = BigInt(row.starts_at ?? 0) + BigInt(period) * seconds;
  return { opensAt: new Date(Number(opens) * 1000), closesAt: new Date(Number(opens + seconds) * 1000) };
}

/** The period whose window holds `now` (may be past the last charge, or negative before the start). */
export function periodAt(row: SubscriptionDetails, now: Date): number {
  const elapsed = BigInt(Math.floor(now.getTime() / 1000)) - BigInt(row.starts_at ?? 0);
  if (elapsed < 0n) return -1;
  return Number(elapsed / BigInt(row.period_seconds));
}
