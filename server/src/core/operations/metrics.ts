import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { ChainClients } from "../../chain/clients.js";
import type { Db } from "../../db/infra/database.js";
import { listFaucetSpendOfDay, type FaucetDaySpend } from "../../db/gasless/grants.js";
import {
  findOldestPendingDeliveryAgeSeconds,
  listStatusCounts,
  listWatcherCursors,
  type CountedTable,
} from "../../db/operations/metrics.js";
import { countSequenceCollisions } from "../../db/payments/paymentSequences.js";
import { faucetDailyBudgetWei, type GaslessSettings } from "../../config/gasless.js";
import { readHeadBlockNumber } from "../../chain/finality.js";
import { countUnsweptDeposits } from "../../db/deposits/sweeps.js";
import { sumRevertedGasByMerchant, sumRevertedGasByPurpose } from "../../db/gasless/relayerGas.js";

/**
 * Prometheus metrics. Per-process figures (HTTP latency) are recorded as they happen; cluster-wide
 * figures (payments by status, webhook deliveries, ...) are read from PostgreSQL when scraped, so every
 * API process reports the same truth whichever process did the work. Each such read is a few rows of a
 * counter table or an index, never a scan of a table that grows with the history.
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

/** Rows per status of a table, from counters: a scrape sums a few dozen rows, whatever the table's size. */
async function countByStatus(
  db: Db,
  table: CountedTable,
): Promise<{ labels: { status: string }; value: number }[]> {
  return (await listStatusCounts(db, table)).map((row) => ({
    labels: { status: row.status },
    value: row.count,
  }));
}

export const paymentsByStatus: ScrapeGauge = {
  name: "kassa_payments",
  help: "Payments by status",
  labelNames: ["status"],
  read: (db) => countByStatus(db, "payments"),
};

export const webhookDeliveriesByStatus: ScrapeGauge = {
  name: "kassa_webhook_deliveries",
  help: "Webhook deliveries by status (PENDING, SUCCEEDED, FAILED)",
  labelNames: ["status"],
  read: (db) => countByStatus(db, "webhook_deliveries"),
};

export const webhookDeliveryLag: ScrapeGauge = {
  name: "kassa_webhook_delivery_lag_seconds",
  help: "Age of the oldest webhook delivery not yet delivered (0 when none waits)",
  read: async (db) => [{ value: await findOldestPendingDeliveryAgeSeconds(db) }],
};

/**
 * Sequences used on a gateway by an id the database does not know while an open payment or refund held them:
 * that payment or refund can never settle. Any sample is an incident (a database restored from a backup older
 * than its newest payments, or another deployment signing with the same key); `sequence_collisions` has each.
 */
export const sequenceCollisions: ScrapeGauge = {
  name: "kassa_sequence_collisions",
  help: "Payment or refund sequences found used on the gateway by an id this database does not know, per chain and kind (any is an incident)",
  labelNames: ["network_id", "kind"],
  read: async (db) =>
    (await countSequenceCollisions(db)).map((row) => ({
      labels: { network_id: row.network_id, kind: row.kind },
      value: Number(row.count),
    })),
};

/** Settled payments by transfer whose deposit no sweep holds yet: a count that stays up means sweeps fail. */
export const unsweptDeposits: ScrapeGauge = {
  name: "kassa_deposits_unswept",
  help: "Payments paid by transfer whose deposit address no sweep holds yet, per chain (swept within minutes)",
  labelNames: ["network_id"],
  read: async (db) =>
    (await countUnsweptDeposits(db)).map((row) => ({
      labels: { network_id: row.networkId },
      value: row.count,
    })),
};

/** Blocks between each chain's head and its watcher's cursor; a chain whose RPC does not answer is left out. */
export function watcherLag(chains: ChainClients): ScrapeGauge {
  return {
    name: "kassa_watcher_lag_blocks",
    help: "Blocks the chain watcher is behind the chain head, per chain",
    labelNames: ["chain"],
    async read(db) {
      const rows = await listWatcherCursors(db);
      const samples = await Promise.all(
        rows.map(async (row) => {
          try {
            const head = await readHeadBlockNumber(chains.publicClient(row));
            return {
              labels: { chain: String(row.network_id) },
              value: Number(head - BigInt(row.block_number)),
            };
          } catch {
            return undefined;
          }
        }),
      );
      return samples.filter((sample) => sample !== undefined);
    },
  };
}

/** Today's (UTC) faucet spend, as charged to the budgets. */
async function faucetSpendToday(db: Db) {
  return listFaucetSpendOfDay(db, new Date().toISOString().slice(0, 10));
}

/** Today's charges of each chain's own budget (the per-merchant rows left out). */
async function chainSpendToday(db: Db) {
  return (await faucetSpendToday(db)).filter((day) => day.merchantKey === undefined);
}

/** A gauge's read: `value` of each chain's own charges today, labelled by chain. */
function perChainToday(value: (day: FaucetDaySpend) => number): ScrapeGauge["read"] {
  return async (db) =>
    (await chainSpendToday(db)).map((day) => ({ labels: { network_id: day.networkId }, value: value(day) }));
}

/**
 * The faucet's daily budgets: what each chain and each merchant has been charged today (grant values
 * plus their transfer gas at the fee cap), and what each chain with a faucet key has left.
 */
export function faucetBudgetGauges(settings: GaslessSettings): ScrapeGauge[] {
  return [
    {
      name: "kassa_faucet_spent_wei",
      help: "Native token charged to a chain's faucet budget today (UTC), wei (may lose precision above 2^53)",
      labelNames: ["network_id"],
      read: perChainToday((day) => Number(day.spentWei)),
    },
    {
      name: "kassa_faucet_budget_remaining_wei",
      help: "What a chain's faucet may still spend today (UTC), wei",
      labelNames: ["network_id"],
      async read(db) {
        const spend = await chainSpendToday(db);
        return [...settings.faucetKeys.keys()].map((networkId) => {
          const spent = spend.find((day) => day.networkId === networkId)?.spentWei ?? 0n;
          const left = faucetDailyBudgetWei(settings, networkId) - spent;
          return { labels: { network_id: networkId }, value: Number(left > 0n ? left : 0n) };
        });
      },
    },
    {
      name: "kassa_faucet_grants",
      help: "Gas grants charged to a chain's faucet budget today (UTC)",
      labelNames: ["network_id"],
      read: perChainToday((day) => day.grants),
    },
    {
      name: "kassa_faucet_merchant_spent_wei",
      help: "Native token charged to a merchant's faucet budget on a chain today (UTC), wei",
      labelNames: ["network_id", "merchant"],
      async read(db) {
        const spend = await faucetSpendToday(db);
        return spend.flatMap((day) =>
          day.merchantKey === undefined
            ? []
            : [
                {
                  labels: { network_id: day.networkId, merchant: day.merchantKey },
                  value: Number(day.spentWei),
                },
              ],
        );
      },
    },
  ];
}

/**
 * The relayer's reverted gas over the budget window (RELAYER_GAS_BUDGET_WINDOW_SECONDS): per chain and purpose,
 * and per chain and merchant, the figure its budget (RELAYER_MERCHANT_GAS_BUDGET) is held against, gas limits in
 * flight aside. A few rows: only what reverted within the window.
 */
export function relayerGasGauges(settings: GaslessSettings): ScrapeGauge[] {
  const since = () => new Date(Date.now() - settings.gasBudgetWindowSeconds * 1000);
  return [
    {
      name: "kassa_relayer_reverted_gas",
      help: "Gas of the relayer's transactions mined and reverted within the budget window, per chain and purpose",
      labelNames: ["network_id", "purpose"],
      read: async (db) =>
        (await sumRevertedGasByPurpose(db, since())).map((row) => ({
          labels: { network_id: row.networkId, purpose: row.purpose },
          value: Number(row.gas),
        })),
    },
    {
      name: "kassa_relayer_merchant_reverted_gas",
      help: "Gas of a merchant's relays and subscription charges mined and reverted within the budget window, per chain (RELAYER_MERCHANT_GAS_BUDGET is held against it)",
      labelNames: ["network_id", "merchant"],
      read: async (db) =>
        (await sumRevertedGasByMerchant(db, since())).map((row) => ({
          labels: { network_id: row.networkId, merchant: row.merchantKey },
          value: Number(row.gas),
        })),
    },
  ];
}

export const defaultScrapeGauges = [
  paymentsByStatus,
  webhookDeliveriesByStatus,
  webhookDeliveryLag,
  sequenceCollisions,
  unsweptDeposits,
];

export function createMetrics(db: Db, gauges: readonly ScrapeGauge[] = defaultScrapeGauges): Metrics {
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
