/**
 * @kassa/sdk: the merchant SDK of Kassa, a non-custodial ERC-20 payment gateway.
 *
 * Server: `new Kassa({ baseUrl, apiKey })`, `kassa.verifyPayment()`, `verifyWebhook()`.
 * Browser: `new Kassa({ baseUrl, publicKey })` (an API key is refused where `window` exists).
 */
export { Kassa, paymentMismatches } from "./client.js";
export type {
  ChainsResource,
  ExpectedPayment,
  KassaApiKeyOptions,
  KassaOptions,
  KassaPublicKeyOptions,
  MerchantPaymentsResource,
  MerchantResource,
  PaymentMethodsResource,
  PaymentsResource,
  PricesResource,
  RefundsResource,
  VerifiedPayment,
  WebhooksResource,
} from "./client.js";
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
export { operationMethods } from "./operations.js";
export type { RequestOptions, RetryPolicy } from "./transport.js";
export type * from "./types.js";
