import type { z } from "zod";
import { chainWithTokensSchema } from "../core/chains/chains.js";
import { gasGrantSchema, gasStatusSchema } from "../core/faucet/gasStatus.js";
import { healthSchema } from "../core/operations/health.js";
import { refundViewSchema } from "../core/refunds/refunds.js";
import { relaySubmittedSchema, relayViewSchema } from "../core/relay/views.js";
import { chainViewSchema, tokenViewSchema } from "../core/chains/views.js";
import { merchantViewSchema, paymentMethodViewSchema } from "../core/merchants/views.js";
import {
  createdPaymentViewSchema,
  merchantPaymentRecordSchema,
  paymentViewSchema,
} from "../core/payments/views.js";
import { webhookEventSchemas } from "../core/webhooks/events.js";
import {
  redeliveryViewSchema,
  rotatedWebhookSecretSchema,
  webhookDeliveryViewSchema,
} from "../core/webhooks/merchantApi.js";
import { tokenPriceViewSchema } from "../core/prices/view.js";
import { depositWebhookFields, openDeposit, paidDeposit, unpaidEventFields } from "./depositExamples.js";
import { exampleValues } from "./exampleValues.js";

/**
 * The examples of the OpenAPI document's component schemas (one per schema, type-checked against it):
 * a USDC payment on Base (chain 8453, 6 decimals), so amounts are base units (25 USDC = "25000000").
 * Responses built from these schemas get their examples from them (exampleOf in schemas.ts); request
 * bodies carry theirs in their route (withExample).
 */
export const componentExamples = new Map<z.ZodType, unknown>();

export function example<T extends z.ZodType>(schema: T, value: z.output<T>): z.output<T> {
  componentExamples.set(schema, value);
  return value;
}

export { exampleValues };
const v = exampleValues;

const chain = example(chainViewSchema, { id: 1, network_id: 8453, name: "Base", is_testnet: false });
const token = example(tokenViewSchema, {
  id: 1,
  tokenAddress: v.usdc,
  symbol: "USDC",
  decimals: 6,
  permit_supported: true,
  is_enabled: true,
});
example(chainWithTokensSchema, { ...chain, tokens: [token] });
const paymentMethod = example(paymentMethodViewSchema, {
  ...token,
  created_at: "2026-11-02T09:14:03.000Z",
  updated_at: "2026-11-02T09:14:03.000Z",
});
example(merchantViewSchema, {
  id: 7,
  merchant_key: "acme-coffee",
  merchant_id: v.merchantId,
  name: "Acme Coffee",
  chain_id: 1,
  chain,
  recipient_address: v.recipient,
  webhook_url: "https://shop.acme-coffee.example/webhooks/kassa",
  public_key: "pk_live_5f8a2c9e1b7d4f6a3c0e8b2d",
  faucet_enabled: true,
  is_enabled: true,
  created_at: "2026-11-02T09:12:41.000Z",
  updated_at: "2026-11-02T09:14:03.000Z",
  payment_methods: [paymentMethod],
});
const createdPayment = example(createdPaymentViewSchema, {
  paymentId: v.paymentId,
  orderId: "order-10482",
  chainId: 8453,
  tokenAddress: v.usdc,
  tokenSymbol: "USDC",
  tokenDecimals: 6,
  tokenPermitSupported: true,
  isFaucetEnabled: true,
  gatewayAddress: v.gateway,
  forwarderAddress: v.forwarder,
  amount: "25000000",
  recipientAddress: v.recipient,
  merchantId: v.merchantId,
  deadline: "1795426200",
  successUrl: "https://shop.acme-coffee.example/orders/10482/paid",
  failUrl: "https://shop.acme-coffee.example/orders/10482",
  expiresAt: "2026-11-23T06:10:00.000Z",
  currency: "KRW",
  fiatAmount: 35000,
  tokenPrice: 1400,
  serverSignature: v.signature,
  ...openDeposit,
});
const payment = example(paymentViewSchema, {
  ...createdPayment,
  ...paidDeposit,
  status: "PAID",
  txHash: v.txHash,
  payerAddress: v.payer,
  createdAt: "2026-11-23T06:05:00.000Z",
  merchantName: "Acme Coffee",
  seenTxHash: null,
});
example(merchantPaymentRecordSchema, {
  paymentId: v.paymentId,
  orderId: "order-10482",
  status: "PAID",
  amount: "25000000",
  chainId: 8453,
  tokenAddress: v.usdc,
  tokenSymbol: "USDC",
  tokenDecimals: 6,
  txHash: v.txHash,
  payerAddress: v.payer,
  recipientAddress: v.recipient,
  currency: "KRW",
  fiatAmount: 35000,
  tokenPrice: 1400,
  createdAt: "2026-11-23T06:05:00.000Z",
  confirmedAt: "2026-11-23T06:06:12.000Z",
  expiresAt: "2026-11-23T06:10:00.000Z",
  reorgedAt: null,
  reorgedTxHash: null,
  paidAfterExpiry: false,
  statusReason: null,
  seenTxHash: null,
  paymentLinkId: null,
  refundedAmount: "0",
  ...paidDeposit,
});
example(tokenPriceViewSchema, {
  type: "hourly-average",
  chain_id: 8453,
  token_address: v.usdc,
  currency: "USD",
  price: 0.9998,
  symbol: "USDC",
  period_start: "2026-11-23T05:00:00.000Z",
  period_end: "2026-11-23T06:00:00.000Z",
  sample_count: 60,
});
example(refundViewSchema, {
  id: v.refundId,
  paymentId: v.paymentId,
  orderId: "order-10482",
  status: "REFUND_SUBMITTED",
  amount: "25000000",
  chainRefundId: "0x5d0e3b7c9a1f4e2d8b6c0a9f7e5d3c1b2a4f6e8d0c9b7a5e00000000000004d3",
  tokenAddress: v.usdc,
  payerAddress: v.payer,
  reason: "Customer cancelled the order",
  deadline: "1795430400",
  txHash: null,
  senderAddress: null,
  sentByRecipient: null,
  createdAt: "2026-11-23T07:20:00.000Z",
  refundedAt: null,
  transaction: {
    chainId: 8453,
    to: v.gateway,
    data: "0x2f1a0b8c",
    value: "0",
  },
  serverSignature: v.signature,
});
example(relayViewSchema, {
  status: "CONFIRMED",
  transactionHash: v.txHash,
  errorMessage: null,
  createdAt: "2026-11-23T06:05:40.000Z",
  updatedAt: "2026-11-23T06:06:12.000Z",
});
example(gasStatusSchema, {
  needsGas: true,
  hasEnoughTokenBalance: true,
  alreadyGranted: false,
  canReceiveGas: true,
});
example(gasGrantSchema, { txHash: v.txHash, amount: "30000000000000", chainId: 8453 });
example(webhookDeliveryViewSchema, {
  id: v.deliveryId,
  eventId: v.eventId,
  eventType: "payment.paid",
  paymentId: v.paymentId,
  status: "SUCCEEDED",
  attemptCount: 1,
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: "2026-11-23T06:06:12.140Z",
  createdAt: "2026-11-23T06:06:12.000Z",
  attempts: [
    {
      attempt: 1,
      url: "https://shop.acme-coffee.example/webhooks/kassa",
      statusCode: 200,
      durationMs: 138,
      error: null,
      createdAt: "2026-11-23T06:06:12.002Z",
    },
  ],
});
example(redeliveryViewSchema, {
  id: "whd_0a2c4e6f8b1d3f5a7c9e1b3d5f7a9c2e",
  eventId: v.eventId,
  status: "PENDING",
});
example(rotatedWebhookSecretSchema, { webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });

export const paidEvent = {
  eventId: v.eventId,
  createdAt: "2026-11-23T06:06:12.000Z",
  paymentId: v.paymentId,
  orderId: "order-10482",
  status: "PAID",
  txHash: v.txHash,
  amount: "25000000",
  tokenSymbol: "USDC",
  tokenAddress: v.usdc,
  chainId: 8453,
  merchantId: v.merchantId,
  payerAddress: v.payer,
  paidAt: "2026-11-23T06:06:12.000Z",
  paidAfterExpiry: false,
  paymentLinkId: null,
  refundedAmount: "0",
  ...depositWebhookFields,
} as const;
export const unpaid = { ...paidEvent, ...unpaidEventFields };
example(webhookEventSchemas["payment.paid"], { ...paidEvent, type: "payment.paid" });
example(webhookEventSchemas["payment.invalid"], {
  ...paidEvent,
  type: "payment.invalid",
  status: "INVALID",
  reason: "paid 24000000 base units, 25000000 expected",
  paid: {
    amount: "24000000",
    tokenAddress: v.usdc,
    recipientAddress: v.recipient,
    recipientReceived: "23760000",
  },
});
example(webhookEventSchemas["payment.expired"], {
  ...unpaid,
  type: "payment.expired",
  status: "EXPIRED",
  createdAt: "2026-11-23T06:10:00.000Z",
});
example(webhookEventSchemas["payment.failed"], {
  ...unpaid,
  type: "payment.failed",
  status: "FAILED",
  reason: "relayed transaction reverted",
});
/** The refund of the refund_submitted and refund_expired examples: never sent. */
const unsentRefund = {
  refundId: v.refundId,
  amount: "25000000",
  txHash: null,
  senderAddress: null,
  sentByRecipient: null,
};
example(webhookEventSchemas["payment.refund_submitted"], {
  ...paidEvent,
  type: "payment.refund_submitted",
  status: "REFUND_SUBMITTED",
  createdAt: "2026-11-23T07:20:00.000Z",
  refund: unsentRefund,
});
example(webhookEventSchemas["payment.refund_expired"], {
  ...paidEvent,
  type: "payment.refund_expired",
  status: "PAID",
  createdAt: "2026-11-23T08:20:00.000Z",
  refund: unsentRefund,
});
example(webhookEventSchemas["payment.refunded"], {
  ...paidEvent,
  type: "payment.refunded",
  status: "REFUNDED",
  createdAt: "2026-11-23T07:21:30.000Z",
  refund: {
    refundId: v.refundId,
    amount: "25000000",
    txHash: v.blockHash,
    senderAddress: v.recipient,
    sentByRecipient: true,
  },
});
example(webhookEventSchemas["payment.refund_reorged"], {
  ...paidEvent,
  type: "payment.refund_reorged",
  status: "REFUND_SUBMITTED",
  createdAt: "2026-11-23T07:24:10.000Z",
  refund: unsentRefund,
  reorged: {
    txHash: "0x9d0c6e3b1a7f52c4e8b06d19f3a2c5e7b4d8f01a6c3e9b2d5f7a0c4e8b1d3f62",
    blockNumber: 22841960,
    blockHash: "0x2e7a9c4f1b8d3e60a5c2f7b9d1e4a8c3f6b0d2e9a7c5f1b3d8e4a6c0f2b9d7e1",
  },
});
example(webhookEventSchemas["payment.underpaid"], {
  ...unpaid,
  type: "payment.underpaid",
  status: "CREATED",
  createdAt: "2026-11-23T06:21:40.000Z",
  amountReceived: "24000000",
});
example(webhookEventSchemas["payment.reorged"], {
  ...unpaid,
  type: "payment.reorged",
  status: "CREATED",
  createdAt: "2026-11-23T06:06:40.000Z",
  reorged: { txHash: v.txHash, blockNumber: 22841907, blockHash: v.blockHash },
});

example(relaySubmittedSchema, {
  status: "submitted",
  message: "Relay request queued; follow it with GET /payments/:id/relay",
});
example(healthSchema, { status: "ok", timestamp: "2026-11-23T06:00:00.000Z" });

/** Request bodies of the reference; each route passes its own to withExample, which type-checks it. */
export const requestExamples = {
  createPayment: {
    orderId: "order-10482",
    amount: 35000,
    currency: "KRW",
    tokenAddress: v.usdc,
    successUrl: "https://shop.acme-coffee.example/orders/10482/paid",
    failUrl: "https://shop.acme-coffee.example/orders/10482",
  },
  addPaymentMethod: { tokenAddress: v.usdc, is_enabled: true },
  setPaymentMethodEnabled: { is_enabled: false },
  createRefund: { paymentId: v.paymentId, amount: "25000000", reason: "Customer cancelled the order" },
  relay: {
    paymentId: v.paymentId,
    forwarderAddress: v.forwarder,
    forwardRequest: {
      from: v.payer,
      to: v.gateway,
      value: "0",
      gas: "200000",
      nonce: "0",
      deadline: "1795426200",
      data: "0x5c4f6e2a",
      signature: v.signature,
    },
  },
  requestGas: { paymentId: v.paymentId, walletAddress: v.payer },
  createPaymentLink: {
    title: "Espresso beans, 1 kg",
    tokenAddress: v.usdc,
    amount: 35000,
    currency: "KRW",
    successUrl: "https://shop.acme-coffee.example/thanks",
    failUrl: "service:none",
    maxUses: 100,
  },
  updatePaymentLink: { active: false },
};

/** The first event of GET /payments/:id/events: the payment, then one more at each status change. */
export const paymentStatusStreamExample = `event: status\ndata: ${JSON.stringify({ ...payment, status: "CREATED", txHash: null, payerAddress: null })}\n\n`;

const queryExamples: Record<string, unknown> = {
  chainId: "8453",
  tokenAddress: v.usdc,
  currency: "USD",
  type: "hourly-average",
  limit: 20,
  status: "PAID",
  orderId: "order-10482",
  paymentId: v.paymentId,
  walletAddress: v.payer,
  q: "order-10482",
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-12-01T00:00:00.000Z",
  format: "csv",
  fromBlock: "18000000",
  toBlock: "18000500",
};

/** A parameter's example for the route at `url`: by its name; an id (`:id`, `starting_after`) by the route's kind. */
export function parameterExample(url: string, name: string): unknown {
  const subscriptions = url.includes("/subscriptions");
  if (name !== "id" && name !== "starting_after")
    return subscriptions && name === "status" ? "ACTIVE" : queryExamples[name];
  if (subscriptions) return "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b";
  if (url.includes("/refunds")) return v.refundId;
  if (url.includes("/webhook-deliveries")) return v.deliveryId;
  if (url.includes("/payment-methods")) return 1;
  return v.paymentId;
}
