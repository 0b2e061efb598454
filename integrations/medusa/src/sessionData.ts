import type { MerchantPaymentRecord } from "@kassa/sdk";
import { KassaProviderError } from "./errors.js";
import type { ParsedOptions } from "./options.js";

/** A Kassa payment's status (docs/api.md, "Payment states"). */
export type KassaPaymentStatus = MerchantPaymentRecord["status"];

/**
 * How a refund started in Medusa completes: sent by the refund wallet the provider holds (`refund_wallet`),
 * or waiting in Kassa's dashboard for the merchant's recipient wallet (`dashboard`).
 */
export type RefundCompletion = "refund_wallet" | "dashboard";

/** One refund started from Medusa, as the payment's `data.refunds` records it. */
export type KassaRefundRecord = {
  /** Medusa's refund (`ref_...`). */
  medusa_refund_id: string;
  /** In the cart's currency, as Medusa refunded it. */
  amount: string;
  /** Kassa's refund (`rf_...`). */
  kassa_refund_id: string;
  /** What goes back to the payer, in the token's base units. */
  token_amount: string;
  completion: RefundCompletion;
  /**
   * `sent`: the refund wallet's transaction is mined (Kassa confirms it and sends `payment.refunded`);
   * `awaiting_merchant_wallet`: the merchant sends it from Kassa's dashboard (`dashboard_url`) before
   * `deadline`, or it expires and can be started again there.
   */
  status: "sent" | "awaiting_merchant_wallet";
  tx_hash: string | null;
  /** ISO time until which the refund's transaction can be sent. */
  deadline: string;
  /** The payment's page in Kassa's dashboard, where the refund is sent or followed. */
  dashboard_url: string;
};

/**
 * The provider's data on a Medusa payment session (and then on the payment): what the storefront needs to
 * open Kassa's widget (`kassa_url`, `public_key`, `kassa_payment_id`) or send the payer to the hosted page
 * (`widget_url`), and what the provider checks the payment against. Medusa shows a session's data to the
 * storefront, so it holds nothing secret.
 */
export type KassaSessionData = {
  /** Medusa's payment session (`payses_...`), the idempotency key of the Kassa payment. */
  session_id: string;
  kassa_payment_id: string;
  /** The Kassa payment's orderId: the session id, then `<session id>.<n>` after the n-th amount change. */
  kassa_order_id: string;
  /** Kassa's origin: `open({ apiUrl: kassa_url, publicKey: public_key, paymentId: kassa_payment_id })`. */
  kassa_url: string;
  public_key: string;
  /** Kassa's hosted payment page for this payment. */
  widget_url: string;
  /** The Kassa payment's status when the provider last read it. */
  status: KassaPaymentStatus;
  chain_id: number;
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  /** What the payer pays, in the token's base units. */
  token_amount: string;
  /** The cart's currency, lower case. */
  currency_code: string;
  /** What Kassa was asked to charge, in `currency_code` (two decimals at most). */
  charged_amount: string;
  /** `true`: one token per unit of `currency_code`; `false`: Kassa converted at its hourly average price. */
  pegged: boolean;
  /** Until when the payer can pay (ISO time). */
  expires_at: string;
  /** How many times the session's amount changed (each change is a new Kassa payment). */
  revision: number;
  tx_hash: string | null;
  payer_address: string | null;
  refunds: KassaRefundRecord[];
};

/** The fields of a Kassa payment the session data keeps. */
export type PaymentFields = Pick<
  MerchantPaymentRecord,
  | "paymentId"
  | "orderId"
  | "status"
  | "chainId"
  | "tokenAddress"
  | "tokenSymbol"
  | "tokenDecimals"
  | "amount"
  | "expiresAt"
  | "txHash"
  | "payerAddress"
>;

/** What the session data keeps of the Medusa session, across its Kassa payments. */
export type SessionFields = Pick<
  KassaSessionData,
  "session_id" | "currency_code" | "charged_amount" | "pegged" | "revision"
>;

/** Kassa's orderId for a session's `revision`-th payment. */
export function kassaOrderId(sessionId: string, revision: number): string {
  return revision === 0 ? sessionId : `${sessionId}.${revision}`;
}

/** Medusa's payment session ids: `payses_` and an ULID. */
const SESSION_ID = /^payses_[0-9A-Za-z]+$/;

/** The Medusa payment session a Kassa orderId was made for, or undefined when the payment is not Medusa's. */
export function sessionIdOfOrder(orderId: string): string | undefined {
  const [sessionId, revision, ...rest] = orderId.split(".");
  if (rest.length > 0 || sessionId === undefined || !SESSION_ID.test(sessionId)) return undefined;
  if (revision !== undefined && !/^[1-9]\d*$/.test(revision)) return undefined;
  return sessionId;
}

export function dashboardUrl(options: ParsedOptions, paymentId: string): string {
  return `${options.kassaOrigin}/dashboard#/payments/${paymentId}`;
}

/** The session data of a Kassa payment record (`revision` of `sessionId`, charged as `charged_amount`). */
export function sessionDataOf(
  options: ParsedOptions,
  record: PaymentFields,
  session: SessionFields,
  refunds: KassaRefundRecord[] = [],
): KassaSessionData {
  const widget = new URL("/widget", options.kassaOrigin);
  widget.searchParams.set("publicKey", options.publicKey);
  widget.searchParams.set("paymentId", record.paymentId);
  return {
    ...session,
    kassa_payment_id: record.paymentId,
    kassa_order_id: record.orderId,
    kassa_url: options.kassaOrigin,
    public_key: options.publicKey,
    widget_url: widget.toString(),
    status: record.status,
    chain_id: record.chainId,
    token_address: record.tokenAddress,
    token_symbol: record.tokenSymbol,
    token_decimals: record.tokenDecimals,
    token_amount: record.amount,
    expires_at: record.expiresAt,
    tx_hash: record.txHash,
    payer_address: record.payerAddress,
    refunds,
  };
}

/**
 * The provider's data out of what Medusa stored, checked: a session made by another provider, or data
 * a storefront sent, is refused rather than read.
 */
export function readSessionData(data: Record<string, unknown> | undefined): KassaSessionData {
  const value = (data ?? {}) as Partial<KassaSessionData>;
  const strings = [
    "session_id",
    "kassa_payment_id",
    "kassa_order_id",
    "token_address",
    "token_amount",
    "currency_code",
    "charged_amount",
  ] as const;
  const missing = strings.filter((key) => typeof value[key] !== "string");
  if (
    missing.length > 0 ||
    typeof value.pegged !== "boolean" ||
    typeof value.revision !== "number" ||
    typeof value.token_decimals !== "number"
  ) {
    throw new KassaProviderError(
      "invalid_data",
      `the payment's data is not a Kassa payment's${missing.length ? ` (no ${missing.join(", ")})` : ""}`,
    );
  }
  return { ...(value as KassaSessionData), refunds: Array.isArray(value.refunds) ? value.refunds : [] };
}
