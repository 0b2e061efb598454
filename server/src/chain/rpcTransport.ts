import type { Logger } from "pino";
import {
  createTransport,
  http,
  HttpRequestError,
  numberToHex,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError,
  webSocket,
  WebSocketRequestError,
  type EIP1193RequestFn,
  type Transport,
} from "viem";
import { BaseError, walkCauses } from "../domain/baseError.js";

export interface RpcTransportOptions {
  /** Tried in this order: a URL that fails rests (growing backoff) while the next one serves. */
  urls: readonly string[];
  /** The chain, for errors and logs; the URLs themselves never appear in either. */
  networkId: number;
  /** Longest wait for one answer from one URL; default 10,000 ms. */
  timeoutMs?: number;
  /** Attempts per request across the URLs; default the number of URLs plus 3. */
  maxAttempts?: number;
  /** The chain's eth_getLogs range limit, shared by every reader of the chain in this process. */
  logRange?: LogRangeLimit;
  logger?: Logger;
}

/** Resting time of a failing URL: 250 ms doubling per consecutive failure, at most 30 s (or its Retry-After). */
const REST_BASE_MS = 250;
const REST_MAX_MS = 30_000;

/**
 * The largest eth_getLogs block range a chain's provider serves, learnt from its refusals. Unknown until
 * the first refusal (then the caller's ranges go as asked), unless a limit learnt before is given; after a
 * refusal of `n` blocks the limit is the largest range served so far when smaller, else `n / 2`. Every
 * `growAfter` reads served at the limit, it grows by a tenth, so a provider that lifts its limit is used
 * fully again, at the cost of one refusal per that many reads when it did not. Each change is told to
 * `onChanged` (lowered: after a refusal), which keeps it for the next process.
 */
export class LogRangeLimit {
  static readonly growAfter = 20;
  #max: bigint | undefined;
  #largestServed = 0n;
  #servedAtMax = 0;
  readonly #onChanged: (maxBlocks: bigint, lowered: boolean) => void;

  constructor(onChanged: (maxBlocks: bigint, lowered: boolean) => void = () => {}, learnt?: bigint) {
    this.#onChanged = onChanged;
    this.#max = learnt;
  }

  /** Most blocks per eth_getLogs call, or undefined while the provider refused none. */
  get maxBlocks(): bigint | undefined {
    return this.#max;
  }

  refused(blocks: bigint): void {
    // A refusal at or below a range served before means the provider tightened its limit.
    if (this.#largestServed >= blocks) this.#largestServed = 0n;
    const half = blocks / 2n > 0n ? blocks / 2n : 1n;
    const next = this.#largestServed > half ? this.#largestServed : half;
    this.#servedAtMax = 0;
    if (this.#max === undefined || next < this.#max) {
      this.#max = next;
      this.#onChanged(next, true);
    }
  }

  served(blocks: bigint): void {
    if (blocks > this.#largestServed) this.#largestServed = blocks;
    if (this.#max === undefined || blocks < this.#max) return;
    this.#servedAtMax += 1;
    if (this.#servedAtMax >= LogRangeLimit.growAfter) {
      this.#servedAtMax = 0;
      this.#max += this.#max / 10n + 1n;
      this.#onChanged(this.#max, false);
    }
  }
}

const rangeMessage =
  /block range|range (is )?too (large|wide|big)|exceeds? (the )?max(imum)?( block)? range|range limit|limited to|max(imum)? (block )?range|more than \d+ (results|logs)|too many (results|logs|blocks)|response size|query timeout|returned more than/i;
const rateMessage = /rate limit|too many requests|request count|requests? per second|capacity|throttl/i;

function messageOf(error: unknown): string {
  if (error instanceof RpcRequestError || error instanceof HttpRequestError) {
    return `${error.details} ${error.shortMessage}`;
  }
  return error instanceof Error ? error.message : String(error);
}

type Failure = "range" | "unavailable" | "answer";

/**
 * What an error from one URL means: `range`, the provider refuses this eth_getLogs range (split it);
 * `unavailable`, no usable answer (network, timeout, 429, 5xx, a provider's rate or internal error):
 * rest the URL and ask another; `answer`, the node's own verdict (a revert, a nonce too low...), which
 * another URL would repeat.
 */
function classifyRpcFailure(method: string, error: unknown): Failure {
  const text = messageOf(error);
  if (method === "eth_getLogs") {
    if (error instanceof ResponseBodyTooLargeError) return "range";
    if (error instanceof HttpRequestError && error.status === 413) return "range";
    if (error instanceof RpcRequestError) {
      if (rangeMessage.test(text)) return "range";
      if (error.code === -32005 && !rateMessage.test(text)) return "range";
    }
  }
  if (error instanceof RpcRequestError) {
    if (/revert/i.test(text)) return "answer";
    if ([429, -32005, -32007].includes(error.code) || rateMessage.test(text)) return "unavailable";
    // Providers answer an overloaded or lagging backend with -32603 or "header not found".
    if (error.code === -32603 || /header not found|unknown block|timeout/i.test(text)) return "unavailable";
    return "answer";
  }
  // Anything else (HTTP status, timeout, closed socket, network error) is no answer at all.
  return "unavailable";
}

/** The errors a node's transport throws: the ones classifyRpcFailure reads. */
function isTransportError(error: unknown): boolean {
  return (
    error instanceof RpcRequestError ||
    error instanceof HttpRequestError ||
    error instanceof TimeoutError ||
    error instanceof WebSocketRequestError
  );
}

/**
 * Whether a chain call failed because the node gave no answer (network, timeout, 429, 5xx, a provider's rate or
 * internal error), as this transport tells it after its retries, whatever wraps the transport's error; a node's
 * own verdict (a revert, insufficient funds, a nonce too low) is an answer.
 */
export function isNodeUnavailable(error: unknown): boolean {
  const transportError = walkCauses(error, isTransportError);
  return transportError !== undefined && classifyRpcFailure("", transportError) === "unavailable";
}

/** Thrown up to the eth_getLogs splitter: this URL refused the range. */
class RangeRefused extends BaseError {
  constructor(readonly scrubbed: unknown) {
    super("eth_getLogs range refused");
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof HttpRequestError)) return undefined;
  const header = error.headers?.get("Retry-After");
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim()) * 1000;
}

/**
 * A viem transport over one or more RPC URLs of a chain: every call has a timeout; a URL that fails
 * (timeout, network error, 429, 5xx) rests with a growing backoff while the next URL serves, and is tried
 * again when its rest ends; a request fails only after `maxAttempts`. eth_getLogs over a block range is
 * read in pieces no larger than the chain's learnt {@link LogRangeLimit}, and a piece the provider refuses
 * ("block range too large", "more than 10000 results", -32005, HTTP 413) is split in two. Errors name the
 * URL by its position ("RPC URL 2 of chain 137"), never by its text, which may hold an API key.
 */
export function rpcTransport(options: RpcTransportOptions): Transport {
  const timeout = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? options.urls.length + 3;
  const logRange = options.logRange ?? new LogRangeLimit();
  const log = options.logger?.child({ service: "rpc", chainId: options.networkId });
  const health = options.urls.map(() => ({ failures: 0, restUntil: 0 }));
  const label = (index: number) => `RPC URL ${index + 1} of chain ${options.networkId}`;
  // The URL as given and as viem prints it (without credentials), then its parts: an API key may sit in
  // the path or the query. Longest first, so a whole URL is replaced before its parts.
  const secrets = options.urls
    .flatMap((url) => {
      if (!URL.canParse(url)) return [url];
      const parsed = new URL(url);
      const parts = [url, parsed.host, parsed.pathname, parsed.search].filter((part) => part.length > 1);
      parsed.username = "";
      parsed.password = "";
      return [...parts, parsed.toString()];
    })
    .sort((a, b) => b.length - a.length);
  const scrubText = (text: string) =>
    secrets.reduce((result, secret) => result.split(secret).join("[RPC URL]"), text);

  /** The same error without the URL (viem puts it in the message): the cause chain is dropped with it. */
  function scrubbed(error: unknown, index: number, body: { method: string; params: unknown }): unknown {
    const url = label(index);
    if (error instanceof RpcRequestError) {
      return new RpcRequestError({
        body,
        error: { code: error.code, message: scrubText(error.details), data: error.data },
        url,
      });
    }
    if (error instanceof HttpRequestError) {
      return new HttpRequestError({
        url,
        details: scrubText(error.details),
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.headers ? { headers: error.headers } : {}),
      });
    }
    if (error instanceof TimeoutError) return new TimeoutError({ body, url });
    if (error instanceof WebSocketRequestError) {
      return new WebSocketRequestError({ url, details: scrubText(error.details) });
    }
    const message = messageOf(error);
    return scrubText(message) === message ? error : new Error(scrubText(message));
  }

  return ({ chain }) => {
    const requests = options.urls.map((url) => {
      const transport = /^wss?:/.test(url)
        ? webSocket(url, { timeout, retryCount: 0 })
        : http(url, { timeout, retryCount: 0 });
      // The raw request: errors stay as the node gave them (the outer transport maps them once).
      return transport({ chain, retryCount: 0, timeout }).config.request;
    });

    function pick(): number {
      const now = Date.now();
      const ready = health.findIndex((url) => url.restUntil <= now);
      if (ready >= 0) return ready;
      return health.reduce((best, url, index) => (url.restUntil < health[best]!.restUntil ? index : best), 0);
    }

    function rest(index: number, error: unknown): void {
      const url = health[index]!;
      url.failures += 1;
      const backoff = Math.min(REST_MAX_MS, REST_BASE_MS * 2 ** (url.failures - 1));
      const jittered = backoff * (0.8 + Math.random() * 0.4);
      url.restUntil = Date.now() + Math.min(REST_MAX_MS, retryAfterMs(error) ?? jittered);
      if (url.failures === 1) {
        log?.warn(
          { url: index + 1, urls: options.urls.length, reason: scrubText(messageOf(error)).slice(0, 200) },
          "RPC URL failing: resting it while the others serve",
        );
      }
    }

    async function send(method: string, params: unknown): Promise<unknown> {
      const body = { method, params };
      let last: { error: unknown; index: number } | undefined;
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const index = pick();
        const wait = health[index]!.restUntil - Date.now();
        if (wait > 0) await sleep(wait);
        try {
          const result: unknown = await requests[index]!(body);
          if (health[index]!.failures > 0) log?.info({ url: index + 1 }, "RPC URL answering again");
          health[index]!.failures = 0;
          health[index]!.restUntil = 0;
          return result;
        } catch (error) {
          const failure = classifyRpcFailure(method, error);
          if (failure === "range") throw new RangeRefused(scrubbed(error, index, body));
          if (failure === "answer") throw scrubbed(error, index, body);
          rest(index, error);
          last = { error, index };
        }
      }
      throw scrubbed(last?.error, last?.index ?? 0, body);
    }

    async function getLogsInPieces(filter: Record<string, unknown>, from: bigint, to: bigint) {
      const logs: unknown[] = [];
      for (let start = from; start <= to;) {
        const max = logRange.maxBlocks;
        const end = max === undefined || to - start + 1n <= max ? to : start + max - 1n;
        const blocks = end - start + 1n;
        try {
          const piece = await send("eth_getLogs", [
            { ...filter, fromBlock: numberToHex(start), toBlock: numberToHex(end) },
          ]);
          logs.push(...(piece as unknown[]));
          logRange.served(blocks);
          start = end + 1n;
        } catch (error) {
          if (!(error instanceof RangeRefused)) throw error;
          if (blocks <= 1n) throw error.scrubbed;
          logRange.refused(blocks);
        }
      }
      return logs;
    }

    return createTransport({
      key: "kassa-rpc",
      name: "Kassa RPC",
      type: "kassa-rpc",
      // Retries, backoff and failover happen here, per URL; viem must not repeat them on top.
      retryCount: 0,
      timeout,
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        const filter = (params as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined;
        const hex = /^0x[0-9a-fA-F]+$/;
        if (
          method === "eth_getLogs" &&
          typeof filter?.fromBlock === "string" &&
          typeof filter.toBlock === "string" &&
          hex.test(filter.fromBlock) &&
          hex.test(filter.toBlock)
        ) {
          return getLogsInPieces(filter, BigInt(filter.fromBlock), BigInt(filter.toBlock));
        }
        try {
          return await send(method, params);
        } catch (error) {
          throw error instanceof RangeRefused ? error.scrubbed : error;
        }
      }) as EIP1193RequestFn,
    });
  };
}
