import type { Operation } from "./types.js";

/**
 * Which SDK method calls each operation of Kassa's API. `satisfies` makes this table complete by
 * construction: after `npm run generate -w sdk` adds an endpoint, the SDK does not compile until the
 * endpoint has a method here (and a test checks the table against the live OpenAPI document).
 */
export const operationMethods = {
  "GET /health": "health",
  "GET /chains": "chains.list",
  "GET /chains/tokens": "chains.listWithTokens",
  "POST /payments": "payments.create",
  "GET /payments/{id}": "payments.retrieve",
  "POST /payments/{id}/relay": "payments.relay",
  "GET /payments/{id}/relay": "payments.retrieveRelay",
  "GET /payments/{id}/gas-status": "payments.gasStatus",
  "GET /payments/{id}/events": "none: a stream for the payer's browser (the widget); servers use webhooks",
  "POST /payments/request-gas": "payments.requestGas",
  "POST /payments/{id}/return-excess": "payments.returnExcess",
  "GET /payments/{id}/late-return": "payments.lateReturn",
  "POST /payments/{id}/late-return": "payments.returnLateDeposit",
  "GET /merchant": "merchant.retrieve",
  "PATCH /merchant": "merchant.update",
  "POST /merchants/me/keys/rotate": "merchant.rotateKey",
  "GET /merchant/payment-methods": "paymentMethods.list",
  "POST /merchant/payment-methods": "paymentMethods.create",
  "PATCH /merchant/payment-methods/{id}": "paymentMethods.update",
  "GET /merchants/me/payments":
    "merchantPayments.list, merchantPayments.listAll, merchantPayments.retrieveByOrderId",
  "GET /merchants/me/payments/{id}": "merchantPayments.retrieve, verifyPayment",
  "GET /merchants/me/payments/totals": "merchantPayments.totals",
  "GET /merchants/me/payments/{id}/timeline": "merchantPayments.timeline",
  "GET /merchant/payments": "legacy path; the SDK calls GET /merchants/me/payments",
  "GET /merchant/payments/{id}": "legacy path; the SDK calls GET /merchants/me/payments/{id}",
  "GET /prices": "prices.retrieve",
  "POST /refunds": "refunds.create",
  "GET /refunds": "refunds.list, refunds.listAll",
  "GET /refunds/{id}": "refunds.retrieve",
  "GET /merchants/me/webhook-deliveries": "webhooks.listDeliveries, webhooks.listAllDeliveries",
  "POST /merchants/me/webhook-deliveries/{id}/redeliver": "webhooks.redeliver",
  "POST /merchants/me/webhook-secret/rotate": "webhooks.rotateSecret",
  "POST /merchants/me/webhook-test": "webhooks.sendTest",
  "GET /exports/payments": "exports.payments",
  "POST /payment-links": "paymentLinks.create",
  "GET /payment-links": "paymentLinks.list, paymentLinks.listAll",
  "GET /payment-links/{id}": "paymentLinks.retrieve",
  "PATCH /payment-links/{id}": "paymentLinks.update",
  "POST /subscriptions": "subscriptions.create",
  "GET /subscriptions": "subscriptions.list, subscriptions.listAll",
  "GET /subscriptions/{id}": "subscriptions.retrieve",
  "POST /subscriptions/{id}/cancel": "subscriptions.cancel",
  "GET /public/subscriptions/{id}": "none: the payer's subscribe page reads it in the browser",
  "POST /public/subscriptions/{id}/authorize":
    "none: the payer's wallet signs in the browser (the subscribe page)",
  "GET /dashboard/nonce": "none: the dashboard's sign-in, in the merchant's browser with a wallet",
  "POST /dashboard/session": "none: the dashboard's sign-in, in the merchant's browser with a wallet",
  "GET /dashboard/session": "none: the dashboard's session cookie; servers use the API key",
  "DELETE /dashboard/session": "none: the dashboard's session cookie; servers use the API key",
} as const satisfies Record<Operation, string>;
