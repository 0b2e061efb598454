import { z } from "zod";
import type { PaymentMethodWithToken } from "../db/merchants/paymentMethods.js";
import type { PaymentDetails } from "../db/payments/payments.js";
import type { TokenWithChain } from "../db/tokens/tokens.js";
import { type ChainFinality, type DepositLatePolicy } from "../domain/records.js";
import { type ChainRow, type MerchantRow, type TokenRow } from "../db/schema/rows.js";
import { paymentStatuses } from "../domain/paymentStatus.js";
import { depositView, depositViewFields } from "./deposits/views.js";

/**
 * The shapes the API returns, as zod schemas: the HTTP layer serializes and
 * documents (OpenAPI) with them, and the types below are inferred from them, so there is one
 * definition of each shape.
 */

const address = z.string().describe("EIP-55 checksummed address");
const bytes32 = z.string().describe("0x-prefixed 32-byte hex");
const timestamp = z.string().describe("ISO 8601 date-time");

export const chainViewSchema = z
  .object({ id: z.number(), network_id: z.number(), name: z.string(), is_testnet: z.boolean() })
  .meta({ id: "Chain" });
export type ChainView = z.infer<typeof chainViewSchema>;

export function chainView(chain: ChainRow): ChainView {
  return { id: chain.id, network_id: chain.network_id, name: chain.name, is_testnet: chain.is_testnet };
}

export const tokenViewSchema = z
  .object({
    id: z.number(),
    tokenAddress: address,
    symbol: z.string(),
    decimals: z.number(),
    permit_supported: z.boolean(),
    is_enabled: z.boolean(),
  })
  .meta({ id: "Token" });
export type TokenView = z.infer<typeof tokenViewSchema>;

export function tokenView(
  token: Pick<TokenRow, "id" | "address" | "symbol" | "decimals" | "permit_supported" | "enabled">,
): TokenView {
  return {
    id: token.id,
    tokenAddress: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    permit_supported: token.permit_supported,
    is_enabled: token.enabled,
  };
}

/** A merchant's payment method: its token, as tokenViewSchema, with when it was added and last changed. */
export const paymentMethodViewSchema = tokenViewSchema
  .extend({ created_at: timestamp, updated_at: timestamp })
  .meta({ id: "PaymentMethod" });
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

export function paymentMethodView(method: PaymentMethodWithToken): PaymentMethodView {
  return {
    ...tokenView({ ...method, enabled: method.is_enabled }),
    created_at: method.created_at.toISOString(),
    updated_at: method.updated_at.toISOString(),
  };
}

/** The merchant, with the bytes32 merchant id, recipient and faucet flag. Never a secret. */
export const merchantViewSchema = z
  .object({
    id: z.number(),
    merchant_key: z.string(),
    merchant_id: bytes32,
    name: z.string(),
    chain_id: z.number().nullable(),
    chain: chainViewSchema.nullable(),
    recipient_address: address.nullable(),
    webhook_url: z.string().nullable(),
    public_key: z.string().describe("pk_ key, safe to use in a browser"),
    faucet_enabled: z.boolean(),
    is_enabled: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    payment_methods: z.array(paymentMethodViewSchema),
  })
  .meta({ id: "Merchant" });
export type MerchantView = z.infer<typeof merchantViewSchema>;

export function merchantView(
  merchant: MerchantRow,
  chain: ChainRow | undefined,
  methods: PaymentMethodWithToken[],
): MerchantView {
  return {
    id: merchant.id,
    merchant_key: merchant.merchant_key,
    merchant_id: merchant.merchant_id,
    name: merchant.name,
    chain_id: merchant.chain_id,
    chain: chain ? chainView(chain) : null,
    recipient_address: merchant.recipient_address,
    webhook_url: merchant.webhook_url,
    public_key: merchant.public_key,
    faucet_enabled: merchant.faucet_enabled,
    is_enabled: merchant.is_enabled,
    created_at: merchant.created_at.toISOString(),
    updated_at: merchant.updated_at.toISOString(),
    payment_methods: methods.map(paymentMethodView),
  };
}

const paymentFields = {
  paymentId: bytes32.describe("bytes32 payment id, the paymentId of pay()"),
  orderId: z.string(),
  chainId: z.number().describe("EIP-155 chain id of the merchant's chain"),
  tokenAddress: address,
  tokenSymbol: z.string(),
  tokenDecimals: z.number(),
  tokenPermitSupported: z.boolean(),
  isFaucetEnabled: z.boolean(),
  gatewayAddress: address,
  forwarderAddress: address.nullable().describe("null when gasless payment is unsupported"),
  amount: z.string().describe("Token amount in base units (wei)"),
  recipientAddress: address,
  merchantId: bytes32,
  deadline: z.string().describe("Unix seconds; deadline of the server signature, argument of pay()"),
  successUrl: z.string(),
  failUrl: z.string(),
  expiresAt: timestamp,
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
    payerAddress: address.nullable(),
    createdAt: timestamp,
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
    paymentId: bytes32,
    orderId: z.string(),
    status: z.enum(paymentStatuses),
    amount: z.string().describe("Token amount in base units (wei)"),
    chainId: z.number(),
    tokenAddress: address,
    tokenSymbol: z.string(),
    tokenDecimals: z.number(),
    txHash: z.string().nullable().describe("present after confirmation"),
    payerAddress: address.nullable().describe("present after confirmation"),
    recipientAddress: address.describe(
      "The wallet the payment pays (the merchant's recipient when it was created); its refunds are sent from it",
    ),
    currency: z.string().nullable(),
    fiatAmount: z.number().nullable(),
    tokenPrice: z.number().nullable(),
    createdAt: timestamp,
    confirmedAt: timestamp.nullable(),
    expiresAt: timestamp,
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
    reorgedAt: timestamp
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

/** Admin (CLI) views: camelCase, include operator-only fields, never a key or secret. */

export interface AdminChain {
  id: number;
  networkId: number;
  name: string;
  isTestnet: boolean;
  rpcUrl: string | null;
  gatewayAddress: string | null;
  forwarderAddress: string | null;
  confirmations: number;
  finality: ChainFinality;
}

export function adminChain(chain: ChainRow): AdminChain {
  return {
    id: chain.id,
    networkId: chain.network_id,
    name: chain.name,
    isTestnet: chain.is_testnet,
    rpcUrl: chain.rpc_url,
    gatewayAddress: chain.gateway_address,
    forwarderAddress: chain.forwarder_address,
    confirmations: chain.confirmations,
    finality: chain.finality,
  };
}

export interface AdminToken {
  id: number;
  networkId: number;
  address: string;
  symbol: string;
  decimals: number;
  permitSupported: boolean;
  enabled: boolean;
}

export function adminToken(token: TokenWithChain): AdminToken {
  return {
    id: token.id,
    networkId: token.network_id,
    address: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    permitSupported: token.permit_supported,
    enabled: token.enabled,
  };
}

export interface AdminMerchant {
  id: number;
  merchantKey: string;
  merchantId: string;
  name: string;
  networkId: number | null;
  recipientAddress: string | null;
  webhookUrl: string | null;
  faucetEnabled: boolean;
  isEnabled: boolean;
  feeBps: number | null;
  depositToleranceBps: number;
  depositLatePolicy: DepositLatePolicy;
  transferWindowMinutes: number;
  publicKey: string;
  createdAt: string;
  updatedAt: string;
}

export function adminMerchant(merchant: MerchantRow, networkId: number | null): AdminMerchant {
  return {
    id: merchant.id,
    merchantKey: merchant.merchant_key,
    merchantId: merchant.merchant_id,
    name: merchant.name,
    networkId,
    recipientAddress: merchant.recipient_address,
    webhookUrl: merchant.webhook_url,
    faucetEnabled: merchant.faucet_enabled,
    isEnabled: merchant.is_enabled,
    feeBps: merchant.fee_bps,
    depositToleranceBps: merchant.deposit_tolerance_bps,
    depositLatePolicy: merchant.deposit_late_policy,
    transferWindowMinutes: merchant.transfer_window_minutes,
    publicKey: merchant.public_key,
    createdAt: merchant.created_at.toISOString(),
    updatedAt: merchant.updated_at.toISOString(),
  };
}
