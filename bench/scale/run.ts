/**
 * Scale benchmark (issue 15): what reads, scrapes, the watcher's lookup, webhook delivery and the expiry
 * sweep cost with a long history, at 10k payments and at 1M (same proportions: 60% PAID, 35% EXPIRED, the
 * rest spread over CREATED, REFUND_SUBMITTED, REFUNDED, INVALID and FAILED; 100 merchants), each in a fresh
 * database on PostgreSQL seeded with set-based SQL. Per size:
 *
 * - watcher_block_ms: median of the database work the chain watcher does per block (watcherBlockLookup).
 * - metrics_scrape_ms: median GET /metrics (default cluster-wide gauges) over HTTP.
 * - status_list_rps: GET /merchants/me/payments?status=REFUND_SUBMITTED&limit=N, autocannon, 32
 *   connections, 3 rounds of 4 s per size after 2 s of warm-up; N is a page every size fills (at 10k a
 *   merchant has 1 such payment), so each size answers the same number of payments.
 * - random_get_rps: GET /payments/:id of random existing payments (each with its merchant's key).
 * - webhook_fast_p99_ms_with_slow_backlog: 400 deliveries queued for a merchant answering in 2 s, then fresh
 *   events of other merchants at 100/s; p99 from the event's transaction to its arrival at the merchant,
 *   after 2 s of such events not measured (the worker's warm-up).
 *   Real worker (graphile-worker, lifecycle module) and delivery code.
 * - expiry_get_p99_ms: 100k CREATED payments added (90k past expiry), the real expiry sweep, and GET
 *   /payments/:id of the due ones from 8 loops while it runs (and, for reference, of due ones without it).
 * - export_rows_per_s: a full-range CSV export (GET /exports/payments) of a merchant of its own holding a
 *   fifth of the size on top of the history (2k payments at 10k, 200k at 1M; its refunded ones with a
 *   completed refund each), read to the end over HTTP: rows per second, 3 rounds taking turns.
 *
 * Both sizes are seeded first and served by a `kassa api` process each; the lookups, scrapes and req/s
 * measurements take turns between the sizes (the median of the rounds is reported), so that both see the
 * same load from whatever else runs on the machine. The sweep, the worker and the load run in this
 * process. The chain row has no gateway, so a read's chain sync makes no RPC call (the sync's batching
 * window still applies).
 *
 *   npm run bench:scale                 prints a table
 *   npm run bench:scale -- --json       also prints one JSON object as the last line
 *   npm run bench:scale -- --quick      100k instead of 1M, 20k swept instead of 100k, shorter loads
 *   --sizes 2000,5000 --swept 1000      other sizes (a smoke test of the benchmark itself)
 *
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); its databases are dropped after.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { freePort } from "@kassa/contracts/dev";
import autocannon from "autocannon";
import pg from "pg";
import { createChainClients } from "../../server/src/chain/clients.js";
import { createMerchant } from "../../server/src/core/admin/merchants.js";
import { EXPIRY_BATCH_SIZE, sweepExpiredPayments } from "../../server/src/core/payments/expiry.js";
import { recordPaymentEvent, recordPaymentEvents } from "../../server/src/core/webhooks/outbox.js";
import { findWatchedGateways } from "../../server/src/db/chains/chains.js";
import { createDb, type Db } from "../../server/src/db/infra/database.js";
import { findRecordedEventsInBlocks } from "../../server/src/db/payments/paymentBlocks.js";
import { migrate } from "../../server/src/db/migrate.js";
import { defaultConfig } from "../../server/src/config/index.js";
import { createServices } from "../../server/src/core/services.js";
import { settlementWorkerModule } from "../../server/src/jobs/modules.js";
import { migrateJobQueue } from "../../server/src/db/infra/jobQueue.js";
import { startWorker } from "../../server/src/jobs/worker.js";
import { createLogger } from "../../server/src/logger.js";

const json = process.argv.includes("--json");
const quick = process.argv.includes("--quick");
function listOption(name: string): number[] | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] ?? "").split(",").map(Number) : undefined;
}
const SIZES = listOption("--sizes") ?? (quick ? [10_000, 100_000] : [10_000, 1_000_000]);
const SWEPT = listOption("--swept")?.[0] ?? (quick ? 20_000 : 100_000);
const LOAD_SECONDS = quick ? 2 : 4;
/** Rounds of each req/s measurement, the sizes taking turns (the median is reported). */
const ROUNDS = 3;
const WARMUP_SECONDS = 2;
const FRESH_SECONDS = quick ? 5 : 10;
const FRESH_PER_SECOND = 100;
const SLOW_BACKLOG = 400;
const SLOW_ANSWER_MS = 2_000;
const MERCHANTS = 100;
const POOL_SIZE = 20;
const GATEWAY = "0x9fE46736679d2D9a65F0992F6F27c9f5a4Dbd3A1";
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const targets = {
  watcher_block_ms: "<= 10 (1M), <= 2x 10k",
  metrics_scrape_ms: "<= 30",
  status_list_rps: ">= 1/2 of 10k",
  random_get_rps: "",
  webhook_fast_p99_ms_with_slow_backlog: "<= 500",
  expiry_get_p99_ms: "<= 200",
  export_rows_per_s: ">= 1/2 of 10k",
};
type Figures = Record<keyof typeof targets, number>;

const progress = (message: string) => process.stderr.write(`• ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The database work the chain watcher does for each block it reads (server/src/chain/watcher.ts): the
 * chain's gateways to read logs from, and the events recorded in that block (payments' pay events, completed
 * refunds), which it checks against its read. The only call site of watcher_block_ms.
 */
async function watcherBlockLookup(db: Db, chainId: number, block: bigint): Promise<unknown> {
  return Promise.all([
    findWatchedGateways(db, chainId),
    findRecordedEventsInBlocks(db, chainId, block, block),
  ]);
}

interface Fixture {
  chainId: number;
  tokenId: number;
  merchants: { id: number; publicKey: string; apiKey: string }[];
  /** The merchant whose history the export reads (not one of `merchants`). */
  exporter: { id: number; publicKey: string; apiKey: string };
}

async function setUp(db: Db, client: pg.Client): Promise<Fixture> {
  await migrate(db);
  const chain = await client.query<{ id: number }>(
    `INSERT INTO chains (network_id, name, is_testnet) VALUES (31337, 'Anvil', true)
     ON CONFLICT (network_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const chainId = chain.rows[0]!.id;
  // The deployment the payments were signed for (the chain row itself has none: reads make no RPC call).
  await client.query("INSERT INTO chain_gateways (chain_id, gateway_address) VALUES ($1, $2)", [
    chainId,
    GATEWAY,
  ]);
  const token = await client.query<{ id: number }>(
    `INSERT INTO tokens (chain_id, address, symbol, decimals, permit_supported)
     VALUES ($1, '0x5FbDB2315678afecb367f032d93F642f64180aa3', 'TT', 18, true) RETURNING id`,
    [chainId],
  );
  const adminDeps = { db, chains: createChainClients() };
  const addMerchant = async (name: string) => {
    const created = await createMerchant(adminDeps, { name });
    const row = await client.query<{ id: number }>("SELECT id FROM merchants WHERE merchant_key = $1", [
      created.merchant.merchantKey,
    ]);
    return { id: row.rows[0]!.id, publicKey: created.publicKey, apiKey: created.apiKey };
  };
  const merchants: Fixture["merchants"] = [];
  for (let i = 0; i < MERCHANTS; i++) merchants.push(await addMerchant(`Scale shop ${i}`));
  const exporter = await addMerchant("Export shop");
  return { chainId, tokenId: token.rows[0]!.id, merchants, exporter };
}

/**
 * Inserts payments `from`..`to` (one INSERT ... SELECT): 100 consecutive rows per merchant of
 * `fixture.merchants`, statuses by
 * row number (60 PAID, 35 EXPIRED, then one each of the rest) unless `status` forces one. Forced CREATED
 * rows expire in the past, except every tenth; the others in an hour.
 */
async function seed(
  client: pg.Client,
  fixture: Fixture,
  salt: string,
  from: number,
  to: number,
  status?: "CREATED",
): Promise<void> {
  await client.query(
    `INSERT INTO payments (payment_id, merchant_id, order_id, chain_id, token_id, amount, recipient_address,
       gateway_address, status, deadline, expires_at, tx_hash, payer_address, confirmed_at, block_number,
       block_hash, log_index, success_url, fail_url, server_signature, created_at)
     SELECT '0x' || md5($1 || s || 'a') || md5($1 || s || 'b'),
       ($2::int[])[1 + (s / 100) % $8], $1 || '-' || s, $3, $4, 1000000,
       '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', $9,
       st.status, extract(epoch FROM now())::bigint + 3600,
       CASE WHEN $7::text IS NULL OR s % 10 = 0 THEN now() + interval '1 hour'
            ELSE now() - make_interval(secs => 1 + s % 3600) END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID')
            THEN '0x' || md5($1 || s || 'c') || md5($1 || s || 'd') END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID')
            THEN '0x' || md5($1 || s || 'e') || substr(md5($1 || s || 'f'), 1, 8) END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID')
            THEN now() - make_interval(secs => s) END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID') THEN s / 10 END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID')
            THEN '0x' || md5($1 || (s / 10) || 'g') || md5($1 || (s / 10) || 'h') END,
       CASE WHEN st.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID') THEN s % 10 END,
       'https://shop.example/ok', 'https://shop.example/fail', '0x' || repeat('ab', 65),
       now() - make_interval(secs => s)
     FROM generate_series($5::int, $6::int) AS s,
       LATERAL (SELECT coalesce($7::text, CASE WHEN s % 100 < 60 THEN 'PAID' WHEN s % 100 < 95 THEN 'EXPIRED'
         ELSE (ARRAY['CREATED', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID', 'FAILED'])[s % 100 - 94] END) AS status) AS st`,
    [
      salt,
      fixture.merchants.map((merchant) => merchant.id),
      fixture.chainId,
      fixture.tokenId,
      from,
      to,
      status ?? null,
      fixture.merchants.length,
      GATEWAY,
    ],
  );
}

/** `kassa api` on the benchmark's database, in a process of its own (the load generator has this one). */
async function startApi(databaseUrl: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL("../../server/bin/kassa.js", import.meta.url)), "api"],
    {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        HOST: "127.0.0.1",
        PORT: String(port),
        RATE_LIMIT_PER_MINUTE: "1000000000",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`kassa api exited (${child.exitCode})`);
    if ((await fetch(`${baseUrl}/api/v1/health`).catch(() => undefined))?.ok) break;
    if (waited > 120_000) throw new Error("kassa api did not answer within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function rps(warmup: boolean, options: autocannon.Options): Promise<{ rps: number; non2xx: number }> {
  if (warmup) await autocannon({ connections: 32, duration: WARMUP_SECONDS, ...options });
  const result = await autocannon({ connections: 32, duration: LOAD_SECONDS, ...options });
  return { rps: Math.round(result.requests.average), non2xx: result.non2xx + result.errors };
}

/** 400 deliveries for a merchant answering in 2 s, then fresh events of the others at 100/s. */
async function webhookFairness(db: Db, client: pg.Client, databaseUrl: string, fixture: Fixture) {
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      if (req.url === "/slow") {
        setTimeout(() => res.end("ok"), SLOW_ANSWER_MS);
        return;
      }
      const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { eventId: string };
      arrivals.set(payload.eventId, at);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const slow = fixture.merchants[0]!;
  await client.query("UPDATE merchants SET webhook_url = CASE WHEN id = $1 THEN $2 ELSE $3 END", [
    slow.id,
    `${base}/slow`,
    `${base}/fast`,
  ]);
  const paidOf = async (sql: string, limit: number) =>
    (await client.query<{ payment_id: string }>(sql, [slow.id, limit])).rows.map((row) => row.payment_id);
  const slowPayments = await paidOf(
    "SELECT payment_id FROM payments WHERE merchant_id = $1 AND status = 'PAID' LIMIT $2",
    SLOW_BACKLOG,
  );
  const fastPayments = await paidOf(
    "SELECT payment_id FROM payments WHERE merchant_id <> $1 AND status = 'PAID' LIMIT $2",
    (WARMUP_SECONDS + FRESH_SECONDS) * FRESH_PER_SECOND,
  );
  // The backlog: 400 events of the slow merchant, queued before the worker starts.
  for (let i = 0; i < slowPayments.length; i += 100) {
    const batch = slowPayments.slice(i, i + 100);
    await db.transaction().execute((trx) => recordPaymentEvents(trx, "payment.paid", batch, new Date()));
  }
  const logger = createLogger({ level: "silent" });
  const worker = await startWorker({
    databaseUrl,
    logger,
    modules: [
      settlementWorkerModule(createServices(defaultConfig({ webhookAllowPrivate: true }), db, { logger }), {
        databaseUrl,
        withoutWatcher: true,
      }),
    ],
  });
  const sentAt = new Map<string, number>();
  try {
    await sleep(1_000); // the backlog takes the slots first
    const started = performance.now();
    const creations: Promise<void>[] = [];
    for (let i = 0; i < fastPayments.length; i++) {
      const due = started + (i * 1000) / FRESH_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const paymentId = fastPayments[i]!;
      // The first WARMUP_SECONDS of events warm the worker (its connections, the code's first runs) up.
      const measured = i >= WARMUP_SECONDS * FRESH_PER_SECOND;
      creations.push(
        (async () => {
          const at = performance.now();
          const eventId = await db
            .transaction()
            .execute((trx) => recordPaymentEvent(trx, "payment.paid", paymentId, new Date()));
          if (measured) sentAt.set(eventId, at);
        })(),
      );
    }
    await Promise.all(creations);
    const deadline = Date.now() + 60_000;
    while ([...sentAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await sleep(50);
  } finally {
    await worker.stop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
  const latencies = [...sentAt].map(([id, at]) => (arrivals.get(id) ?? Number.POSITIVE_INFINITY) - at);
  // The dead rows the phase left in the job table (every job is a row inserted, then deleted), and how
  // often autovacuum cleared it meanwhile.
  await sleep(1_000); // the statistics collector's delay
  const jobTable = (
    await client.query<{ dead: number; vacuums: number }>(
      `SELECT n_dead_tup::int AS dead, autovacuum_count::int AS vacuums
       FROM pg_stat_all_tables WHERE schemaname = 'graphile_worker' AND relname = '_private_jobs'`,
    )
  ).rows[0];
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), jobTable };
}

/** GET /payments/:id of `payments` in turn from 8 loops while `going()`: latencies and statuses answered. */
async function readLoops(
  baseUrl: string,
  keys: Map<number, string>,
  payments: { payment_id: string; merchant_id: number }[],
  going: () => boolean,
) {
  const latencies: number[] = [];
  const answered = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (going() && next < payments.length) {
        const payment = payments[next++]!;
        const at = performance.now();
        const response = await fetch(`${baseUrl}/api/v1/payments/${payment.payment_id}`, {
          headers: { "x-public-key": keys.get(payment.merchant_id)! },
        });
        const body = (await response.json()) as { data?: { status: string } };
        latencies.push(performance.now() - at);
        const status = body.data?.status ?? `HTTP ${response.status}`;
        answered.set(status, (answered.get(status) ?? 0) + 1);
      }
    }),
  );
  return { latencies, answered: Object.fromEntries(answered) };
}

/**
 * 100k CREATED payments (90% past expiry). First 1,000 GETs of due ones alone (each read syncs and expires
 * its payment), for reference; then the real sweep, and GETs of other due ones while it runs.
 */
async function expiryUnderReads(db: Db, client: pg.Client, fixture: Fixture, baseUrl: string) {
  await seed(client, fixture, "expiry", 1, SWEPT, "CREATED");
  await client.query("ANALYZE payments");
  const keys = new Map(fixture.merchants.map((merchant) => [merchant.id, merchant.publicKey]));
  const due = (
    await client.query<{ payment_id: string; merchant_id: number }>(
      `SELECT payment_id, merchant_id FROM payments
       WHERE status = 'CREATED' AND expires_at <= now() ORDER BY random() LIMIT 21000`,
    )
  ).rows;
  const alone = await readLoops(baseUrl, keys, due.slice(0, 1_000), () => true);
  let sweeping = true;
  const sweepStarted = performance.now();
  const sweep = sweepExpiredPayments(db).finally(() => {
    sweeping = false;
  });
  const during = await readLoops(baseUrl, keys, due.slice(1_000), () => sweeping);
  const expired = await sweep;
  return {
    alone: { p50: percentile(alone.latencies, 50), p99: percentile(alone.latencies, 99) },
    p50: percentile(during.latencies, 50),
    p99: percentile(during.latencies, 99),
    gets: during.latencies.length,
    answered: during.answered,
    expired: expired ?? 0,
    sweepSeconds: (performance.now() - sweepStarted) / 1000,
  };
}

/** The exporter's whole history as CSV, read to its end: rows (lines but the header) per second. */
async function exportRate(stack: Stack): Promise<{ rows: number; seconds: number; rowsPerSecond: number }> {
  const started = performance.now();
  const response = await fetch(
    `${stack.api.baseUrl}/api/v1/exports/payments?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`,
    { headers: { "x-api-key": stack.fixture.exporter.apiKey } },
  );
  if (response.status !== 200) throw new Error(`GET /exports/payments: ${response.status}`);
  let lines = 0;
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const text = decoder.decode(read.value, { stream: true });
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, seconds, rowsPerSecond: Math.round((lines - 1) / seconds) };
}

interface Stack {
  size: number;
  databaseUrl: string;
  db: Db;
  client: pg.Client;
  fixture: Fixture;
  api: Awaited<ReturnType<typeof startApi>>;
  seedSeconds: number;
}

/** A fresh database seeded with `size` payments, and an API process on it. */
async function prepare(admin: pg.Client, size: number, cleanups: (() => Promise<void>)[]): Promise<Stack> {
  const dbName = `kassa_bench_scale_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const db = createDb(databaseUrl, { max: POOL_SIZE });
  cleanups.push(() => db.destroy());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  cleanups.push(() => client.end());
  const fixture = await setUp(db, client);
  await migrateJobQueue(databaseUrl);
  const seedStarted = performance.now();
  for (let from = 1; from <= size; from += 100_000) {
    await seed(client, fixture, "hist", from, Math.min(size, from + 99_999));
    progress(`${size}: seeded ${Math.min(size, from + 99_999)} payments`);
  }
  // The exporter's history, and a completed refund for each of its REFUNDED payments.
  const exporterFixture = { ...fixture, merchants: [fixture.exporter] };
  for (let from = 1; from <= size / 5; from += 100_000) {
    await seed(client, exporterFixture, "export", from, Math.min(size / 5, from + 99_999));
  }
  await client.query(
    `INSERT INTO refunds (id, payment_id, merchant_id, amount, status, deadline, server_signature, tx_hash,
       refunded_at, chain_refund_id)
     SELECT 'rf_' || md5(p.payment_id), p.id, p.merchant_id, p.amount, 'REFUNDED', p.deadline,
       '0x' || repeat('ab', 65), p.tx_hash, p.confirmed_at + interval '1 hour', p.payment_id
     FROM payments p WHERE p.merchant_id = $1 AND p.status = 'REFUNDED'`,
    [fixture.exporter.id],
  );
  progress(`${size}: seeded the exporter's ${size / 5} payments`);
  await client.query("VACUUM ANALYZE payments");
  await client.query("VACUUM ANALYZE refunds");
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const api = await startApi(databaseUrl);
  cleanups.push(api.stop);
  return { size, databaseUrl, db, client, fixture, api, seedSeconds };
}

/** `measure` for each stack in turn, `rounds` times: sizes compared under the same machine load. */
async function interleaved<T>(
  stacks: Stack[],
  rounds: number,
  measure: (stack: Stack, round: number) => Promise<T>,
): Promise<T[][]> {
  const results: T[][] = stacks.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, stack] of stacks.entries()) results[index]!.push(await measure(stack, round));
  }
  return results;
}

const median = (values: number[]) => percentile(values, 50);

async function measure(stacks: Stack[]): Promise<{ figures: Figures; notes: string[] }[]> {
  // Flush what seeding wrote, so that no checkpoint runs under the measurements.
  await stacks[0]!.client.query("CHECKPOINT");

  progress("watcher lookup");
  const lookups = await interleaved(stacks, 11, async (stack) => {
    const at = performance.now();
    // A block of the history (10 payments a block, 6 of them PAID).
    await watcherBlockLookup(
      stack.db,
      stack.fixture.chainId,
      BigInt(Math.floor((Math.random() * stack.size) / 10)),
    );
    return performance.now() - at;
  });

  progress("/metrics");
  const scrapes = await interleaved(stacks, 21, async (stack) => {
    const at = performance.now();
    const response = await fetch(`${stack.api.baseUrl}/metrics`);
    await response.text();
    if (response.status !== 200) throw new Error(`GET /metrics: ${response.status}`);
    return performance.now() - at;
  });

  progress("status-filtered list");
  // A page every size fills (the smallest history has 1 such payment a merchant): the same work per
  // request at every size, so that the ratio is the history's cost and not a longer answer's.
  const listed = stacks[0]!.fixture.merchants[1]!;
  const { rows: counted } = await stacks[0]!.client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payments WHERE merchant_id = $1 AND status = 'REFUND_SUBMITTED'",
    [listed.id],
  );
  const pageSize = Math.max(1, Math.min(20, counted[0]!.n));
  const lists = await interleaved(stacks, ROUNDS, (stack, round) =>
    rps(round === 0, {
      url: `${stack.api.baseUrl}/api/v1/merchants/me/payments?status=REFUND_SUBMITTED&limit=${pageSize}`,
      headers: { "x-api-key": stack.fixture.merchants[1]!.apiKey },
    }),
  );

  progress("random GET /payments/:id");
  const samples = await Promise.all(
    stacks.map(
      async (stack) =>
        (
          await stack.client.query<{ payment_id: string; merchant_id: number }>(
            "SELECT payment_id, merchant_id FROM payments TABLESAMPLE BERNOULLI (5) LIMIT 20000",
          )
        ).rows,
    ),
  );
  const randomGets = await interleaved(stacks, ROUNDS, (stack, round) => {
    const sample = samples[stacks.indexOf(stack)]!;
    const keys = new Map(
      [...stack.fixture.merchants, stack.fixture.exporter].map((m) => [m.id, m.publicKey]),
    );
    return rps(round === 0, {
      url: stack.api.baseUrl,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => {
            const payment = sample[Math.floor(Math.random() * sample.length)]!;
            return {
              ...request,
              path: `/api/v1/payments/${payment.payment_id}`,
              headers: { "x-public-key": keys.get(payment.merchant_id)! },
            };
          },
        },
      ],
    });
  });

  progress("full-range export");
  const exports = await interleaved(stacks, ROUNDS, (stack) => exportRate(stack));

  const results: { figures: Figures; notes: string[] }[] = [];
  for (const [index, stack] of stacks.entries()) {
    const { size } = stack;
    progress(`${size}: webhook delivery with a slow merchant's backlog`);
    const webhooks = await webhookFairness(stack.db, stack.client, stack.databaseUrl, stack.fixture);
    progress(`${size}: expiry sweep of ${SWEPT} under reads`);
    const expiry = await expiryUnderReads(stack.db, stack.client, stack.fixture, stack.api.baseUrl);
    const list = lists[index]!;
    const randomGet = randomGets[index]!;
    const non2xx = [...list, ...randomGet].reduce((sum, m) => sum + m.non2xx, 0);
    results.push({
      figures: {
        watcher_block_ms: round(median(lookups[index]!)),
        metrics_scrape_ms: round(median(scrapes[index]!)),
        status_list_rps: median(list.map((m) => m.rps)),
        random_get_rps: median(randomGet.map((m) => m.rps)),
        webhook_fast_p99_ms_with_slow_backlog: round(webhooks.p99),
        expiry_get_p99_ms: round(expiry.p99),
        export_rows_per_s: median(exports[index]!.map((m) => m.rowsPerSecond)),
      },
      notes: [
        `${size}: seeded in ${round(stack.seedSeconds)} s; list (pages of ${pageSize}) and random GET req/s per round ` +
          `${list.map((m) => m.rps).join(", ")} and ${randomGet.map((m) => m.rps).join(", ")} (non-2xx: ${non2xx})`,
        `${size}: export of ${exports[index]![0]!.rows} rows in ${exports[index]!.map((m) => round(m.seconds)).join(", ")} s; ` +
          `fast webhooks p50 ${round(webhooks.p50)} ms; job table after it: ${JSON.stringify(webhooks.jobTable)}; sweep expired ${expiry.expired} in ${round(expiry.sweepSeconds)} s ` +
          `(${round((expiry.sweepSeconds * 1000) / Math.max(1, Math.ceil(expiry.expired / EXPIRY_BATCH_SIZE)))} ms per batch); ` +
          `GETs of due payments without a sweep p50 ${round(expiry.alone.p50)} / p99 ${round(expiry.alone.p99)} ms, ` +
          `${expiry.gets} during it p50 ${round(expiry.p50)} ms, answered ${JSON.stringify(expiry.answered)}`,
      ],
    });
  }
  return results;
}

const label = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1_000}k`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const cleanups: (() => Promise<void>)[] = [];
const stacks: Stack[] = [];
let results: { figures: Figures; notes: string[] }[];
try {
  for (const size of SIZES) stacks.push(await prepare(admin, size, cleanups));
  results = await measure(stacks);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await admin.end();
}
const [small, large] = results.map((result, index) => ({ size: SIZES[index]!, ...result })) as [
  { size: number; figures: Figures; notes: string[] },
  { size: number; figures: Figures; notes: string[] },
];

console.log(
  `\n${"figure".padEnd(40)} ${label(small.size).padStart(9)} ${label(large.size).padStart(9)} ${"ratio".padStart(6)}  target`,
);
for (const name of Object.keys(targets) as (keyof Figures)[]) {
  const a = small.figures[name];
  const b = large.figures[name];
  console.log(
    `${name.padEnd(40)} ${String(a).padStart(9)} ${String(b).padStart(9)} ${String(round(b / a)).padStart(6)}  ${targets[name]}`,
  );
}
for (const note of [...small.notes, ...large.notes]) console.log(`  ${note}`);
if (json) {
  const smallFigures = Object.entries(small.figures).map(([name, value]) => [
    `${name}_${label(small.size)}`,
    value,
  ]);
  console.log(JSON.stringify({ rows: large.size, ...large.figures, ...Object.fromEntries(smallFigures) }));
}
