import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON-RPC proxy in front of `target` that counts what it forwards, each call of a batch apart, by method. */
export async function startCountingProxy(target: string) {
  const upstream = new URL(target);
  const counts = new Map<string, number>();
  const count = (method: string) => counts.set(method, (counts.get(method) ?? 0) + 1);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString("utf8")) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) count(call.method ?? "(none)");
      } catch {
        count("(unparsed)");
      }
      const forward = httpRequest(
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
      forward.on("error", () => {
        res.writeHead(502);
        res.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The calls so far, by method. */
    snapshot: () => new Map(counts),
    /** The calls so far, all methods. */
    calls: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
