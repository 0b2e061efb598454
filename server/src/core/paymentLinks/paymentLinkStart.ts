import { randomBytes } from "node:crypto";
import type { PaymentLinkLimits } from "../../config/paymentLinks.js";
import { findMerchantById } from "../../db/merchants/merchants.js";
import {
  findOpenLinkPaymentOfClient,
  lockPaymentLinkToStart,
  type PaymentLinkDetails,
} from "../../db/paymentLinks/paymentLinks.js";
import { paymentInserterIn } from "../../db/payments/payments.js";
import { decimalToUnits } from "../../domain/amount.js";
import { KassaError, validationError } from "../../errors.js";
import { unavailability, type PaymentLinkDeps } from "./paymentLinks.js";
import { createPayment } from "../payments/payments.js";

/**
 * A payer presses Pay on a payment link's hosted page: the payment it starts, counted against the link's
 * uses and the open-payment limits, or its own open payment given back.
 */

/** Who presses Pay: the SHA-256 of its browser's token (a cookie of the page) and its client network. */
export interface LinkClient {
  tokenHash: string;
  network: string;
}

/** A client's own open payment is given back while it can still be paid for this long. */
export const REUSE_MARGIN_MS = 60_000;

/**
 * A payer starts paying a link: a payment of its own (order id `<link id>-<random>`), as POST /payments
 * would create it for the merchant, recording the link and who started it, and expiring with the link at
 * the latest. `typedAmount` is the payer's amount of an open-amount link (token units). In one
 * transaction holding the link's row, so that the payments under way are counted against `maxUses` and
 * the open-payment limits (PaymentLinkLimits) one start at a time: the client's own open payment of the
 * link (same amount) is given back rather than a new one made, and nothing takes a payment sequence before
 * the limits allow it. Returns the payment's id and the merchant's public key for the widget.
 */
export async function startLinkPayment(
  deps: PaymentLinkDeps,
  id: string,
  typedAmount: string | undefined,
  client: LinkClient,
): Promise<{ paymentId: string; publicKey: string }> {
  const now = deps.now();
  return deps.payments.db.transaction().execute(async (trx) => {
    const link = await lockPaymentLinkToStart(trx, id, now, client.network);
    const merchant = link && (await findMerchantById(trx, link.merchant_id));
    if (!link || !merchant?.is_enabled) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
    const closed = unavailability(link, now);
    if (closed && !closed.busy) throw new KassaError("PAYMENT_LINK_UNAVAILABLE", closed.reason);
    const amount = link.amount ?? checkTypedAmount(link, typedAmount);
    const own = await findOpenLinkPaymentOfClient(trx, {
      linkId: link.id,
      linkClient: client.tokenHash,
      payableUntil: new Date(now.getTime() + REUSE_MARGIN_MS),
    });
    if (own && (link.amount !== null || BigInt(own.amount) === decimalToUnits(amount, link.token_decimals))) {
      return { paymentId: own.payment_id, publicKey: merchant.public_key };
    }
    if (closed) throw new KassaError("PAYMENT_LINK_UNAVAILABLE", closed.reason);
    checkOpenLimits(link, deps.limits);
    const payment = await createPayment(
      { ...deps.payments, insertPayment: paymentInserterIn(trx) },
      merchant,
      {
        orderId: `${link.id}-${randomBytes(8).toString("hex")}`,
        amount: Number(amount),
        tokenAddress: link.token_address,
        successUrl: link.success_url,
        failUrl: link.fail_url,
        ...(link.currency === null ? {} : { currency: link.currency }),
      },
      {
        paymentLinkId: link.id,
        linkClient: client.tokenHash,
        linkClientNetwork: client.network,
        ...(link.expires_at === null ? {} : { expiresBy: link.expires_at }),
      },
    );
    return { paymentId: payment.paymentId, publicKey: merchant.public_key };
  });
}

/** RATE_LIMITED when the link, its merchant or the client's network has as many payments open as allowed. */
function checkOpenLimits(
  link: PaymentLinkDetails & { from_client_network: number; merchant_open: number },
  limits: PaymentLinkLimits,
): void {
  const full =
    link.from_client_network >= limits.openPerClient
      ? "this network has as many payments of the link under way as it may"
      : link.reserved >= limits.openPerLink
        ? "the payment link has as many payments under way as it may"
        : link.merchant_open >= limits.openPerMerchant
          ? "the merchant's payment links have as many payments under way as they may"
          : undefined;
  if (full) throw new KassaError("RATE_LIMITED", `${full}: pay one or try again in a few minutes`);
}

/** The payer's amount, as a decimal of at most two places within the link's bounds. */
function checkTypedAmount(link: PaymentLinkDetails, typed: string | undefined): string {
  const cents = (value: string) => decimalToUnits(value, 2);
  const bounds = `between ${link.min_amount} and ${link.max_amount} ${link.token_symbol}`;
  const text = typed?.trim() ?? "";
  let value: bigint;
  try {
    value = cents(text);
  } catch {
    throw validationError([{ path: ["amount"], message: `type an amount ${bounds}, at most 2 decimals` }]);
  }
  if (value < cents(link.min_amount ?? "0") || value > cents(link.max_amount ?? "0")) {
    throw validationError([{ path: ["amount"], message: `must be ${bounds}` }]);
  }
  return text;
}
