import { sql } from "kysely";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "./db/database.js";

/**
 * Prometheus metrics. Per-process figures (HTTP latency) are recorded as they happen; cluster-wide
 * figures (payments by status, webhook deliveries, ...) are read from PostgreSQL when scraped, so every
 * API process reports the same truth whichever process did the work.
 */
export interface Metrics {
  registry: Registry;
  observeHttp(labels: { method: string; route: string; status: number }, seconds: number): void;
}

/** A gauge whose value is read when scraped; its query errors surface as a missing sample, not a 500. */
export interface ScrapeGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read(db: Db): Promise<{ labels?: Record<string, string | number>; value: number }[]>;
}

/** Rows per status of a table (only statuses that exist are reported). */
async function countByStatus(
  db: Db,
  table: "payments",
): Promise<{ labels: { status: string }; value: number }[]> {
  const { rows } = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM ${sql.table(table)} GROUP BY status`.execute(db);
  return rows.map((row) => ({ labels: { status: row.status }, value: row.n }));
}

export const paymentsByStatus: ScrapeGauge = {
  name: "kassa_payments",
  help: "Payments by status",
  labelNames: ["status"],
  read: (db) => countByStatus(db, "payments"),
};

export function createMetrics(db: Db, gauges: readonly ScrapeGauge[] = [paymentsByStatus]): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kassa_process_" });
  const http = new Histogram({
    name: "kassa_http_request_duration_seconds",
    help: "HTTP request latency by route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  for (const gauge of gauges) {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: gauge.labelNames ?? [],
      registers: [registry],
      async collect() {
        this.reset();
        let samples: Awaited<ReturnType<ScrapeGauge["read"]>>;
        try {
          samples = await gauge.read(db);
        } catch {
          return; // The database is unreachable: no sample, and GET /health says why.
        }
        for (const sample of samples) {
          if (sample.labels) this.set(sample.labels, sample.value);
          else this.set(sample.value);
        }
      },
    });
  }
  return {
    registry,
    observeHttp: (labels, seconds) => http.observe({ ...labels, status: String(labels.status) }, seconds),
  };
}
