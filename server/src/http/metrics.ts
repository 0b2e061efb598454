import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Registry, register } from "prom-client";
import { KassaError } from "../errors.js";
import type { Metrics } from "../core/operations/metrics.js";

function sameToken(presented: string | undefined, expected: string): boolean {
  const a = Buffer.from(presented ?? "");
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics (Prometheus text format) and the latency of every request, by route pattern and status. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeHttp(
      { method: request.method, route: request.routeOptions.url ?? "(unmatched)", status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !sameToken(request.headers.authorization, token)) {
      throw new KassaError("UNAUTHORIZED", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
    }
    // Modules that keep process-wide metrics (the transaction sender) use prom-client's default registry.
    const merged = Registry.merge([metrics.registry, register]);
    return reply.header("content-type", merged.contentType).send(await merged.metrics());
  });
}
