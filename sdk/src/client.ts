import { toBaseUnits } from "./amount.js";
import { KassaConfigurationError, KassaConflictError, KassaError, KassaVerificationError } from "./errors.js";
import type { PaymentMismatch } from "./errors.js";
import {
  defaultRetryPolicy,
  sendOnce,
  withRetries,
  type HttpRequest,
  type RequestOptions,
  type RetryPolicy,
  type TransportOptions,
} from "./transport.js";
import type {
  AddPaymentMethodParams,
  Chain,
  ChainWithTokens,
  CreatedPayment,
  CreatePaymentParams,
  Health,
  ListMerchantPaymentsParams,
  MerchantOverview,
  MerchantPaymentPage,
  MerchantPaymentRecord,
  Payment,
  CreateRefundParams,
  GasGrant,
  GasStatus,
  RelayParams,
  RelayRequest,
  RelaySubmission,
  RequestGasParams,
  ListRefundsParams,
  ListWebhookDeliveriesParams,
  PaymentMethod,
  Redelivery,
  Refund,
  RefundPage,
  RetrievePriceParams,
  RotatedWebhookSecret,
  WebhookDelivery,
  WebhookDeliveryPage,
  TokenPrice,
  UpdatePaymentMethodParams,
} from "./types.js";

interface KassaCommonOptions {
  /** Kassa's base URL including the version prefix, e.g. `https://pay.example.com/api/v1`. */
  baseUrl: string;
  /** The Origin to present with the public key (server-side callers; a browser sends its own). */
  origin?: string;
  /** Timeout of each attempt in ms; default 30 000. */
  timeoutMs?: number;
  /** Retries of safe calls; default { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000 }. */
  retry?: Partial<RetryPolicy>;
  /** A fetch implementation; default globalThis.fetch. */
  fetch?: typeof fetch;
}

/** Server side: the secret API key (`sk_`), optionally with the public key. */
export interface KassaApiKeyOptions extends KassaCommonOptions {
  apiKey: string;
  publicKey?: string;
}

/** Browser or widget side: the public key (`pk_`) only. */
export interface KassaPublicKeyOptions extends KassaCommonOptions {
  publicKey: string;
  apiKey?: undefined;
}

export type KassaOptions = KassaApiKeyOptions | KassaPublicKeyOptions;

/** What the merchant stored for the order (step 1 of the merchant flow in docs/api.md), to check a payment against. */
export type ExpectedPayment = {
  orderId: string;
  tokenAddress: string;
  /** The merchant's chain (EIP-155 id); checked when given. */
  chainId?: number;
} & (
  | { /** Token amount in base units (wei), as a decimal string. */ amount: string; currency?: undefined }
  | {
      /** Fiat code the payment was created with, e.g. USD. */
      currency: string;
      /** The fiat amount the payment was created with. */
      fiatAmount: number | string;
      amount?: undefined;
    }
);

/** A payment that verifyPayment found PAID and matching the order. */
export type VerifiedPayment = MerchantPaymentRecord & { status: "PAID" };

type Auth = "none" | "apiKey" | "publicKey" | "paymentCreator";

/**
 * The Kassa API client. Takes its configuration as arguments and never reads the environment.
 *
 * ```ts
 * const kassa = new Kassa({ baseUrl: "https://pay.example.com/api/v1", apiKey: "sk_..." });
 * const payment = await kassa.payments.create({ orderId: "A-1", amount: 12.5, tokenAddress, successUrl, failUrl });
 * ```
 *
 * Retries: calls that are safe to repeat (every GET) are retried on network errors, timeouts, 5xx and
 * 429, with exponential backoff and jitter. Other POSTs and PATCHes are sent once, except
 * `payments.create`, whose orderId makes a repeat safe (see there).
 */
export class Kassa {
  readonly payments: PaymentsResource;
  readonly merchant: MerchantResource;
  readonly paymentMethods: PaymentMethodsResource;
  readonly merchantPayments: MerchantPaymentsResource;
  readonly chains: ChainsResource;
  readonly prices: PricesResource;
  readonly refunds: RefundsResource;
  readonly webhooks: WebhooksResource;

  readonly #api: ApiClient;

  constructor(options: KassaOptions) {
    if (typeof options !== "object" || options === null) {
      throw configError("new Kassa() needs an options object: { baseUrl, apiKey } or { baseUrl, publicKey }");
    }
    const { apiKey, publicKey } = options;
    if (apiKey !== undefined) {
      if (isBrowser()) {
        throw configError(
          "the API key (sk_) is secret and must never reach a browser: in browser code use " +
            "new Kassa({ baseUrl, publicKey }) and keep API-key calls on your server",
        );
      }
      if (typeof apiKey !== "string" || !apiKey.startsWith("sk_")) {
        throw configError(
          typeof apiKey === "string" && apiKey.startsWith("pk_")
            ? "apiKey got a public key (pk_): pass it as publicKey"
            : "apiKey must be the secret key starting with sk_",
        );
      }
    }
    if (publicKey !== undefined && (typeof publicKey !== "string" || !publicKey.startsWith("pk_"))) {
      throw configError(
        typeof publicKey === "string" && publicKey.startsWith("sk_")
          ? "publicKey got a secret API key (sk_): pass it as apiKey, and only on a server"
          : "publicKey must be the public key starting with pk_",
      );
    }
    if (apiKey === undefined && publicKey === undefined) {
      throw configError("new Kassa() needs an apiKey (server) or a publicKey (browser)");
    }
    if (typeof options.baseUrl !== "string" || !/^https?:\/\/[^/]/i.test(options.baseUrl)) {
      throw configError("baseUrl must be an http(s) URL such as https://pay.example.com/api/v1");
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function") {
      throw configError("no fetch available: pass options.fetch");
    }
    this.#api = new ApiClient(
      {
        baseUrl: options.baseUrl.replace(/\/+$/, ""),
        fetch: (input, init) => fetchImpl(input, init),
        timeoutMs: options.timeoutMs ?? 30_000,
        retry: { ...defaultRetryPolicy, ...options.retry },
      },
      { apiKey, publicKey, origin: options.origin },
    );
    this.payments = new PaymentsResource(this.#api);
    this.merchant = new MerchantResource(this.#api);
    this.paymentMethods = new PaymentMethodsResource(this.#api);
    this.merchantPayments = new MerchantPaymentsResource(this.#api);
    this.chains = new ChainsResource(this.#api);
    this.prices = new PricesResource(this.#api);
    this.refunds = new RefundsResource(this.#api);
    this.webhooks = new WebhooksResource(this.#api);
  }

  /** GET /health: `{ status: "ok", timestamp }` when the API and its database answer. */
  health(options?: RequestOptions): Promise<Health> {
    return this.#api.request<Health>("none", { method: "GET", path: "/health" }, options);
  }

  /**
   * The merchant flow's verification (docs/api.md), done for the merchant with the API key: fetches the payment
   * (GET /merchants/me/payments/:id) and checks that its status is PAID, its amount equals the stored
   * expected amount (or its currency and fiatAmount do, for a fiat payment), and that its token,
   * orderId (and chainId when given) match. Resolves with the payment, or rejects with
   * KassaVerificationError listing every mismatch. Guarding against fulfilling one paymentId twice
   * stays with the merchant.
   */
  async verifyPayment(
    paymentId: string,
    expected: ExpectedPayment,
    options?: RequestOptions,
  ): Promise<VerifiedPayment> {
    checkExpectedPayment(expected);
    const payment = await this.merchantPayments.retrieve(paymentId, options);
    const mismatches = paymentMismatches(payment, expected);
    if (mismatches.length > 0) throw new KassaVerificationError(paymentId, mismatches);
    return payment as VerifiedPayment;
  }
}

/** The transport and the keys, shared by the resources; not part of the public API. */
class ApiClient {
  readonly #apiKey: string | undefined;
  readonly #publicKey: string | undefined;
  readonly #origin: string | undefined;
  #merchantPublicKey: Promise<string> | undefined;

  constructor(
    readonly transport: TransportOptions,
    keys: { apiKey: string | undefined; publicKey: string | undefined; origin: string | undefined },
  ) {
    this.#apiKey = keys.apiKey;
    this.#publicKey = keys.publicKey;
    this.#origin = keys.origin;
  }

  /** One call: authenticates, retries when `retry`, maps errors. */
  async request<T>(
    auth: Auth,
    request: Omit<HttpRequest, "headers">,
    options: RequestOptions = {},
    retry = request.method === "GET",
  ): Promise<T> {
    const full: HttpRequest = { ...request, headers: this.authHeaders(auth, request) };
    if (!retry) return (await sendOnce(this.transport, full, options)) as T;
    return (await withRetries(this.transport.retry, options, () =>
      sendOnce(this.transport, full, options),
    )) as T;
  }

  get hasApiKey(): boolean {
    return this.#apiKey !== undefined;
  }

  /** The public key: configured, or read once from GET /merchant with the API key. */
  publicKeyForPayments(options?: RequestOptions): Promise<string> {
    if (this.#publicKey !== undefined) return Promise.resolve(this.#publicKey);
    this.#merchantPublicKey ??= this.request<MerchantOverview>(
      "apiKey",
      { method: "GET", path: "/merchant" },
      options,
    ).then(
      (overview) => overview.merchant.public_key,
      (error: unknown) => {
        this.#merchantPublicKey = undefined;
        throw error;
      },
    );
    return this.#merchantPublicKey;
  }

  private authHeaders(auth: Auth, request: Omit<HttpRequest, "headers">): Record<string, string> {
    const what = `${request.method} ${request.path.replace(/\/0x[0-9a-f]+/i, "/:id")}`;
    if (auth === "none") return {};
    if (auth === "apiKey" || (auth === "paymentCreator" && this.#apiKey !== undefined)) {
      if (this.#apiKey === undefined) {
        throw configError(`${what} needs the API key (sk_), which only a server may hold`);
      }
      return { "x-api-key": this.#apiKey };
    }
    const publicKey = this.#publicKey;
    if (publicKey === undefined) {
      throw configError(`${what} needs the public key (pk_): pass publicKey to new Kassa()`);
    }
    // A browser sets Origin itself (and ignores ours); a server must present it (the Origin rule of docs/api.md).
    return this.#origin === undefined
      ? { "x-public-key": publicKey }
      : { "x-public-key": publicKey, origin: this.#origin };
  }

  /** x-public-key with an explicit key (payment recovery with an API-key client). */
  publicKeyHeaders(publicKey: string): Record<string, string> {
    return this.#origin === undefined
      ? { "x-public-key": publicKey }
      : { "x-public-key": publicKey, origin: this.#origin };
  }
}

class PaymentsResource {
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
    return this.api.request<Payment>(
      "publicKey",
      { method: "GET", path: `/payments/${encodeURIComponent(paymentId)}` },
      options,
    );
  }

  /**
   * POST /payments/:id/relay (public key): submits a gasless payment, the payer's signed ERC-2771
   * ForwardRequest. Sent once, never retried (a repeat answers RELAY_ALREADY_SUBMITTED); follow it
   * with retrieveRelay.
   */
  relay(paymentId: string, params: RelayParams, options?: RequestOptions): Promise<RelaySubmission> {
    return this.api.request(
      "publicKey",
      { method: "POST", path: `/payments/${encodeURIComponent(paymentId)}/relay`, body: params },
      options,
    );
  }

  /** GET /payments/:id/relay (public key): QUEUED, SUBMITTED, CONFIRMED or FAILED. */
  retrieveRelay(paymentId: string, options?: RequestOptions): Promise<RelayRequest> {
    return this.api.request(
      "publicKey",
      { method: "GET", path: `/payments/${encodeURIComponent(paymentId)}/relay` },
      options,
    );
  }

  /** GET /payments/:id/gas-status (public key): whether the wallet can get a gas grant. */
  gasStatus(paymentId: string, walletAddress: string, options?: RequestOptions): Promise<GasStatus> {
    return this.api.request(
      "publicKey",
      {
        method: "GET",
        path: `/payments/${encodeURIComponent(paymentId)}/gas-status`,
        query: { walletAddress },
      },
      options,
    );
  }

  /**
   * POST /payments/request-gas (public key): a one-time grant of native token for the approve;
   * resolves once the grant is confirmed on-chain. Sent once, never retried (GRANT_IN_PROGRESS).
   */
  requestGas(params: RequestGasParams, options?: RequestOptions): Promise<GasGrant> {
    return this.api.request(
      "publicKey",
      { method: "POST", path: "/payments/request-gas", body: params },
      options,
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
    return withRetries(
      this.api.transport.retry,
      options,
      async () =>
        (await sendOnce(
          this.api.transport,
          { method: "GET", path, headers: this.api.publicKeyHeaders(publicKey) },
          options,
        )) as Payment,
    );
  }
}

class MerchantResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchant: the merchant, its payment methods and its chain's enabled tokens. */
  retrieve(options?: RequestOptions): Promise<MerchantOverview> {
    return this.api.request("apiKey", { method: "GET", path: "/merchant" }, options);
  }
}

class PaymentMethodsResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchant/payment-methods. */
  async list(options?: RequestOptions): Promise<PaymentMethod[]> {
    const data = await this.api.request<{ payment_methods: PaymentMethod[] }>(
      "apiKey",
      { method: "GET", path: "/merchant/payment-methods" },
      options,
    );
    return data.payment_methods;
  }

  /** POST /merchant/payment-methods: enables a whitelisted token of the merchant's chain. */
  create(params: AddPaymentMethodParams, options?: RequestOptions): Promise<PaymentMethod> {
    return this.api.request(
      "apiKey",
      { method: "POST", path: "/merchant/payment-methods", body: params },
      options,
    );
  }

  /** PATCH /merchant/payment-methods/:id: enables or disables it. */
  update(id: number, params: UpdatePaymentMethodParams, options?: RequestOptions): Promise<PaymentMethod> {
    return this.api.request(
      "apiKey",
      { method: "PATCH", path: `/merchant/payment-methods/${encodeURIComponent(String(id))}`, body: params },
      options,
    );
  }
}

class MerchantPaymentsResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchants/me/payments: one page, newest first. */
  list(params: ListMerchantPaymentsParams = {}, options?: RequestOptions): Promise<MerchantPaymentPage> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: "/merchants/me/payments", query: { ...params } },
      options,
    );
  }

  /** Every payment matching `params`, newest first, fetching pages as the loop advances. */
  async *listAll(
    params: Omit<ListMerchantPaymentsParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<MerchantPaymentRecord, void, undefined> {
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.list(
        startingAfter === undefined ? params : { ...params, starting_after: startingAfter },
        options,
      );
      yield* page.payments;
      const last = page.payments.at(-1);
      if (!page.has_more || last === undefined) return;
      startingAfter = last.paymentId;
    }
  }

  /** GET /merchants/me/payments/:id: the record to verify a payment with. */
  retrieve(paymentId: string, options?: RequestOptions): Promise<MerchantPaymentRecord> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: `/merchants/me/payments/${encodeURIComponent(paymentId)}` },
      options,
    );
  }

  /** GET /merchants/me/payments?orderId=: the order's payment (KassaNotFoundError if none). */
  retrieveByOrderId(orderId: string, options?: RequestOptions): Promise<MerchantPaymentRecord> {
    return retrieveByOrderId(this.api, orderId, options);
  }
}

async function retrieveByOrderId(
  api: ApiClient,
  orderId: string,
  options?: RequestOptions,
): Promise<MerchantPaymentRecord> {
  const data = await api.request<MerchantPaymentRecord | MerchantPaymentPage>(
    "apiKey",
    { method: "GET", path: "/merchants/me/payments", query: { orderId } },
    options,
  );
  if ("paymentId" in data) return data;
  throw new KassaError({
    code: "INVALID_RESPONSE",
    message: "GET /merchants/me/payments?orderId= answered a list instead of one payment",
  });
}

class ChainsResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /chains: the supported chains. */
  async list(options?: RequestOptions): Promise<Chain[]> {
    const data = await this.api.request<{ chains: Chain[] }>(
      "none",
      { method: "GET", path: "/chains" },
      options,
    );
    return data.chains;
  }

  /** GET /chains/tokens: every chain with its enabled tokens. */
  async listWithTokens(options?: RequestOptions): Promise<ChainWithTokens[]> {
    const data = await this.api.request<{ chains: ChainWithTokens[] }>(
      "none",
      { method: "GET", path: "/chains/tokens" },
      options,
    );
    return data.chains;
  }
}

class PricesResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /prices: the current or previous-hour average price of a whitelisted token. */
  retrieve(params: RetrievePriceParams, options?: RequestOptions): Promise<TokenPrice> {
    return this.api.request("apiKey", { method: "GET", path: "/prices", query: { ...params } }, options);
  }
}

class RefundsResource {
  constructor(private readonly api: ApiClient) {}

  /**
   * POST /refunds: starts the refund of a PAID payment and returns the transaction the merchant's
   * recipient wallet must send. Sent once, never retried: a repeat answers REFUND_IN_PROGRESS.
   */
  create(params: CreateRefundParams, options?: RequestOptions): Promise<Refund> {
    return this.api.request("apiKey", { method: "POST", path: "/refunds", body: params }, options);
  }

  /** GET /refunds/:id. */
  retrieve(refundId: string, options?: RequestOptions): Promise<Refund> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: `/refunds/${encodeURIComponent(refundId)}` },
      options,
    );
  }

  /** GET /refunds: one page, newest first. */
  list(params: ListRefundsParams = {}, options?: RequestOptions): Promise<RefundPage> {
    return this.api.request("apiKey", { method: "GET", path: "/refunds", query: { ...params } }, options);
  }

  /** Every refund matching `params`, newest first, fetching pages as the loop advances. */
  listAll(
    params: Omit<ListRefundsParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<Refund, void, undefined> {
    return paginate(
      (startingAfter) => this.list({ ...params, starting_after: startingAfter }, options),
      "refunds",
    );
  }
}

class WebhooksResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchants/me/webhook-deliveries: one page of deliveries with their attempts, newest first. */
  listDeliveries(
    params: ListWebhookDeliveriesParams = {},
    options?: RequestOptions,
  ): Promise<WebhookDeliveryPage> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: "/merchants/me/webhook-deliveries", query: { ...params } },
      options,
    );
  }

  /** Every delivery matching `params`, newest first. */
  listAllDeliveries(
    params: Omit<ListWebhookDeliveriesParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<WebhookDelivery, void, undefined> {
    return paginate(
      (startingAfter) => this.listDeliveries({ ...params, starting_after: startingAfter }, options),
      "deliveries",
    );
  }

  /** POST /merchants/me/webhook-deliveries/:id/redeliver: sends the event again (same webhook-id). */
  redeliver(deliveryId: string, options?: RequestOptions): Promise<Redelivery> {
    return this.api.request(
      "apiKey",
      {
        method: "POST",
        path: `/merchants/me/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      },
      options,
    );
  }

  /**
   * POST /merchants/me/webhook-secret/rotate: a new whsec_ secret signs every attempt from now on and
   * the old one stops at once; store the returned secret before anything else.
   */
  rotateSecret(options?: RequestOptions): Promise<RotatedWebhookSecret> {
    return this.api.request(
      "apiKey",
      { method: "POST", path: "/merchants/me/webhook-secret/rotate" },
      options,
    );
  }
}

/** Walks a `{ <items>, has_more }` list with `starting_after` = the last item's id. */
async function* paginate<K extends string, T extends { id: string }>(
  page: (startingAfter: string | undefined) => Promise<{ [key in K]: T[] } & { has_more: boolean }>,
  key: K,
): AsyncGenerator<T, void, undefined> {
  let startingAfter: string | undefined;
  for (;;) {
    const current = await page(startingAfter);
    const items = current[key];
    yield* items;
    const last = items.at(-1);
    if (!current.has_more || last === undefined) return;
    startingAfter = last.id;
  }
}

export type {
  RefundsResource,
  WebhooksResource,
  PaymentsResource,
  MerchantResource,
  PaymentMethodsResource,
  MerchantPaymentsResource,
  ChainsResource,
  PricesResource,
};

function configError(message: string): KassaConfigurationError {
  return new KassaConfigurationError({ code: "CONFIGURATION_ERROR", message });
}

function isBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== "undefined";
}

function isDuplicateOrder(error: unknown): error is KassaConflictError {
  return error instanceof KassaConflictError && error.code === "DUPLICATE_ORDER";
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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

function sameDecimal(a: number | string, b: number | string): boolean {
  const normalize = (value: number | string) => {
    try {
      return toBaseUnits(value, 18);
    } catch {
      return `invalid:${value}`;
    }
  };
  return normalize(a) === normalize(b);
}

function checkExpectedPayment(expected: ExpectedPayment): void {
  if (typeof expected !== "object" || expected === null) {
    throw configError(
      "verifyPayment needs the expected { orderId, tokenAddress, amount | currency + fiatAmount }",
    );
  }
  if (typeof expected.orderId !== "string" || typeof expected.tokenAddress !== "string") {
    throw configError("expected.orderId and expected.tokenAddress are required");
  }
  if (expected.currency !== undefined) {
    if (expected.fiatAmount === undefined) throw configError("expected.currency needs expected.fiatAmount");
    return;
  }
  if (typeof expected.amount !== "string" || !/^\d+$/.test(expected.amount)) {
    throw configError(
      'expected.amount must be the token amount in base units (wei) as a decimal string, e.g. toBaseUnits("12.5", 18)',
    );
  }
}

/** Every way `payment` differs from what the merchant expected. */
export function paymentMismatches(
  payment: MerchantPaymentRecord,
  expected: ExpectedPayment,
): PaymentMismatch[] {
  const mismatches: PaymentMismatch[] = [];
  if (payment.status !== "PAID") {
    mismatches.push({ field: "status", expected: "PAID", actual: payment.status });
  }
  if (payment.orderId !== expected.orderId) {
    mismatches.push({ field: "orderId", expected: expected.orderId, actual: payment.orderId });
  }
  if (!sameAddress(payment.tokenAddress, expected.tokenAddress)) {
    mismatches.push({ field: "tokenAddress", expected: expected.tokenAddress, actual: payment.tokenAddress });
  }
  if (expected.chainId !== undefined && payment.chainId !== expected.chainId) {
    mismatches.push({
      field: "chainId",
      expected: String(expected.chainId),
      actual: String(payment.chainId),
    });
  }
  if (expected.currency !== undefined) {
    if (payment.currency === null || payment.currency.toUpperCase() !== expected.currency.toUpperCase()) {
      mismatches.push({ field: "currency", expected: expected.currency, actual: String(payment.currency) });
    }
    if (payment.fiatAmount === null || !sameDecimal(payment.fiatAmount, expected.fiatAmount)) {
      mismatches.push({
        field: "fiatAmount",
        expected: String(expected.fiatAmount),
        actual: String(payment.fiatAmount),
      });
    }
  } else if (BigInt(payment.amount) !== BigInt(expected.amount)) {
    mismatches.push({ field: "amount", expected: expected.amount, actual: payment.amount });
  }
  return mismatches;
}
