import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** How the proxy misbehaves; change the fields while it runs. Every rule is counted, never random. */
export interface RpcFaults {
  /** Refuse eth_getLogs over more than this many blocks, as public providers do; undefined: no limit. */
  maxLogRange: number | undefined;
  /**
   * How a refused range is answered: JSON-RPC -32005 "query exceeds max block range" (Infura-like), -32602
   * "block range too large" (others), or HTTP 413.
   */
  rangeRefusal: "limit-exceeded" | "invalid-params" | "http-413";
  /** Answer HTTP 429 (with Retry-After: 0) to every n-th request; 0: never. */
  tooManyEvery: number;
  /**
   * The 429's body: a JSON-RPC error (viem then reads it as the node's RpcRequestError, without the Retry-After),
   * or plain text (an HttpRequestError that carries the Retry-After).
   */
  tooManyBody: "json-rpc" | "text";
  /** Answer HTTP 500 to every n-th request; 0: never. */
  serverErrorEvery: number;
  /** Hold every n-th request `delayMs` before forwarding it; 0: never. */
  delayEvery: number;
  delayMs: number;
}

export interface RpcProxyStats {
  requests: number;
  /** eth_getLogs calls refused for their range, and served. */
  refusedRanges: number;
  servedLogs: number;
  tooMany: number;
  serverErrors: number;
  delayed: number;
}

export interface FaultyRpcProxy {
  url: string;
  faults: RpcFaults;
  stats: RpcProxyStats;
  close(): Promise<void>;
}

const noFaults: RpcFaults = {
  maxLogRange: undefined,
  rangeRefusal: "limit-exceeded",
  tooManyEvery: 0,
  tooManyBody: "json-rpc",
  serverErrorEvery: 0,
  delayEvery: 0,
  delayMs: 0,
};

interface JsonRpcRequest {
  id: number | string;
  method: string;
  params?: unknown[];
}

/** Blocks an eth_getLogs filter covers, when both ends are block numbers. */
function logRange(request: JsonRpcRequest): bigint | undefined {
  if (request.method !== "eth_getLogs") return undefined;
  const filter = request.params?.[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const hex = /^0x[0-9a-fA-F]+$/;
  if (typeof filter?.fromBlock !== "string" || typeof filter.toBlock !== "string") return undefined;
  if (!hex.test(filter.fromBlock) || !hex.test(filter.toBlock)) return undefined;
  return BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
}

/**
 * A JSON-RPC proxy in front of `target` (anvil) that behaves like a public provider on a bad day: range
 * limits on eth_getLogs, 429s, 500s and slow answers, as `faults` says (single requests, not batches).
 */
export async function startFaultyRpcProxy(
  target: string,
  faults: Partial<RpcFaults> = {},
): Promise<FaultyRpcProxy> {
  const upstream = new URL(target);
  const state: FaultyRpcProxy = {
    url: "",
    faults: { ...noFaults, ...faults },
    stats: { requests: 0, refusedRanges: 0, servedLogs: 0, tooMany: 0, serverErrors: 0, delayed: 0 },
    close: async () => {},
  };
  const { stats } = state;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const parsed = JSON.parse(body.toString("utf8")) as JsonRpcRequest;
      const f = state.faults;
      const n = ++stats.requests;
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(payload));
      };
      if (f.tooManyEvery > 0 && n % f.tooManyEvery === 0) {
        stats.tooMany += 1;
        if (f.tooManyBody === "text") {
          res.writeHead(429, { "content-type": "text/plain", "retry-after": "0" });
          res.end("Too Many Requests");
          return;
        }
        json(
          429,
          { jsonrpc: "2.0", id: parsed.id, error: { code: 429, message: "Too Many Requests" } },
          {
            "retry-after": "0",
          },
        );
        return;
      }
      if (f.serverErrorEvery > 0 && n % f.serverErrorEvery === 0) {
        stats.serverErrors += 1;
        res.writeHead(500);
        res.end("internal server error");
        return;
      }
      const range = logRange(parsed);
      if (range !== undefined && f.maxLogRange !== undefined && range > BigInt(f.maxLogRange)) {
        stats.refusedRanges += 1;
        if (f.rangeRefusal === "http-413") {
          res.writeHead(413);
          res.end("request entity too large");
        } else {
          const error =
            f.rangeRefusal === "limit-exceeded"
              ? { code: -32005, message: `query exceeds max block range ${f.maxLogRange}` }
              : { code: -32602, message: "block range too large" };
          json(200, { jsonrpc: "2.0", id: parsed.id, error });
        }
        return;
      }
      if (range !== undefined) stats.servedLogs += 1;
      const forward = () => {
        const upstreamRequest = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: upstream.pathname,
            method: "POST",
            headers: { "content-type": "application/json" },
          },
          (answer: IncomingMessage) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstreamRequest.on("error", () => {
          res.writeHead(502);
          res.end();
        });
        upstreamRequest.end(body);
      };
      if (f.delayEvery > 0 && n % f.delayEvery === 0) {
        stats.delayed += 1;
        setTimeout(forward, f.delayMs);
      } else {
        forward();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A URL nothing listens on (a port taken and released): connections to it are refused. */
export async function deadRpcUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
