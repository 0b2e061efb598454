/**
 * @kassa/sdk: the merchant SDK of Kassa, a non-custodial ERC-20 payment gateway.
 *
 * Server: `new Kassa({ baseUrl, apiKey })`, `kassa.verifyPayment()`, `verifyWebhook()`.
 * Browser: `new Kassa({ baseUrl, publicKey })` (an API key is refused where `window` exists).
 * Payer: `gatewayAbi` and `payArgs(payment)` for the wallet's `pay()` call.
 */
export { Kassa } from "./client.js";
export type { KassaApiKeyOptions, KassaOptions, KassaPublicKeyOptions } from "./client.js";
export { paymentMismatches } from "./verify.js";
export type { ExpectedPayment, VerifiedPayment } from "./verify.js";
export type { ChainsResource } from "./resources/chains.js";
export type { ExportsResource } from "./resources/exports.js";
export type { MerchantResource } from "./resources/merchant.js";
export type { MerchantPaymentsResource } from "./resources/merchantPayments.js";
export type { PaymentLinksResource } from "./resources/paymentLinks.js";
export type { SubscriptionsResource } from "./resources/subscriptions.js";
export type { PaymentMethodsResource } from "./resources/paymentMethods.js";
export type { PaymentsResource } from "./resources/payments.js";
export type { PricesResource } from "./resources/prices.js";
export type { RefundsResource } from "./resources/refunds.js";
export type { WebhooksResource } from "./resources/webhooks.js";
export {
  KassaAuthenticationError,
  KassaConfigurationError,
  KassaConflictError,
  KassaConnectionError,
  KassaError,
  KassaInvalidRequestError,
  KassaNotFoundError,
  KassaPermissionError,
  KassaRateLimitError,
  KassaServerError,
  KassaValidationError,
  KassaVerificationError,
  KassaWebhookVerificationError,
} from "./errors.js";
export type {
  KassaApiErrorCode,
  KassaClientErrorCode,
  KassaErrorCode,
  KassaErrorDetail,
  PaymentMismatch,
} from "./errors.js";
export { verifyWebhook, DEFAULT_WEBHOOK_TOLERANCE_SECONDS } from "./webhooks.js";
export type {
  KassaWebhookEvent,
  KassaWebhookEventOf,
  VerifyWebhookOptions,
  WebhookHeaders,
} from "./webhooks.js";
export { toBaseUnits, fromBaseUnits } from "./amount.js";
export { gatewayAbi, tokenAbi } from "./generated/abi.js";
export { payArgs, NO_PERMIT } from "./payer.js";
export type { GatewayPermit, PayablePayment, PayArgs } from "./payer.js";
export { operationMethods } from "./operations.js";
export type { RequestOptions, RetryPolicy } from "./transport.js";
export type * from "./types.js";
