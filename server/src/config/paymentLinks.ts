import { z } from "zod";

/** How many payments started from payment links may be open (CREATED, unexpired) at once. */
export interface PaymentLinkLimits {
  /** Per link: more payers starting together wait until one pays or expires. */
  openPerLink: number;
  /** Per merchant, over all its links. */
  openPerMerchant: number;
  /** Per link and client network (an IPv4 address, an IPv6 /64): a browser pressing Pay again gets its own back. */
  openPerClient: number;
}

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

export const paymentLinkEnvShape = {
  PAYMENT_LINK_OPEN_PER_LINK: count(100).describe(
    "Payments started from one payment link that may be open (unpaid, unexpired) at once; above it the page asks payers to retry in a few minutes (RATE_LIMITED).",
  ),
  PAYMENT_LINK_OPEN_PER_MERCHANT: count(1_000).describe(
    "Payments started from all of a merchant's payment links that may be open at once.",
  ),
  PAYMENT_LINK_OPEN_PER_CLIENT: count(3).describe(
    "Payments one client network (an IPv4 address, an IPv6 /64) may have open on one payment link; a browser that presses Pay again gets its own open payment back instead.",
  ),
};

type PaymentLinkEnv = { [K in keyof typeof paymentLinkEnvShape]: z.output<(typeof paymentLinkEnvShape)[K]> };

export function toPaymentLinkLimits(values: PaymentLinkEnv): PaymentLinkLimits {
  return {
    openPerLink: values.PAYMENT_LINK_OPEN_PER_LINK,
    openPerMerchant: values.PAYMENT_LINK_OPEN_PER_MERCHANT,
    openPerClient: values.PAYMENT_LINK_OPEN_PER_CLIENT,
  };
}
