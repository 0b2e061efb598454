import { toBaseUnits } from "../amount.js";
import type { ApiClient } from "../api.js";
import { KassaConflictError } from "../errors.js";
import { sendOnce, withRetries, type RequestOptions } from "../transport.js";
import type {
  CreatedPayment,
  CreatePaymentParams,
  DepositReturn,
  ExcessReturns,
  GasGrant,
  GasStatus,
  LateReturnParams,
  LateReturnsToSign,
  MerchantPaymentRecord,
  Payment,
  RelayParams,
  RelayRequest,
  RelaySubmission,
  RequestGasParams,
} from "../types.js";
import { sameAddress } from "../verify.js";
import { retrieveByOrderId } from "./merchantPayments.js";

export class PaymentsResource {
  constructor(private readonly api: ApiClient) {}

  /**
   * POST /payments. With an API key the call is authenticated as the merchant's server (no Origin
   * needed); with only a public key, as the widget (Origin rules apply).
   *
   * Retries and idempotency: orderId is unique per merchant, so it is this call's idempotency key.
   * The call is retried like a GET (network error, timeout, 5xx, 429), because a repeat can never
   * create a second payment. When a retried attempt answers 409 DUPLICATE_ORDER, the earlier attempt
   * reached Kassa after all: with an API key the client then fetches that order's payment
   * (GET /merchants/me/payments?orderId=, then GET /payments/:id with the public key, configured or
   * read from GET /merchant) and resolves with it if its token and amount (or currency and fiat
   * amount) equal the request's; otherwise, or without an API key, it rejects with the
   * KassaConflictError. A DUPLICATE_ORDER on the first attempt always rejects: that orderId was used
   * before.
   */
  async create(params: CreatePaymentParams, options: RequestOptions = {}): Promise<CreatedPayment> {
    return withRetries(this.api.transport.retry, options, async (attempt) => {
      try {
        return await this.api.request<CreatedPayment>(
          "paymentCreator",
          { method: "POST", path: "/payments", body: params },
          options,
          false,
        );
      } catch (error) {
        if (attempt > 0 && this.api.hasApiKey && isDuplicateOrder(error)) {
          return this.recoverCreated(params, error, options);
        }
        throw error;
      }
    });
  }

  /** GET /payments/:id (public key): the payment with its status, synced with the chain. */
  retrieve(paymentId: string, options?: RequestOptions): Promise<Payment> {
    return this.api.get<Payment>("publicKey", `/payments/${encodeURIComponent(paymentId)}`, options);
  }

  /**
   * POST /payments/:id/relay (public key): submits a gasless payment, the payer's signed ERC-2771
   * ForwardRequest. Sent once, never retried (a repeat answers RELAY_ALREADY_SUBMITTED); follow it
   * with retrieveRelay.
   */
  relay(paymentId: string, params: RelayParams, options?: RequestOptions): Promise<RelaySubmission> {
    return this.api.send(
      "publicKey",
      "POST",
      `/payments/${encodeURIComponent(paymentId)}/relay`,
      options,
      params,
    );
  }

  /** GET /payments/:id/relay (public key): QUEUED, SUBMITTED, CONFIRMED or FAILED. */
  retrieveRelay(paymentId: string, options?: RequestOptions): Promise<RelayRequest> {
    return this.api.get("publicKey", `/payments/${encodeURIComponent(paymentId)}/relay`, options);
  }

  /** GET /payments/:id/gas-status (public key): whether the wallet can get a gas grant. */
  gasStatus(paymentId: string, walletAddress: string, options?: RequestOptions): Promise<GasStatus> {
    return this.api.get("publicKey", `/payments/${encodeURIComponent(paymentId)}/gas-status`, options, {
      walletAddress,
    });
  }

  /**
   * POST /payments/request-gas (public key): a one-time grant of native token for the approve;
   * resolves once the grant is confirmed on-chain. Sent once, never retried (GRANT_IN_PROGRESS).
   */
  requestGas(params: RequestGasParams, options?: RequestOptions): Promise<GasGrant> {
    return this.api.send("publicKey", "POST", "/payments/request-gas", options, params);
  }

  /**
   * POST /payments/:id/return-excess (API key): Kassa's relayer sends an overpayment's excess back to whoever sent
   * it, one return per sender, what they sent beyond the amount. Idempotent: a repeat sends only what is newly
   * owed and answers the excess returns (SUBMITTED, RETURNED or FAILED).
   */
  returnExcess(paymentId: string, options?: RequestOptions): Promise<ExcessReturns> {
    return this.api.send(
      "apiKey",
      "POST",
      `/payments/${encodeURIComponent(paymentId)}/return-excess`,
      options,
    );
  }

  /**
   * GET /payments/:id/late-return (API key): the returns of a payment's late deposits, one per sender (what they
   * sent), each as typed data for the recipient to sign.
   */
  lateReturn(paymentId: string, options?: RequestOptions): Promise<LateReturnsToSign> {
    return this.api.get("apiKey", `/payments/${encodeURIComponent(paymentId)}/late-return`, options);
  }

  /**
   * POST /payments/:id/late-return (API key): sends one sender's late deposit back on the recipient wallet's
   * signature of one of lateReturn's requests (its returnId, to, amount and deadline). Idempotent: a repeat
   * answers the same return.
   */
  returnLateDeposit(
    paymentId: string,
    params: LateReturnParams,
    options?: RequestOptions,
  ): Promise<DepositReturn> {
    return this.api.send(
      "apiKey",
      "POST",
      `/payments/${encodeURIComponent(paymentId)}/late-return`,
      options,
      params,
    );
  }

  private async recoverCreated(
    params: CreatePaymentParams,
    duplicate: KassaConflictError,
    options: RequestOptions,
  ): Promise<CreatedPayment> {
    const record = await retrieveByOrderId(this.api, params.orderId, options);
    if (!sameRequest(record, params)) throw duplicate;
    const publicKey = await this.api.publicKeyForPayments(options);
    const path = `/payments/${encodeURIComponent(record.paymentId)}`;
    const payment = await withRetries(
      this.api.transport.retry,
      options,
      async () =>
        (await sendOnce(
          this.api.transport,
          { method: "GET", path, headers: this.api.publicKeyHeaders(publicKey) },
          options,
        )) as Payment,
    );
    // No longer CREATED (expired since): it takes no payment, so it is not the payment asked for.
    if (payment.serverSignature === null) throw duplicate;
    return { ...payment, serverSignature: payment.serverSignature };
  }
}

function isDuplicateOrder(error: unknown): error is KassaConflictError {
  return error instanceof KassaConflictError && error.code === "DUPLICATE_ORDER";
}

/** Whether an existing payment is the one `params` would have created. */
function sameRequest(record: MerchantPaymentRecord, params: CreatePaymentParams): boolean {
  if (!sameAddress(record.tokenAddress, params.tokenAddress)) return false;
  if (params.currency !== undefined) {
    return (
      record.currency !== null &&
      record.currency.toUpperCase() === params.currency.toUpperCase() &&
      record.fiatAmount === params.amount
    );
  }
  if (record.currency !== null) return false;
  try {
    return record.amount === toBaseUnits(params.amount, record.tokenDecimals);
  } catch {
    return false;
  }
}
