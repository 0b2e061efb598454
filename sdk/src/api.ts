import { KassaConfigurationError } from "./errors.js";
import {
  sendOnce,
  withRetries,
  type HttpRequest,
  type RequestOptions,
  type TransportOptions,
} from "./transport.js";
import type { MerchantOverview } from "./types.js";

/**
 * Which key a call presents: none, the API key, the public key, or (POST /payments) the API key when
 * the client has one, else the public key.
 */
export type Auth = "none" | "apiKey" | "publicKey" | "paymentCreator";

export interface ApiKeys {
  apiKey: string | undefined;
  publicKey: string | undefined;
  origin: string | undefined;
}

/** The transport and the keys, shared by the resources; not part of the public API. */
export class ApiClient {
  readonly #apiKey: string | undefined;
  readonly #publicKey: string | undefined;
  readonly #origin: string | undefined;
  #merchantPublicKey: Promise<string> | undefined;

  constructor(
    readonly transport: TransportOptions,
    keys: ApiKeys,
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

  /** A GET of `path` (with `query`), retried. */
  get<T>(auth: Auth, path: string, options?: RequestOptions, query?: HttpRequest["query"]): Promise<T> {
    return this.request(auth, { method: "GET", path, query }, options);
  }

  /** A POST or PATCH of `body` to `path`, sent once. */
  send<T>(
    auth: Auth,
    method: "POST" | "PATCH",
    path: string,
    options?: RequestOptions,
    body?: unknown,
  ): Promise<T> {
    return this.request(auth, { method, path, body }, options);
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
    return this.publicKeyHeaders(publicKey);
  }

  /**
   * x-public-key, with an explicit key for payment recovery by an API-key client. A browser sets
   * Origin itself (and ignores ours); a server must present the one the merchant allowed.
   */
  publicKeyHeaders(publicKey: string): Record<string, string> {
    return this.#origin === undefined
      ? { "x-public-key": publicKey }
      : { "x-public-key": publicKey, origin: this.#origin };
  }
}

export function configError(message: string): KassaConfigurationError {
  return new KassaConfigurationError({ code: "CONFIGURATION_ERROR", message });
}
