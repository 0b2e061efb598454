/**
 * The dashboard's calls to Kassa's API, same origin: the HttpOnly session cookie stands for the API
 * key, and every change carries the session's CSRF token (the browser adds the Origin).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: (string | number)[]; message: string }[] = [],
  ) {
    super(message);
  }
}

export const API_BASE = "/api/v1";

let csrfToken: string | undefined;

/** Set after sign-in (or from GET /dashboard/session); cleared on sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["x-kassa-csrf"] = csrfToken;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: "same-origin",
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    code?: string;
    message?: string;
    details?: { path: (string | number)[]; message: string }[];
  } | null;
  if (!response.ok || !body) {
    throw new ApiError(
      response.status,
      body?.code ?? "INTERNAL_ERROR",
      body?.message ?? response.statusText,
      body?.details ?? [],
    );
  }
  return body.data as T;
}

/** A query string of the set values only. */
export function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface Session {
  merchant: { merchantId: string; name: string };
  address: string;
  expiresAt: string;
  csrfToken: string;
}

export interface Payment {
  paymentId: string;
  orderId: string;
  status: string;
  amount: string;
  tokenAddress: string;
  tokenSymbol: string;
  tokenDecimals: number;
  txHash: string | null;
  payerAddress: string | null;
  /** The wallet the payment paid: refunds are sent from it. */
  recipientAddress: string;
  createdAt: string;
  /** Base units its completed refunds sent back. */
  refundedAmount: string;
  /** Payments by transfer: the path that paid it, and what arrived beyond the amount (base units). */
  paidVia?: "contract" | "transfer" | null;
  amountReceived?: string;
  overpaidAmount?: string;
  /** When its sweep moved the amount from the deposit address; null before. */
  sweptAt?: string | null;
  /** The sweep's transaction; null before. */
  sweepTransactionHash?: string | null;
  /** Whether its money is in the recipient's wallet: paid by contract, or paid by transfer and swept. */
  fundsAtRecipient?: boolean;
  /** When its transfer window closes: an open payment's deposit goes back to its senders after it. */
  transferExpiresAt?: string | null;
}

export interface TokenTotals {
  tokenAddress: string;
  tokenSymbol: string;
  tokenDecimals: number;
  count: number;
  paidCount: number;
  gross: string;
  fee: string;
  net: string;
}

export interface Timeline {
  paymentId: string;
  status: string;
  amounts: { gross: string; fee: string; net: string; tokenSymbol: string; tokenDecimals: number } | null;
  events: { type: string; status: string; at: string; txHash: string | null }[];
  relay: {
    status: string;
    transactionHash: string | null;
    errorMessage: string | null;
    createdAt: string;
  } | null;
  refunds: {
    id: string;
    status: string;
    amount: string;
    txHash: string | null;
    createdAt: string;
    senderAddress: string | null;
    sentByRecipient: boolean | null;
  }[];
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  attempts: {
    attempt: number;
    url: string;
    statusCode: number | null;
    durationMs: number | null;
    error: string | null;
    createdAt: string;
  }[];
}

export interface PaymentMethod {
  id: number;
  tokenAddress: string;
  symbol: string;
  decimals: number;
  is_enabled: boolean;
}

export interface Merchant {
  merchant_key: string;
  name: string;
  webhook_url: string | null;
  public_key: string;
  chain: { network_id: number; name: string };
  payment_methods: PaymentMethod[];
}
