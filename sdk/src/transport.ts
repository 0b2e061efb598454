import { errorFromResponse, KassaConnectionError, KassaRateLimitError, KassaServerError } from "./errors.js";

/** How often and how patiently failed calls are retried. */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables retrying. Default 2. */
  maxRetries: number;
  /** Delay before the first retry; doubles on each retry. Default 500 ms. */
  initialDelayMs: number;
  /** Upper bound of one delay (and of a server's Retry-After the client will wait). Default 8 s. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8_000 };

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  /** Aborts the call (and its retries); the call then rejects with KassaConnectionError code ABORTED. */
  signal?: AbortSignal;
  /** Timeout of each attempt, overriding the client's. */
  timeoutMs?: number;
  /** Retries of this call, overriding the client's (only calls that are safe to repeat are retried). */
  maxRetries?: number;
}

export interface HttpRequest {
  method: "GET" | "POST" | "PATCH";
  /** Path below the base URL, e.g. `/payments/0xabc`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  headers: Record<string, string>;
}

export interface TransportOptions {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
}

/** One HTTP exchange: resolves with the success body, rejects with a KassaError. */
export async function sendOnce(
  transport: TransportOptions,
  request: HttpRequest,
  options: RequestOptions = {},
): Promise<unknown> {
  const url = new URL(transport.baseUrl + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers["content-type"] = "application/json";
  }
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let text: string;
  try {
    response = await transport.fetch(url, {
      method: request.method,
      headers,
      signal,
      ...(body === undefined ? {} : { body }),
    });
    text = await response.text();
  } catch (error) {
    throw connectionError(error, request, options.signal, timeoutMs);
  }
  let parsed: unknown = undefined;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (response.ok) {
    if (parsed === undefined && text !== "") {
      throw new KassaServerError({
        code: "INVALID_RESPONSE",
        message: `Kassa answered ${request.method} ${request.path} with a body that is not JSON`,
        status: response.status,
      });
    }
    return isSuccessEnvelope(parsed) ? parsed.data : parsed;
  }
  throw errorFromResponse(response.status, parsed, response.headers);
}

function isSuccessEnvelope(body: unknown): body is { success: true; data: unknown } {
  return typeof body === "object" && body !== null && (body as { success?: unknown }).success === true;
}

function connectionError(
  error: unknown,
  request: HttpRequest,
  userSignal: AbortSignal | undefined,
  timeoutMs: number,
): KassaConnectionError {
  const what = `${request.method} ${request.path}`;
  if (userSignal?.aborted) {
    return new KassaConnectionError({ code: "ABORTED", message: `${what} was aborted`, cause: error });
  }
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new KassaConnectionError({
      code: "TIMEOUT",
      message: `${what} got no answer within ${timeoutMs} ms`,
      cause: error,
    });
  }
  const reason =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return new KassaConnectionError({
    code: "CONNECTION_ERROR",
    message: `${what} could not reach Kassa: ${reason}`,
    cause: error,
  });
}

/** Whether a failed attempt may succeed when repeated: no response, a 5xx, or a 429. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof KassaConnectionError) return error.code !== "ABORTED";
  return error instanceof KassaServerError || error instanceof KassaRateLimitError;
}

/** Exponential backoff with jitter: half the delay fixed, half random (stripe-node's habit). */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  error: unknown,
  random = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  const jittered = exponential / 2 + (random() * exponential) / 2;
  const retryAfter =
    error instanceof KassaRateLimitError && error.retryAfterSeconds !== undefined
      ? error.retryAfterSeconds * 1000
      : 0;
  return Math.max(jittered, retryAfter);
}

/**
 * Runs `attempt(n)` (n from 0) until it succeeds, fails with an error that is not retryable, or
 * `maxRetries` retries are spent; waits retryDelayMs between attempts. A server asking to wait longer
 * than `maxDelayMs` (Retry-After) is not retried.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  options: RequestOptions,
  attempt: (n: number) => Promise<T>,
): Promise<T> {
  const maxRetries = options.maxRetries ?? policy.maxRetries;
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= maxRetries || !isRetryable(error)) throw error;
      const delay = retryDelayMs(policy, n, error);
      if (delay > policy.maxDelayMs) throw error;
      await sleep(delay, options.signal);
      if (options.signal?.aborted) {
        throw new KassaConnectionError({ code: "ABORTED", message: "the call was aborted", cause: error });
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
