import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
}

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

type Reply = Answer | { hang: true } | ((request: RecordedRequest) => Answer);

/**
 * A local HTTP server that answers like CoinGecko's `/simple/price`: prices per coin id and
 * lowercase vs_currency, plus `last_updated_at`. Replies can be queued to script 429s, 5xx and hangs.
 */
export async function startFakeCoinGecko() {
  const prices = new Map<string, Record<string, number>>();
  const requests: RecordedRequest[] = [];
  const queued: Reply[] = [];
  let lastUpdatedAt = 1_700_000_000;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const request: RecordedRequest = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    const reply = queued.shift();
    if (reply && "hang" in reply) {
      hanging.add(res);
      return;
    }
    const answer: Answer = typeof reply === "function" ? reply(request) : (reply ?? simplePrice(request));
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
  });

  function simplePrice(request: RecordedRequest): Answer {
    if (request.path !== "/api/v3/simple/price") return { status: 404, body: { error: "Not Found" } };
    const ids = (request.query.get("ids") ?? "").split(",").filter(Boolean);
    const currencies = (request.query.get("vs_currencies") ?? "").split(",").filter(Boolean);
    const body: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const coin = prices.get(id);
      if (!coin) continue;
      const entry: Record<string, number> = {};
      for (const currency of currencies) if (coin[currency] !== undefined) entry[currency] = coin[currency];
      if (request.query.get("include_last_updated_at") === "true") entry["last_updated_at"] = lastUpdatedAt;
      body[id] = entry;
    }
    return { body };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    setPrice(id: string, currency: string, price: number) {
      prices.set(id, { ...prices.get(id), [currency]: price });
    },
    setLastUpdatedAt(seconds: number) {
      lastUpdatedAt = seconds;
    },
    queue(...replies: Reply[]) {
      queued.push(...replies);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCoinGecko = Awaited<ReturnType<typeof startFakeCoinGecko>>;
