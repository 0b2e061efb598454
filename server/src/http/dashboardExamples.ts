import { paymentTimelineSchema, paymentTotalsSchema } from "../core/dashboard/payments.js";
import { rotatedKeySchema } from "../core/dashboard/settings.js";
import { exportRowSchema } from "../core/exports/exports.js";
import { paymentLinkPageSchema, paymentLinkViewSchema } from "../core/paymentLinks/paymentLinks.js";
import { webhookEventSchemas } from "../core/webhooks/events.js";
import { example, exampleValues as v } from "./schemaExamples.js";

/** The examples of the dashboard's, the exports' and the payment links' shapes, in the terms of schemaExamples.ts (25 USDC on Base). */

example(paymentTotalsSchema, {
  count: 42,
  byToken: [
    {
      tokenAddress: v.usdc,
      tokenSymbol: "USDC",
      tokenDecimals: 6,
      count: 42,
      paidCount: 38,
      gross: "950000000",
      fee: "9500000",
      net: "940500000",
    },
  ],
});
example(paymentTimelineSchema, {
  paymentId: v.paymentId,
  status: "PAID",
  amounts: { gross: "25000000", fee: "250000", net: "24750000", tokenSymbol: "USDC", tokenDecimals: 6 },
  events: [
    { type: "payment.created", status: "CREATED", at: "2026-11-23T06:05:00.000Z", txHash: null },
    { type: "payment.paid", status: "PAID", at: "2026-11-23T06:06:12.000Z", txHash: v.txHash },
  ],
  relay: {
    status: "CONFIRMED",
    transactionHash: v.txHash,
    errorMessage: null,
    createdAt: "2026-11-23T06:05:40.000Z",
    updatedAt: "2026-11-23T06:06:12.000Z",
  },
  refunds: [],
});
example(rotatedKeySchema, { publicKey: "pk_Xq3vR8m2Lk9pT4wYc7nB1sD6fG0hJ5aE" });
example(webhookEventSchemas["webhook.test"], {
  eventId: v.eventId,
  type: "webhook.test",
  createdAt: "2026-11-23T09:00:00.000Z",
  merchantId: v.merchantId,
});

/** The sweep of the export example's payment, paid by transfer. */
const exportSweepTx = "0x3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c";

export const exportRowExample = example(exportRowSchema, {
  type: "payment",
  orderId: "order-10482",
  paymentId: v.paymentId,
  refundId: null,
  status: "PAID",
  chainId: 8453,
  tokenSymbol: "USDC",
  tokenAddress: v.usdc,
  gross: "25",
  fee: "0.25",
  net: "24.75",
  payerAddress: v.payer,
  txHash: v.txHash,
  blockNumber: "18000123",
  time: "2026-11-23T06:06:12.000Z",
  currency: "USD",
  fiatAmount: "25",
  tokenPrice: "1",
  senderAddress: null,
  paidVia: "transfer",
  sweepTxHash: exportSweepTx,
  sweepBlockNumber: "18000131",
});

export const exportCsvExample =
  "type,order_id,payment_id,refund_id,status,chain_id,token,token_address,gross,fee,net,payer,tx_hash," +
  "block_number,time,currency,fiat_amount,token_price,sender,paid_via,sweep_tx_hash,sweep_block_number\r\n" +
  `payment,order-10482,${v.paymentId},,PAID,8453,USDC,${v.usdc},25,0.25,24.75,${v.payer},${v.txHash},` +
  `18000123,2026-11-23T06:06:12.000Z,USD,25,1,,transfer,${exportSweepTx},18000131\r\n`;

const paymentLink = example(paymentLinkViewSchema, {
  id: "pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
  url: "https://pay.acme-coffee.example/pay/pl_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
  title: "Espresso beans, 1 kg",
  tokenAddress: v.usdc,
  tokenSymbol: "USDC",
  amount: "35000",
  currency: "KRW",
  minAmount: null,
  maxAmount: null,
  successUrl: "https://shop.acme-coffee.example/thanks",
  failUrl: "service:none",
  expiresAt: null,
  maxUses: 100,
  uses: 12,
  reserved: 2,
  active: true,
  available: true,
  createdAt: "2026-11-23T06:00:00.000Z",
  updatedAt: "2026-11-23T06:00:00.000Z",
});
example(paymentLinkPageSchema, { links: [paymentLink], has_more: false });
