import { BaseError } from "./domain/baseError.js";

/**
 * The closed list of error codes, each with its default message; docs/api.md lists them for merchants.
 * Kassa's own additions: `RATE_LIMITED` (a merchant client needs a distinct, retryable code for rate
 * limits), and two faucet refusals: `GRANT_NOT_USABLE` (the wallet could not use a grant, so none is
 * sent) and `FAUCET_BUDGET_EXHAUSTED` (the day's budget of the chain or the merchant is spent); and two
 * relay refusals of issue 28: `INSUFFICIENT_ALLOWANCE` and `TOKEN_TRANSFER_BLOCKED` (a blocklist token); and two of
 * issue 39: `RELAY_GAS_LIMIT_EXCEEDED` (the payment would cost the relayer more gas than its path allows) and
 * `RELAY_BUDGET_EXHAUSTED` (the relayer's budget of gas at risk for the merchant or the client is spent); and
 * `CHAIN_UNAVAILABLE` (503: the chain's node did not answer a signature check, or a chain call of a relay or a gas
 * grant; RELAYER_ERROR stays the relayer's or the faucet's own failure). The API
 * answers each with one HTTP status, `errorStatuses` (http/errorStatuses.ts): a new code is a line here
 * and a line there.
 */
export const errorMessages = {
  UNAUTHORIZED: "API key or public key is missing or invalid",
  INVALID_REQUEST: "The request is malformed",
  VALIDATION_ERROR: "Input validation failed",
  UNSUPPORTED_CHAIN: "The chain is not supported",
  CHAIN_NOT_CONFIGURED: "The merchant has no chain configured",
  CHAIN_MISMATCH: "The token does not belong to the merchant's chain",
  TOKEN_NOT_ENABLED: "The token is not enabled as a payment method for the merchant",
  INVALID_PAYMENT_STATUS: "The payment is not in the CREATED state",
  PAYMENT_EXPIRED: "The payment has expired",
  PAYMENT_NOT_PAID: "The payment is not PAID",
  INVALID_SIGNATURE: "The EIP-712 signature is invalid",
  RELAYER_NOT_CONFIGURED: "No relayer is configured for the chain",
  RECIPIENT_NOT_CONFIGURED: "The merchant's recipient address is not set",
  INVALID_CURRENCY: "The fiat currency is not supported",
  UNSUPPORTED_TOKEN: "The token is not supported on the chain",
  TOKEN_INFO_ERROR: "Token information could not be read from the chain",
  PRICE_SERVICE_NOT_CONFIGURED: "Fiat conversion is not available: no price service",
  PAYER_ADDRESS_NOT_FOUND: "The payer wallet address cannot be determined",
  RELAY_ALREADY_SUBMITTED: "A gasless relay was already submitted for the payment",
  AMOUNT_MISMATCH: "The relay request amount differs from the payment amount",
  INSUFFICIENT_TOKEN_BALANCE: "The wallet's token balance is below the payment amount",
  INSUFFICIENT_ALLOWANCE:
    "The wallet has not allowed the contract that moves its tokens (the gateway or Permit2) enough",
  TOKEN_TRANSFER_BLOCKED:
    "The token refuses to move this payment: the payer or the recipient is on its blocklist",
  RELAY_GAS_LIMIT_EXCEEDED:
    "The payment would cost the relayer more gas than its path allows; pay it with the wallet's own gas",
  ALREADY_HAS_GAS: "The wallet already has enough native token for approve",
  ALREADY_GRANTED: "The wallet already received a gas grant on this chain",
  PAYMENT_ALREADY_GRANTED: "The payment already funded a gas grant",
  GRANT_NOT_USABLE: "The wallet could not use a gas grant: it is a contract, or its approve would fail",
  FORBIDDEN: "Access denied",
  FAUCET_DISABLED: "The merchant's gas faucet is disabled",
  TOKEN_NOT_FOUND: "The token is not whitelisted for the chain",
  PAYMENT_NOT_FOUND: "Payment not found",
  NOT_FOUND: "Not found",
  CHAIN_NOT_FOUND: "Chain not found",
  RELAY_NOT_FOUND: "No relay request for the payment",
  REFUND_NOT_FOUND: "Refund not found",
  PAYMENT_LINK_NOT_FOUND: "Payment link not found",
  SUBSCRIPTION_NOT_FOUND: "Subscription not found",
  DUPLICATE_ORDER: "The orderId is already used by this merchant",
  PAYMENT_METHOD_EXISTS: "The merchant already has a payment method for that token",
  PAYMENT_ALREADY_REFUNDED: "The payment is already refunded",
  CONFLICT: "Another request is processing the same resource",
  REFUND_IN_PROGRESS: "A refund is already in progress for the payment",
  GRANT_IN_PROGRESS: "Another gas grant request for the payment is in progress",
  PAYMENT_LINK_UNAVAILABLE: "The payment link takes no more payments (inactive, expired or used up)",
  INVALID_SUBSCRIPTION_STATUS:
    "The subscription is not in a state that allows this (signed already, or ended)",
  RATE_LIMITED: "Too many requests; retry later",
  FAUCET_BUDGET_EXHAUSTED:
    "The gas faucet's budget for today is spent; pay the approve's gas yourself or retry tomorrow",
  RELAY_BUDGET_EXHAUSTED:
    "The relayer's budget of reverted gas for this merchant or client is spent; relays wait until it frees",
  CHAIN_CONFIG_ERROR: "Chain or relayer configuration is missing or wrong",
  SIGNATURE_ERROR: "Server signature generation failed",
  SIGNING_SERVICE_ERROR: "The required signature could not be generated",
  RELAYER_ERROR: "The relayer failed to submit the transaction",
  CHAIN_UNAVAILABLE: "The chain's node did not answer; retry later",
  NO_EXCESS_TO_RETURN: "The payment has no excess to return: it was not overpaid by transfer",
  NOTHING_TO_RETURN: "The deposit address holds nothing Kassa may return of that token",
  NO_LATE_DEPOSIT: "The payment holds no late deposit to return",
  INTERNAL_ERROR: "Internal error",
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof errorMessages;

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
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message?: string, options?: { details?: ErrorDetail[]; cause?: unknown }) {
    super(message ?? errorMessages[code], { cause: options?.cause });
    this.code = code;
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
