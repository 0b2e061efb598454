import { z } from "zod";

/** How the API's HTTP server times out clients and how many status streams it holds; parsed once by config.ts. */
export interface HttpSettings {
  /** The whole request (headers and body) must arrive within this; Node's `requestTimeout`. */
  requestTimeoutMs: number;
  /** The headers must arrive within this (at most requestTimeoutMs); Node's `headersTimeout`. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this; Node's `keepAliveTimeout`. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed; Node's socket timeout. */
  connectionTimeoutMs: number;
  /** Open status streams (GET /payments/:id/events) one API process holds at most. */
  maxStatusStreams: number;
}

/** A status stream sends a comment this often; an idle-connection timeout must leave room for it. */
export const STATUS_STREAM_HEARTBEAT_MS = 15_000;

const milliseconds = (min: number, fallback: number) =>
  z.coerce.number().int().min(min).max(3_600_000).default(fallback);

export const httpEnvShape = {
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(100, 30_000).describe(
    "A request's headers and body must arrive within this, else the connection is closed (a client that stalls its body holds nothing for longer). Behind a proxy that buffers bodies it is rarely reached.",
  ),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(100, 10_000).describe(
    "A request's headers must arrive within this; at most HTTP_REQUEST_TIMEOUT_MS.",
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(1_000, 72_000).describe(
    "An idle kept-alive connection is closed after this. Keep it above the idle timeout of the load balancer or proxy in front (60 s for most), so that it closes first.",
  ),
  HTTP_CONNECTION_TIMEOUT_MS: milliseconds(STATUS_STREAM_HEARTBEAT_MS + 5_000, 120_000).describe(
    "A connection on which nothing moves for this long is closed (a download its client stopped reading); above the 15 s heartbeat of the status streams.",
  ),
  STATUS_STREAMS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(5_000)
    .describe(
      "Open status streams (GET /payments/:id/events) one API process holds at most; above it new ones are refused with RATE_LIMITED and the widget polls instead. Each client network (an IPv4 address, an IPv6 /64) holds at most 20.",
    ),
};

type HttpEnv = { [K in keyof typeof httpEnvShape]: z.output<(typeof httpEnvShape)[K]> };

export function toHttpSettings(values: HttpEnv, problems: string[]): HttpSettings {
  if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses it at start (and would otherwise check the smaller of the two as both).
    problems.push("HTTP_HEADERS_TIMEOUT_MS: must not be above HTTP_REQUEST_TIMEOUT_MS");
  }
  return {
    requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeoutMs: values.HTTP_CONNECTION_TIMEOUT_MS,
    maxStatusStreams: values.STATUS_STREAMS_MAX,
  };
}

/**
 * Node checks the request and headers timeouts of open connections on an interval (30 s by default), so a
 * stalled request lives up to that much longer than its limit: check a quarter of the headers timeout,
 * at most every 5 s.
 */
export function connectionsCheckingIntervalMs(settings: HttpSettings): number {
  return Math.max(25, Math.min(5_000, Math.floor(settings.headersTimeoutMs / 4)));
}
