import { ApiClient, configError } from "./api.js";
import { ChainsResource } from "./resources/chains.js";
import { ExportsResource } from "./resources/exports.js";
import { MerchantResource } from "./resources/merchant.js";
import { MerchantPaymentsResource } from "./resources/merchantPayments.js";
import { PaymentLinksResource } from "./resources/paymentLinks.js";
import { SubscriptionsResource } from "./resources/subscriptions.js";
import { PaymentMethodsResource } from "./resources/paymentMethods.js";
import { PaymentsResource } from "./resources/payments.js";
import { PricesResource } from "./resources/prices.js";
import { RefundsResource } from "./resources/refunds.js";
import { WebhooksResource } from "./resources/webhooks.js";
import { defaultRetryPolicy, type RequestOptions, type RetryPolicy } from "./transport.js";
import type { Health } from "./types.js";
import { verifyPayment, type ExpectedPayment, type VerifiedPayment } from "./verify.js";

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

/**
 * The Kassa API client. Takes its configuration as arguments and never reads the environment. Each
 * resource lives in its own module (src/resources/); the client checks the options and binds them.
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
  readonly exports: ExportsResource;
  readonly paymentLinks: PaymentLinksResource;
  readonly subscriptions: SubscriptionsResource;

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
    this.exports = new ExportsResource(this.#api);
    this.paymentLinks = new PaymentLinksResource(this.#api);
    this.subscriptions = new SubscriptionsResource(this.#api);
  }

  /** GET /health: `{ status: "ok", timestamp }` when the API and its database answer. */
  health(options?: RequestOptions): Promise<Health> {
    return this.#api.request<Health>("none", { method: "GET", path: "/health" }, options);
  }

  /**
   * The check before fulfilling an order, done with the API key: fetches the payment
   * (GET /merchants/me/payments/:id) and checks that its status is PAID, its amount equals the stored
   * expected amount (or its currency and fiatAmount do, for a fiat payment), and that its token,
   * orderId (and chainId when given) match. Resolves with the payment, or rejects with
   * KassaVerificationError listing every mismatch. Guarding against fulfilling one paymentId twice
   * stays with the merchant.
   */
  verifyPayment(
    paymentId: string,
    expected: ExpectedPayment,
    options?: RequestOptions,
  ): Promise<VerifiedPayment> {
    return verifyPayment(this.merchantPayments, paymentId, expected, options);
  }
}

function isBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== "undefined";
}
