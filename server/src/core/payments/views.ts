import { z } from "zod";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { paymentStatuses } from "../../domain/paymentStatus.js";
import { depositView, depositViewFields } from "../deposits/views.js";
import { addressField, baseUnitsField, bytes32Field, timestampField } from "../schemaTypes.js";

/**
 * A payment as the API shows it: created (POST /payments), to its payer (GET /payments/:id) and to its
 * merchant (the merchant's record). The HTTP layer serializes and documents (OpenAPI) with these schemas.
 */

const paymentFields = {
  paymentId: bytes32Field.describe("bytes32 payment id, the paymentId of pay()"),
  orderId: z.string(),
  chainId: z.number().describe("EIP-155 chain id of the merchant's chain"),
  tokenAddress: addressField,
  tokenSymbol: z.string(),
  tokenDecimals: z.number(),
  tokenPermitSupported: z.boolean(),
  isFaucetEnabled: z.boolean(),
  gatewayAddress: addressField,
  forwarderAddress: addressField.nullable().describe("null when gasless payment is unsupported"),
  amount: baseUnitsField,
  recipientAddress: addressField,
  merchantId: bytes32Field,
  deadline: z.string().describe("Unix seconds; deadline of the server signature, argument of pay()"),
  successUrl: z.string(),
  failUrl: z.string(),
  expiresAt: timestampField,
  currency: z.string().nullable(),
  fiatAmount: z.number().nullable(),
  tokenPrice: z.number().nullable(),
  serverSignature: z
    .string()
    .describe("EIP-712 PaymentRequest signature of the Kassa signer, argument of pay()"),
  ...depositViewFields,
};

/** POST /payments response: the payment without status, txHash, payerAddress, createdAt. */
export const createdPaymentViewSchema = z.object(paymentFields).meta({ id: "CreatedPayment" });
export type CreatedPaymentView = z.infer<typeof createdPaymentViewSchema>;

const seenTxHash = z
  .string()
  .nullable()
  .describe(
    "While CREATED: a pay transaction Kassa has seen mined, waiting for its block to be final for the chain; the payment does not expire meanwhile (for up to an hour from when it was seen). Null otherwise",
  );

/** The payment with its status, `serverSignature` and the merchant's name for the payer's page. */
export const paymentViewSchema = z
  .object({
    ...paymentFields,
    status: z.enum(paymentStatuses),
    txHash: z.string().nullable(),
    payerAddress: addressField.nullable(),
    createdAt: timestampField,
    merchantName: z.string().describe("The merchant's display name, shown to the payer by the widget"),
    seenTxHash,
    serverSignature: z
      .string()
      .nullable()
      .describe(
        "EIP-712 PaymentRequest signature of the Kassa signer, argument of pay(); null once the payment is no longer CREATED (expired, withdrawn, settled): it takes no payment then",
      ),
  })
  .meta({ id: "Payment" });
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** The seen mark counts while the payment is CREATED; settled or expired, txHash tells the rest. */
const seenTxHashOf = (payment: PaymentDetails): string | null =>
  payment.status === "CREATED" ? payment.seen_tx_hash : null;

const decimalToNumber = (value: string | null): number | null => (value === null ? null : Number(value));

export function createdPaymentView(payment: PaymentDetails): CreatedPaymentView {
  return {
    paymentId: payment.payment_id,
    orderId: payment.order_id,
    chainId: payment.network_id,
    tokenAddress: payment.token_address,
    tokenSymbol: payment.token_symbol,
    tokenDecimals: payment.token_decimals,
    tokenPermitSupported: payment.token_permit_supported,
    isFaucetEnabled: payment.merchant_faucet_enabled,
    gatewayAddress: payment.gateway_address,
    forwarderAddress: payment.forwarder_address,
    amount: payment.amount,
    recipientAddress: payment.recipient_address,
    merchantId: payment.merchant_bytes32_id,
    deadline: String(payment.deadline),
    successUrl: payment.success_url,
    failUrl: payment.fail_url,
    expiresAt: payment.expires_at.toISOString(),
    currency: payment.currency,
    fiatAmount: decimalToNumber(payment.fiat_amount),
    tokenPrice: decimalToNumber(payment.token_price),
    serverSignature: payment.server_signature,
    ...depositView(payment),
  };
}

/**
 * The payment as its payer's page reads it. The server signature is served only while the payment takes
 * money (CREATED): an expired payment, or one withdrawn with its payment link, is not offered to pay.
 */
export function paymentView(payment: PaymentDetails): PaymentView {
  return {
    ...createdPaymentView(payment),
    serverSignature: payment.status === "CREATED" ? payment.server_signature : null,
    status: payment.status,
    txHash: payment.tx_hash,
    payerAddress: payment.payer_address,
    createdAt: payment.created_at.toISOString(),
    merchantName: payment.merchant_name,
    seenTxHash: seenTxHashOf(payment),
  };
}

/**
 * The merchant's payment record, with what the merchant flow's verification step checks:
 * chain, token address and the fiat fields.
 */
export const merchantPaymentRecordSchema = z
  .object({
    paymentId: bytes32Field,
    orderId: z.string(),
    status: z.enum(paymentStatuses),
    amount: baseUnitsField,
    chainId: z.number(),
    tokenAddress: addressField,
    tokenSymbol: z.string(),
    tokenDecimals: z.number(),
    txHash: z.string().nullable().describe("present after confirmation"),
    payerAddress: addressField.nullable().describe("present after confirmation"),
    recipientAddress: addressField.describe(
      "The wallet the payment pays (the merchant's recipient when it was created); its refunds are sent from it",
    ),
    currency: z.string().nullable(),
    fiatAmount: z.number().nullable(),
    tokenPrice: z.number().nullable(),
    createdAt: timestampField,
    confirmedAt: timestampField.nullable(),
    expiresAt: timestampField,
    paidAfterExpiry: z
      .boolean()
      .describe(
        "True when the money arrived after the payment had EXPIRED (the contract accepts it until its deadline); the payment then settled as PAID or INVALID",
      ),
    statusReason: z
      .string()
      .nullable()
      .describe(
        "Why the payment is INVALID (every way its transaction disagreed with it, the amount paid included) or FAILED, or why a reorganisation made it CREATED again; null otherwise",
      ),
    reorgedAt: timestampField
      .nullable()
      .describe(
        "When a chain reorganisation last removed the transaction that had paid this payment (payment.reorged); the payment was CREATED again",
      ),
    reorgedTxHash: z.string().nullable().describe("The transaction that reorganisation removed"),
    seenTxHash,
    paymentLinkId: z.string().nullable().describe("The payment link (pl_) a payer started it from, if any"),
    refundedAmount: z
      .string()
      .describe(
        "Base units (wei) its completed refunds sent back; PAID with a non-zero amount is partly refunded, REFUNDED is all of it",
      ),
    ...depositViewFields,
  })
  .meta({ id: "MerchantPaymentRecord" });
export type MerchantPaymentRecord = z.infer<typeof merchantPaymentRecordSchema>;

export function merchantPaymentRecord(payment: PaymentDetails): MerchantPaymentRecord {
  return {
    paymentId: payment.payment_id,
    orderId: payment.order_id,
    status: payment.status,
    amount: payment.amount,
    chainId: payment.network_id,
    tokenAddress: payment.token_address,
    tokenSymbol: payment.token_symbol,
    tokenDecimals: payment.token_decimals,
    txHash: payment.tx_hash,
    payerAddress: payment.payer_address,
    recipientAddress: payment.recipient_address,
    currency: payment.currency,
    fiatAmount: decimalToNumber(payment.fiat_amount),
    tokenPrice: decimalToNumber(payment.token_price),
    createdAt: payment.created_at.toISOString(),
    confirmedAt: payment.confirmed_at?.toISOString() ?? null,
    expiresAt: payment.expires_at.toISOString(),
    paidAfterExpiry: payment.paid_after_expiry,
    statusReason: payment.status_reason,
    reorgedAt: payment.reorged_at?.toISOString() ?? null,
    reorgedTxHash: payment.reorged_tx_hash,
    seenTxHash: seenTxHashOf(payment),
    paymentLinkId: payment.payment_link_id,
    refundedAmount: payment.refunded_amount,
    ...depositView(payment),
  };
}
