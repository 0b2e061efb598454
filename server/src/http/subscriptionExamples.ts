import { subscriptionEventSchemas } from "../core/webhooks/subscriptionEvents.js";
import {
  payerSubscriptionViewSchema,
  publicSubscriptionViewSchema,
  subscriptionChargeViewSchema,
  subscriptionPageSchema,
  subscriptionViewSchema,
} from "../core/subscriptions/views.js";
import { example, exampleValues as v } from "./schemaExamples.js";

/** The examples of the subscriptions' shapes and webhooks, in the terms of schemaExamples.ts (10 USDC on Base, monthly). */

const firstCharge = example(subscriptionChargeViewSchema, {
  period: 0,
  paymentId: v.paymentId,
  status: "PAID",
  amount: "10000000",
  tokenPrice: null,
  txHash: "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
  paidAt: "2026-11-26T06:00:04.000Z",
});

const subscription = example(subscriptionViewSchema, {
  id: "sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b", // the same as schemaExamples.ts's parameter example
  subscriptionId: "0x9c1f6b2e4d8a0c3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c",
  orderId: "plan-pro-7731",
  description: "Acme Coffee Pro, monthly",
  status: "ACTIVE",
  url: "https://pay.acme-coffee.example/subscribe/sub_5f0c3b7c2a9d4e1f8b6a0c9d7e2f1a3b",
  returnUrl: "https://acme-coffee.example/account",
  chainId: 8453,
  gatewayAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  merchantId: v.merchantId,
  tokenAddress: v.usdc,
  tokenSymbol: "USDC",
  tokenDecimals: 6,
  amount: "10000000",
  variableAmount: false,
  currency: null,
  fiatAmount: null,
  periodSeconds: 2_592_000,
  charges: 12,
  startsAt: 1_795_737_600,
  recipientAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  payerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
  usePermit2: false,
  digest: "0x3e5f7b9d1a3c5e7f9b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c9c1f6b2e4d8a0c",
  nextPeriod: 1,
  nextChargeAt: "2026-12-26T06:00:00.000Z",
  failedAttempts: 0,
  retrySchedule: [3_600, 21_600, 86_400, 259_200],
  onFailure: "PAST_DUE",
  lastError: null,
  canceledBy: null,
  canceledAt: null,
  createdAt: "2026-11-26T05:58:00.000Z",
  chargesMade: [firstCharge],
});
example(subscriptionPageSchema, { subscriptions: [subscription], has_more: false });
example(payerSubscriptionViewSchema, { ...subscription, merchantName: "Acme Coffee" });
example(publicSubscriptionViewSchema, {
  id: subscription.id,
  subscriptionId: subscription.subscriptionId,
  description: subscription.description,
  status: "PENDING",
  chainId: subscription.chainId,
  gatewayAddress: subscription.gatewayAddress,
  merchantId: subscription.merchantId,
  tokenAddress: subscription.tokenAddress,
  tokenSymbol: subscription.tokenSymbol,
  tokenDecimals: subscription.tokenDecimals,
  amount: subscription.amount,
  variableAmount: false,
  currency: null,
  fiatAmount: null,
  periodSeconds: subscription.periodSeconds,
  charges: subscription.charges,
  startsAt: null,
  recipientAddress: subscription.recipientAddress,
  returnUrl: subscription.returnUrl,
  merchantName: "Acme Coffee",
  payerAddress: subscription.payerAddress,
});

const eventBase = {
  eventId: "evt_0c9d7e2f1a3b5f0c3b7c2a9d4e1f8b6a",
  createdAt: "2026-11-26T06:00:04.000Z",
  subscriptionId: subscription.id,
  orderId: subscription.orderId,
  status: "ACTIVE" as const,
  merchantId: v.merchantId,
  chainId: 8453,
  tokenAddress: v.usdc,
  tokenSymbol: "USDC",
  amount: "10000000",
  payerAddress: subscription.payerAddress,
  nextChargeAt: "2026-12-26T06:00:00.000Z",
  canceledBy: null,
};
const charge = { period: 0, paymentId: v.paymentId, txHash: firstCharge.txHash };
const reason = "the payer's balance 4000000 is below the charge 10000000";

example(subscriptionEventSchemas["subscription.created"], { ...eventBase, type: "subscription.created" });
example(subscriptionEventSchemas["subscription.charged"], {
  ...eventBase,
  type: "subscription.charged",
  charge,
});
example(subscriptionEventSchemas["subscription.charge_failed"], {
  ...eventBase,
  type: "subscription.charge_failed",
  nextChargeAt: "2026-11-26T07:00:00.000Z",
  reason,
});
example(subscriptionEventSchemas["subscription.past_due"], {
  ...eventBase,
  type: "subscription.past_due",
  status: "PAST_DUE",
  nextChargeAt: "2026-12-26T07:00:00.000Z",
  reason:
    "the payer's allowance 0 is below the charge 10000000: the payer is to allow the gateway again, on the subscription's page (its url) or their own subscriptions page",
});
example(subscriptionEventSchemas["subscription.canceled"], {
  ...eventBase,
  type: "subscription.canceled",
  status: "CANCELED",
  nextChargeAt: null,
  canceledBy: "allowance",
  reason:
    "the payer set the gateway's allowance to 0 (transaction 0x4b2c6a8e0f1d3b5a7c9e2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3a5c7e9f1b3d)",
});
example(subscriptionEventSchemas["subscription.completed"], {
  ...eventBase,
  type: "subscription.completed",
  status: "COMPLETED",
  nextChargeAt: null,
});

/** Request bodies of the subscription endpoints (withExample type-checks them). */
export const subscriptionRequestExamples = {
  createSubscription: {
    orderId: "plan-pro-7731",
    description: "Acme Coffee Pro, monthly",
    tokenAddress: v.usdc,
    amount: 10,
    periodSeconds: 2_592_000,
    charges: 12,
    retrySchedule: [3_600, 21_600, 86_400, 259_200],
    onFailure: "PAST_DUE" as const,
    payerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
    returnUrl: "https://acme-coffee.example/account",
  },
  authorizeSubscription: {
    payer: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
    startsAt: 1_795_737_600,
    usePermit2: false,
    signature: `0x${"ab".repeat(65)}`,
  },
};
