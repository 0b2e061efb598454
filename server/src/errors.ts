import { BaseError } from "./domain/baseError.js";

/**
 * The closed list of error codes, each with its one HTTP status and a default message; docs/api.md
 * lists them for merchants. Kassa's own additions: `RATE_LIMITED` (429: a
 * merchant client needs a distinct, retryable code for rate limits), and two faucet refusals:
 * `GRANT_NOT_USABLE` (the wallet could not use a grant, so none is sent) and
 * `FAUCET_BUDGET_EXHAUSTED` (429: the day's budget of the chain or the merchant is spent).
 */
export const errorCodes = {
  UNAUTHORIZED: { status: 401, message: "API key or public key is missing or invalid" },
  INVALID_REQUEST: { status: 400, message: "The request is malformed" },
  VALIDATION_ERROR: { status: 400, message: "Input validation failed" },
  UNSUPPORTED_CHAIN: { status: 400, message: "The chain is not supported" },
  CHAIN_NOT_CONFIGURED: { status: 400, message: "The merchant has no chain configured" },
  CHAIN_MISMATCH: { status: 400, message: "The token does not belong to the merchant's chain" },
  TOKEN_NOT_ENABLED: {
    status: 400,
    message: "The token is not enabled as a payment method for the merchant",
  },
  INVALID_PAYMENT_STATUS: { status: 400, message: "The payment is not in the CREATED state" },
  PAYMENT_EXPIRED: { status: 400, message: "The payment has expired" },
  PAYMENT_NOT_PAID: { status: 400, message: "The payment is not PAID" },
  INVALID_SIGNATURE: { status: 400, message: "The EIP-712 signature is invalid" },
  RELAYER_NOT_CONFIGURED: { status: 400, message: "No relayer is configured for the chain" },
  RECIPIENT_NOT_CONFIGURED: { status: 400, message: "The merchant's recipient address is not set" },
  INVALID_CURRENCY: { status: 400, message: "The fiat currency is not supported" },
  UNSUPPORTED_TOKEN: { status: 400, message: "The token is not supported on the chain" },
  TOKEN_INFO_ERROR: { status: 400, message: "Token information could not be read from the chain" },
  PRICE_SERVICE_NOT_CONFIGURED: {
    status: 400,
    message: "Fiat conversion is not available: no price service",
  },
  PAYER_ADDRESS_NOT_FOUND: { status: 400, message: "The payer wallet address cannot be determined" },
  RELAY_ALREADY_SUBMITTED: { status: 400, message: "A gasless relay was already submitted for the payment" },
  AMOUNT_MISMATCH: { status: 400, message: "The relay request amount differs from the payment amount" },
  INSUFFICIENT_TOKEN_BALANCE: {
    status: 400,
    message: "The wallet's token balance is below the payment amount",
  },
  ALREADY_HAS_GAS: { status: 400, message: "The wallet already has enough native token for approve" },
  ALREADY_GRANTED: { status: 400, message: "The wallet already received a gas grant on this chain" },
  PAYMENT_ALREADY_GRANTED: { status: 400, message: "The payment already funded a gas grant" },
  GRANT_NOT_USABLE: {
    status: 400,
    message: "The wallet could not use a gas grant: it is a contract, or its approve would fail",
  },
  FORBIDDEN: { status: 403, message: "Access denied" },
  FAUCET_DISABLED: { status: 403, message: "The merchant's gas faucet is disabled" },
  TOKEN_NOT_FOUND: { status: 404, message: "The token is not whitelisted for the chain" },
  PAYMENT_NOT_FOUND: { status: 404, message: "Payment not found" },
  NOT_FOUND: { status: 404, message: "Not found" },
  CHAIN_NOT_FOUND: { status: 404, message: "Chain not found" },
  RELAY_NOT_FOUND: { status: 404, message: "No relay request for the payment" },
  REFUND_NOT_FOUND: { status: 404, message: "Refund not found" },
  PAYMENT_LINK_NOT_FOUND: { status: 404, message: "Payment link not found" },
  DUPLICATE_ORDER: { status: 409, message: "The orderId is already used by this merchant" },
  PAYMENT_METHOD_EXISTS: { status: 409, message: "The merchant already has a payment method for that token" },
  PAYMENT_ALREADY_REFUNDED: { status: 409, message: "The payment is already refunded" },
  CONFLICT: { status: 409, message: "Another request is processing the same resource" },
  REFUND_IN_PROGRESS: { status: 409, message: "A refund is already in progress for the payment" },
  GRANT_IN_PROGRESS: { status: 409, message: "Another gas grant request for the payment is in progress" },
  PAYMENT_LINK_UNAVAILABLE: {
    status: 409,
    message: "The payment link takes no more payments (inactive, expired or used up)",
  },
  RATE_LIMITED: { status: 429, message: "Too many requests; retry later" },
  FAUCET_BUDGET_EXHAUSTED: {
    status: 429,
    message: "The gas faucet's budget for today is spent; pay the approve's gas yourself or retry tomorrow",
  },
  CHAIN_CONFIG_ERROR: { status: 500, message: "Chain or relayer configuration is missing or wrong" },
  SIGNATURE_ERROR: { status: 500, message: "Server signature generation failed" },
  SIGNING_SERVICE_ERROR: { status: 500, message: "The required signature could not be generated" },
  RELAYER_ERROR: { status: 500, message: "The relayer failed to submit the transaction" },
  INTERNAL_ERROR: { status: 500, message: "Internal error" },
} as const satisfies Record<string, { status: 400 | 401 | 403 | 404 | 409 | 429 | 500; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** One item of `details` for VALIDATION_ERROR. */
export interface ErrorDetail {
  path: string[];
  message: string;
}

/** The error body `{ code, message, details? }`; no `success` wrapper. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

export class KassaError extends BaseError {
  override readonly name = "KassaError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message?: string, options?: { details?: ErrorDetail[]; cause?: unknown }) {
    super(message ?? errorCodes[code].message, { cause: options?.cause });
    this.code = code;
    this.status = errorCodes[code].status;
    this.details = options?.details;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isKassaError(error: unknown, code?: ErrorCode): error is KassaError {
  return error instanceof KassaError && (code === undefined || error.code === code);
}

/** Turns zod-style issues (path of strings and numbers) into `details`. */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  message?: string,
): KassaError {
  return new KassaError("VALIDATION_ERROR", message, {
    details: issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
  });
}
