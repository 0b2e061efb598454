/**
 * Errors of the SDK, one small hierarchy in the style of stripe-node: `KassaError` carries the API's
 * `code`, the HTTP `status` and `details`; the subclass says what kind of failure it is, so callers
 * can `catch (e) { if (e instanceof KassaNotFoundError) ... }` or switch on `e.code`.
 */

import type { components } from "./generated/openapi.js";

/** The error codes the API answers with (server/src/errors.ts, listed in docs/api.md). */
export type KassaApiErrorCode = components["schemas"]["Error"]["code"];

/** The codes the SDK raises itself: no usable response, a misuse, a failed verification. */
export type KassaClientErrorCode =
  | "CONNECTION_ERROR"
  | "TIMEOUT"
  | "ABORTED"
  | "INVALID_RESPONSE"
  | "CONFIGURATION_ERROR"
  | "PAYMENT_VERIFICATION_FAILED"
  | "WEBHOOK_SECRET_INVALID"
  | "WEBHOOK_HEADERS_MISSING"
  | "WEBHOOK_TIMESTAMP_INVALID"
  | "WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE"
  | "WEBHOOK_SIGNATURE_INVALID"
  | "WEBHOOK_BODY_INVALID"
  | "WEBHOOK_BODY_PARSED";

/**
 * What `KassaError.code` holds: switch on it with completion. A newer server may answer a code this
 * SDK does not list yet, hence the open `string` end.
 */
export type KassaErrorCode = KassaApiErrorCode | KassaClientErrorCode | (string & {});

/** One item of an error's `details`: which input failed and why. */
export interface KassaErrorDetail {
  path: string[];
  message: string;
}

export interface KassaErrorInit {
  /** An API error code (docs/api.md, Errors), or an SDK code (CONNECTION_ERROR, TIMEOUT, ...). */
  code: KassaErrorCode;
  message: string;
  /** HTTP status of the response; undefined when no response was received. */
  status?: number | undefined;
  details?: KassaErrorDetail[] | undefined;
  requestId?: string | undefined;
  cause?: unknown;
}

export class KassaError extends Error {
  override name = "KassaError";
  readonly code: KassaErrorCode;
  readonly status: number | undefined;
  readonly details: KassaErrorDetail[] | undefined;
  /** The server's request id (`x-request-id`), when it sent one: quote it when asking for support. */
  readonly requestId: string | undefined;

  constructor(init: KassaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.requestId = init.requestId;
  }
}

/** 400: the request was refused (a bad token, an unsupported currency, ...). */
export class KassaInvalidRequestError extends KassaError {
  override name = "KassaInvalidRequestError";
}

/** 400 VALIDATION_ERROR: `details` names each input that failed. */
export class KassaValidationError extends KassaInvalidRequestError {
  override name = "KassaValidationError";
}

/** 401: the API key or public key is missing or wrong. */
export class KassaAuthenticationError extends KassaError {
  override name = "KassaAuthenticationError";
}

/** 403: the payment belongs to another merchant, the Origin is not allowed, or the faucet is off. */
export class KassaPermissionError extends KassaError {
  override name = "KassaPermissionError";
}

/** 404: no such payment, token, relay request, refund... */
export class KassaNotFoundError extends KassaError {
  override name = "KassaNotFoundError";
}

/** 409: DUPLICATE_ORDER, PAYMENT_METHOD_EXISTS, a refund or gas grant already in progress... */
export class KassaConflictError extends KassaError {
  override name = "KassaConflictError";
}

/** 429: too many requests; `retryAfterSeconds` when the server said how long to wait. */
export class KassaRateLimitError extends KassaError {
  override name = "KassaRateLimitError";
  readonly retryAfterSeconds: number | undefined;

  constructor(init: KassaErrorInit & { retryAfterSeconds?: number | undefined }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 5xx: Kassa failed; safe (GET) calls were already retried. */
export class KassaServerError extends KassaError {
  override name = "KassaServerError";
}

/** No response: DNS, refused or reset connection, or a timeout (code TIMEOUT). */
export class KassaConnectionError extends KassaError {
  override name = "KassaConnectionError";
}

/** The client was used in a way it refuses (an API key in a browser, a call needing the other key). */
export class KassaConfigurationError extends KassaError {
  override name = "KassaConfigurationError";
}

/** A webhook's signature, timestamp or body failed verification; never process such a request. */
export class KassaWebhookVerificationError extends KassaError {
  override name = "KassaWebhookVerificationError";
}

/** One field of a payment that differs from what the merchant expected. */
export interface PaymentMismatch {
  field: "status" | "amount" | "currency" | "fiatAmount" | "tokenAddress" | "orderId" | "chainId";
  expected: string;
  actual: string;
}

/** `verifyPayment` found the payment, but it is not what the merchant expected: do not fulfil. */
export class KassaVerificationError extends KassaError {
  override name = "KassaVerificationError";
  readonly paymentId: string;
  readonly mismatches: PaymentMismatch[];

  constructor(paymentId: string, mismatches: PaymentMismatch[]) {
    super({
      code: "PAYMENT_VERIFICATION_FAILED",
      message: `payment ${paymentId} does not match the order: ${mismatches
        .map((m) => `${m.field} is ${m.actual}, expected ${m.expected}`)
        .join("; ")}`,
    });
    this.paymentId = paymentId;
    this.mismatches = mismatches;
  }
}

/** The error for an HTTP error response, chosen by status, then by code. */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: { get(name: string): string | null },
): KassaError {
  const parsed = isErrorBody(body) ? body : undefined;
  const init: KassaErrorInit = {
    code: parsed?.code ?? (status >= 500 ? "INTERNAL_ERROR" : "INVALID_REQUEST"),
    message: parsed?.message ?? `Kassa answered HTTP ${status} without an error body`,
    status,
    details: parsed?.details,
    requestId: headers.get("x-request-id") ?? undefined,
  };
  if (status === 400) {
    return init.code === "VALIDATION_ERROR"
      ? new KassaValidationError(init)
      : new KassaInvalidRequestError(init);
  }
  if (status === 401) return new KassaAuthenticationError(init);
  if (status === 403) return new KassaPermissionError(init);
  if (status === 404) return new KassaNotFoundError(init);
  if (status === 409) return new KassaConflictError(init);
  if (status === 429) {
    const retryAfter = Number(headers.get("retry-after"));
    return new KassaRateLimitError({
      ...init,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    });
  }
  if (status >= 500) return new KassaServerError(init);
  return new KassaInvalidRequestError(init);
}

function isErrorBody(body: unknown): body is { code: string; message: string; details?: KassaErrorDetail[] } {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { code?: unknown }).code === "string" &&
    typeof (body as { message?: unknown }).message === "string"
  );
}
