/** The Kassa API as the widget uses it: public-key endpoints, same origin. */
import type { Address, Hex } from "viem";
import type { PayablePayment, SignedForwardRequest } from "./chain.js";
import type { SignedRelay } from "./paths/signed.js";

export type PaymentStatus =
  "CREATED" | "PAID" | "REFUND_SUBMITTED" | "REFUNDED" | "INVALID" | "EXPIRED" | "FAILED";

/**
 * The payment (GET /payments/:id) with `serverSignature` (null once it is no longer CREATED: it takes no
 * payment) and `merchantName`.
 */
export interface Payment extends Omit<PayablePayment, "serverSignature"> {
  serverSignature: Hex | null;
  orderId: string;
  status: PaymentStatus;
  tokenSymbol: string;
  tokenDecimals: number;
  tokenPermitSupported: boolean;
  isFaucetEnabled: boolean;
  successUrl: string;
  failUrl: string;
  expiresAt: string;
  txHash: Hex | null;
  payerAddress: Address | null;
  currency: string | null;
  fiatAmount: number | null;
  merchantName?: string;
  /** While CREATED: a pay transaction mined but not final yet; the payment does not expire meanwhile. */
  seenTxHash?: Hex | null;
  /** The payment's own address for a plain transfer; null (or absent) when the server offers no transfer path. */
  depositAddress?: Address | null;
  /** EIP-681 URI of the exact transfer (the QR code's text). */
  transferUri?: string | null;
  /** End of the transfer window (ISO 8601), later than expiresAt. */
  transferExpiresAt?: string | null;
  /** Base units of the token final transfers brought to the deposit address. */
  amountReceived?: string;
  /** The least that settles it by transfer (the amount less the merchant's tolerance), base units. */
  depositMinimumAmount?: string | null;
  /** What of amountReceived the payment does not take (beyond its amount): the merchant can send it back. */
  overpaidAmount?: string;
  /** "transfer" once paid by transfer. */
  paidVia?: "contract" | "transfer" | null;
}

export interface CreatePaymentInput {
  orderId: string;
  amount: number;
  tokenAddress: string;
  successUrl: string;
  failUrl: string;
  currency?: string;
}

export interface RelayStatus {
  status: "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";
  transactionHash: Hex | null;
  errorMessage: string | null;
}

export interface GasStatus {
  needsGas: boolean;
  hasEnoughTokenBalance: boolean;
  alreadyGranted: boolean;
  canReceiveGas: boolean;
}

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface KassaApi {
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  getPayment(paymentId: string): Promise<Payment>;
  /**
   * Follows the payment's status over GET /payments/:id/events: `onStatus` gets the payment at once and
   * at each change. Resolves when the server ends the stream (the payment left CREATED, or the stream's
   * time ran out) or `signal` aborts; rejects when the stream cannot be opened or breaks.
   */
  watchPayment(paymentId: string, onStatus: (payment: Payment) => void, signal: AbortSignal): Promise<void>;
  /** Chain names by EIP-155 id. */
  chainNames(): Promise<Map<number, string>>;
  relay(payment: PayablePayment, forwardRequest: SignedForwardRequest): Promise<void>;
  /** Relays one of the gateway's one-signature paths (EIP-3009, Permit2, a payment intent). */
  relaySigned(payment: PayablePayment, signed: SignedRelay): Promise<void>;
  getRelay(paymentId: string): Promise<RelayStatus>;
  gasStatus(paymentId: string, walletAddress: Address): Promise<GasStatus>;
  requestGas(paymentId: string, walletAddress: Address): Promise<{ txHash: Hex }>;
  /** Server clock minus this browser's clock, in ms, from the last response's Date header. */
  clockSkewMs(): number;
}

export function createApi(apiBase: string, publicKey: string): KassaApi {
  let skew = 0;

  async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method: init.method ?? "GET",
        headers: {
          "x-public-key": publicKey,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        cache: "no-store",
      });
    } catch (error) {
      throw new ApiError(0, "NETWORK_ERROR", String(error));
    }
    const date = Date.parse(response.headers.get("date") ?? "");
    if (Number.isFinite(date)) skew = date - Date.now();
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: unknown;
      code?: string;
      message?: string;
    } | null;
    if (!response.ok) {
      throw new ApiError(
        response.status,
        body?.code ?? "INTERNAL_ERROR",
        body?.message ?? response.statusText,
      );
    }
    // Success bodies are { success, data } except the bare gas endpoints.
    return (body && "success" in body ? body.data : body) as T;
  }

  async function watchPayment(
    paymentId: string,
    onStatus: (payment: Payment) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const response = await fetch(`${apiBase}/payments/${encodeURIComponent(paymentId)}/events`, {
      headers: { "x-public-key": publicKey, accept: "text/event-stream" },
      cache: "no-store",
      signal,
    });
    if (!response.ok || !response.body) throw new ApiError(response.status, "STREAM_UNAVAILABLE", "");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += read.value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          buffer = buffer.slice(end + 2);
          if (data) onStatus(JSON.parse(data) as Payment);
        }
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  const encoded = encodeURIComponent;
  return {
    watchPayment,
    createPayment: (input) => call<Payment>("/payments", { method: "POST", body: input }),
    getPayment: (paymentId) => call<Payment>(`/payments/${encoded(paymentId)}`),
    async chainNames() {
      const data = await call<{ chains: { network_id: number; name: string }[] }>("/chains");
      return new Map(data.chains.map((chain) => [chain.network_id, chain.name]));
    },
    async relay(payment, forwardRequest) {
      await call(`/payments/${encoded(payment.paymentId)}/relay`, {
        method: "POST",
        body: { paymentId: payment.paymentId, forwarderAddress: payment.forwarderAddress, forwardRequest },
      });
    },
    async relaySigned(payment, signed) {
      await call(`/payments/${encoded(payment.paymentId)}/relay`, {
        method: "POST",
        body: { paymentId: payment.paymentId, ...signed },
      });
    },
    getRelay: (paymentId) => call<RelayStatus>(`/payments/${encoded(paymentId)}/relay`),
    gasStatus: (paymentId, walletAddress) =>
      call<GasStatus>(`/payments/${encoded(paymentId)}/gas-status?walletAddress=${encoded(walletAddress)}`),
    requestGas: (paymentId, walletAddress) =>
      call<{ txHash: Hex }>("/payments/request-gas", { method: "POST", body: { paymentId, walletAddress } }),
    clockSkewMs: () => skew,
  };
}
