/**
 * Scale benchmark (issue 15): what reads, scrapes, the chain watcher, webhook delivery and the expiry sweep cost
 * with a long history, at 10k payments and at 1M (same proportions: 60% PAID, 35% EXPIRED, the rest spread over
 * CREATED, REFUND_SUBMITTED, REFUNDED, INVALID and FAILED; 100 merchants), each in a database of its own on
 * PostgreSQL. Only public entry points: the `kassa` command in child processes (`kassa migrate`, `kassa admin`
 * for the chain, its token and the 101 merchants, created once in a template database that each size copies
 * with CREATE DATABASE ... TEMPLATE), the HTTP API and GET /metrics, anvil and the contracts of
 * `@kassa/contracts`; the payment history is seeded, and ids are read, with set-based SQL on the benchmark's
 * own databases. Per size:
 *
 * - metrics_scrape_ms: median GET /metrics (default cluster-wide gauges) over HTTP.
 * - status_list_rps: GET /merchants/me/payments?status=REFUND_SUBMITTED&limit=N, autocannon, 32
 *   connections, 3 rounds of 4 s per size after 2 s of warm-up; N is a page every size fills (at 10k a
 *   merchant has 1 such payment), so each size answers the same number of payments.
 * - random_get_rps: GET /payments/:id of random existing payments (each with its merchant's key).
 * - export_rows_per_s: a full-range CSV export (GET /exports/payments) of a merchant of its own holding a
 *   fifth of the size on top of the history (2k payments at 10k, 200k at 1M; its refunded ones with a
 *   completed refund each), read to the end over HTTP: rows per second, 3 rounds taking turns.
 * - watcher_block_ms: the real chain watcher of a `kassa start` per size, both on the same anvil (genesis
 *   above the history's block numbers, then 10,100 blocks mined: the watcher starts 10,000 blocks below the
 *   head, so it never reads a block of the seeded events, whose logs and hashes are on no chain: it would take
 *   their absence for a reorg).
 *   Once both caught up, a block every 250 ms for a window (20 s, 10 s with --quick); the figure is the mean
 *   database time per block over those blocks, the difference of kassa_watcher_block_db_seconds's sum over
 *   the difference of its count (GET /metrics, this chain). The blocks are at the head and carry no seeded
 *   event, so this is the watcher's per-block work (its cursor, the chain's lead, the recorded events of the
 *   block, the range's end) beside a long history; it was the median of one lookup of a history block (with
 *   six PAID events) by calling the watcher's queries, which no public entry point runs.
 * - webhook_fast_p99_ms_with_slow_backlog: 400 webhook.test events of a merchant answering in 2 s, queued
 *   with POST /merchants/me/webhook-test (its API key), then fresh webhook.test events of the other merchants
 *   at 100/s through the same endpoint; p99 from just before each POST to the delivery's arrival at this
 *   process (the 202's eventId is the delivery's webhook-id header), after 2 s of such events not measured
 *   (the warm-up). The sender is the worker of a `kassa start` of that size (its API takes the POSTs); the
 *   endpoint wakes no sender, so each event also waits for the sender's poll (100 ms), as the old in-process
 *   recording of payment events did. The old events were payment.paid events of seeded payments, recorded by
 *   calling the outbox; a test event's transaction reads no payment, but each now costs an HTTP request.
 * - expiry_get_p99_ms: 100k CREATED payments added with SQL (90k past expiry); first 1,000 GETs of due ones
 *   alone (a tenth of them when fewer; each read syncs and expires its payment), for reference; then a `kassa worker` runs the expiry
 *   sweep of its own schedule (every minute, on the minute) while 8 loops GET other due ones through the
 *   size's `kassa api`. The sweep's start and end come from the worker's info log (graphile-worker's
 *   "Completed task" line gives its duration); only the GETs that started within it count. The merchants'
 *   webhook URLs are cleared first (with SQL, as the old version set them): the sweep's 90k payment.expired
 *   deliveries would arrive at this process, whose event loop times the reads, and delivery under load is
 *   the webhook figure's. The sweep is given as rows per second (it ran in this process before, and was
 *   given in ms per batch of the sweep's batch size).
 *
 * Both sizes are seeded first and served by a `kassa api` process each; the scrapes and req/s measurements
 * take turns between the sizes (the median of the rounds is reported), so that both see the same load from
 * whatever else runs on the machine. The chain row has the deployed gateway and anvil's RPC URL, so a read of
 * a CREATED payment syncs it with the chain (one shared read per chain every 250 ms, which may call anvil);
 * it had no gateway before, so no read called the chain. GET /metrics is measured before any watcher ran,
 * so it reads no watcher cursor and calls no RPC for kassa_watcher_lag_blocks. The history's CREATED
 * payments expire in a day, so that no sweep of a worker running during the benchmark meets them.
 *
 *   npm run bench:scale                 prints a table
 *   npm run bench:scale -- --json       also prints one JSON object as the last line
 *   npm run bench:scale -- --quick      100k instead of 1M, 20k swept instead of 100k, shorter loads
 *   --sizes 2000,5000 --swept 1000      other sizes (a smoke test of the benchmark itself)
 *
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); its databases are dropped after.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { deployKassa, deployTestTokens, rpcChain } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil } from "@kassa/contracts/dev";
import autocannon from "autocannon";
import pg from "pg";
import { createPublicClient, createWalletClient, http } from "viem";
import {
  addChainWithToken,
  cloneDatabase,
  createMerchant,
  freshDatabase,
  histogramTotals,
  metricSum,
  startKassa,
  type CreatedMerchant,
  type KassaProcess,
} from "../lib/kassa.js";
import { percentile, sleep } from "../lib/stats.js";

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
/** `kassa admin merchant create` commands run at once (each is a process that loads the CLI). */
const ADMIN_COMMANDS_AT_ONCE = 4;
const BLOCK_INTERVAL_MS = 250;
const WATCHER_WINDOW_SECONDS = quick ? 10 : 20;
/** Blocks the watcher reads below the head when it starts on a chain (its initial lookback), and a margin. */
const BLOCKS_BELOW_WATCHER_START = 10_100;
const WATCHER_METRIC = "kassa_watcher_block_db_seconds";
const EXPIRY_TASK = "lifecycle_expire_payments";
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
const round = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => percentile(values, 50);

/** Waits for `done()`, checking every 100 ms; fails with `what` after `seconds`. */
async function waitFor(what: string, seconds: number, done: () => boolean | Promise<boolean>) {
  for (const deadline = Date.now() + seconds * 1000; !(await done()); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
  }
}

/** anvil with the deployed gateway, mined far enough above the history's blocks. */
async function startChain(historyBlocks: number) {
  const anvil = await startAnvil({ extraArgs: ["--number", String(historyBlocks + 1)] });
  try {
    const chain = rpcChain(anvil.chainId, "Anvil", anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const rpc = async (method: string, params: unknown[] = []) => {
      const response = await fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      const body = (await response.json()) as { error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
    };
    await rpc("anvil_mine", [`0x${BLOCKS_BELOW_WATCHER_START.toString(16)}`]);
    const walletClient = createWalletClient({
      account: anvilAccount(0),
      chain,
      transport: http(anvil.rpcUrl),
    });
    const { gateway, forwarder } = await deployKassa({
      walletClient,
      publicClient,
      signer: anvilAccount(1).address,
      treasury: anvilAccount(2).address,
      defaultFeeBps: 100,
    });
    const { permit18: token } = await deployTestTokens({ walletClient, publicClient });
    return { anvil, gateway, forwarder, token, mine: () => rpc("evm_mine") };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** The merchants' webhook endpoint: `/slow` answers in 2 s, anything else at once; arrivals by webhook-id. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const at = performance.now();
      if (req.url === "/slow") {
        setTimeout(() => res.end("ok"), SLOW_ANSWER_MS);
        return;
      }
      arrivals.set(String(req.headers["webhook-id"]), at);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Merchant {
  id: number;
  publicKey: string;
  apiKey: string;
}

interface Fixture {
  networkId: number;
  chainId: number;
  tokenId: number;
  gateway: string;
  /** The first answers its webhooks slowly. */
  merchants: Merchant[];
  /** The merchant whose history the export reads (not one of `merchants`). */
  exporter: Merchant;
}

/**
 * The template every size copies: the chain and its token, the 100 merchants (the first one's webhooks go to
 * `/slow`) and the exporter, with `kassa admin`; the ids the seeding SQL needs read back from it.
 */
async function createTemplate(chain: Awaited<ReturnType<typeof startChain>>, receiverBase: string) {
  const template = await freshDatabase("kassa_bench_scale_template");
  try {
    const networkId = chain.anvil.chainId;
    await addChainWithToken(template.url, { networkId, rpcUrl: chain.anvil.rpcUrl, ...chain });
    const names = [...Array.from({ length: MERCHANTS }, (_, i) => `Scale shop ${i}`), "Export shop"];
    const created: CreatedMerchant[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: ADMIN_COMMANDS_AT_ONCE }, async () => {
        for (let i = next++; i < names.length; i = next++) {
          created[i] = await createMerchant(template.url, {
            name: names[i]!,
            networkId,
            recipient: anvilAccount(9).address,
            webhookUrl: `${receiverBase}/${i === 0 ? "slow" : "fast"}`,
          });
          if ((i + 1) % 20 === 0) progress(`template: ${i + 1} merchants created`);
        }
      }),
    );
    const client = new pg.Client({ connectionString: template.url });
    await client.connect();
    try {
      const ids = new Map(
        (
          await client.query<{ id: number; merchant_key: string }>("SELECT id, merchant_key FROM merchants")
        ).rows.map((row) => [row.merchant_key, row.id]),
      );
      const { rows } = await client.query<{ chain_id: number; token_id: number }>(
        `SELECT c.id AS chain_id, t.id AS token_id FROM chains c JOIN tokens t ON t.chain_id = c.id
         WHERE c.network_id = $1`,
        [networkId],
      );
      const merchant = (entry: CreatedMerchant): Merchant => ({
        id: ids.get(entry.merchant.merchantKey)!,
        publicKey: entry.publicKey,
        apiKey: entry.apiKey,
      });
      const fixture: Fixture = {
        networkId,
        chainId: rows[0]!.chain_id,
        tokenId: rows[0]!.token_id,
        gateway: chain.gateway,
        merchants: created.slice(0, MERCHANTS).map(merchant),
        exporter: merchant(created[MERCHANTS]!),
      };
      return { template, fixture };
    } finally {
      await client.end();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
}

/**
 * Inserts payments `from`..`to` (one INSERT ... SELECT): 100 consecutive rows per merchant of
 * `fixture.merchants`, statuses by row number (60 PAID, 35 EXPIRED, then one each of the rest) unless `status`
 * forces one, paid ones in block row/10. The history's CREATED rows expire in a day; forced CREATED rows in the
 * past, except every tenth, which expires in an hour.
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
       CASE WHEN $7::text IS NULL THEN now() + interval '1 day'
            WHEN s % 10 = 0 THEN now() + interval '1 hour'
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
      fixture.gateway,
    ],
  );
}

interface Stack {
  size: number;
  /** DATABASE_URL and the settings of every `kassa` process of this size. */
  env: Record<string, string>;
  client: pg.Client;
  fixture: Fixture;
  api: KassaProcess;
  seedSeconds: number;
}

/** A copy of the template seeded with `size` payments, and a `kassa api` on it. */
async function prepare(
  templateUrl: string,
  fixture: Fixture,
  size: number,
  cleanups: (() => Promise<void>)[],
): Promise<Stack> {
  const database = await cloneDatabase(templateUrl, "kassa_bench_scale");
  cleanups.push(database.drop);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
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
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: "20",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    KASSA_SIGNER_PRIVATE_KEY: anvilPrivateKeys[1]!,
  };
  const api = await startKassa("api", env);
  cleanups.push(api.stop);
  return { size, env, client, fixture, api, seedSeconds };
}

async function rps(warmup: boolean, options: autocannon.Options): Promise<{ rps: number; non2xx: number }> {
  if (warmup) await autocannon({ connections: 32, duration: WARMUP_SECONDS, ...options });
  const result = await autocannon({ connections: 32, duration: LOAD_SECONDS, ...options });
  return { rps: Math.round(result.requests.average), non2xx: result.non2xx + result.errors };
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

/**
 * A `kassa start` per size on the same anvil; once every watcher caught up with the head, a block every
 * 250 ms for the window: each size's mean database time per block over it (ms), and the polls observed.
 */
async function watcherPerBlock(stacks: Stack[], mine: () => Promise<void>) {
  const processes: KassaProcess[] = [];
  try {
    for (const stack of stacks) {
      processes.push(await startKassa("start", { ...stack.env, WATCHER_POLL_INTERVAL_MS: "100" }));
    }
    const chain = { chain: String(stacks[0]!.fixture.networkId) };
    for (const kassa of processes) {
      await waitFor("a watcher catching up", 300, async () => {
        const { count } = await histogramTotals(kassa.baseUrl, WATCHER_METRIC, chain);
        return count > 0 && (await metricSum(kassa.baseUrl, "kassa_watcher_lag_blocks", chain)) <= 1;
      });
    }
    const totals = () =>
      Promise.all(processes.map((kassa) => histogramTotals(kassa.baseUrl, WATCHER_METRIC, chain)));
    const before = await totals();
    let blocks = 0;
    for (const end = Date.now() + WATCHER_WINDOW_SECONDS * 1000; Date.now() < end; blocks++) {
      const next = Date.now() + BLOCK_INTERVAL_MS;
      await mine();
      await sleep(next - Date.now());
    }
    await sleep(1_000); // the last block read
    const after = await totals();
    return stacks.map((_, index) => {
      const polls = after[index]!.count - before[index]!.count;
      return { blocks, polls, meanMs: ((after[index]!.sum - before[index]!.sum) / polls) * 1000 };
    });
  } finally {
    for (const kassa of processes) await kassa.stop();
  }
}

/** POST /merchants/me/webhook-test with a merchant's API key: the event's id (its deliveries' webhook-id). */
async function testEvent(baseUrl: string, merchant: Merchant): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/merchants/me/webhook-test`, {
    method: "POST",
    headers: { "x-api-key": merchant.apiKey },
  });
  if (response.status !== 202)
    throw new Error(`POST /webhook-test: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { eventId: string } }).data.eventId;
}

/** 400 events for a merchant answering in 2 s, then fresh events of the others at 100/s. */
async function webhookFairness(stack: Stack, arrivals: Map<string, number>) {
  const kassa = await startKassa("start", { ...stack.env, WEBHOOK_ALLOW_PRIVATE: "true" });
  const sentAt = new Map<string, number>();
  try {
    const [slow, ...fast] = stack.fixture.merchants;
    // The backlog: 400 events of the slow merchant, 20 POSTs at a time.
    for (let queued = 0; queued < SLOW_BACKLOG; queued += 20) {
      await Promise.all(Array.from({ length: 20 }, () => testEvent(kassa.baseUrl, slow!)));
    }
    await sleep(1_000); // the backlog takes the slots first
    const started = performance.now();
    const posts: Promise<void>[] = [];
    for (let i = 0; i < (WARMUP_SECONDS + FRESH_SECONDS) * FRESH_PER_SECOND; i++) {
      const wait = started + (i * 1000) / FRESH_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      // The first WARMUP_SECONDS of events warm the worker (its connections, the code's first runs) up.
      const measured = i >= WARMUP_SECONDS * FRESH_PER_SECOND;
      posts.push(
        (async () => {
          const at = performance.now();
          const eventId = await testEvent(kassa.baseUrl, fast[i % fast.length]!);
          if (measured) sentAt.set(eventId, at);
        })(),
      );
    }
    await Promise.all(posts);
    await waitFor("the fresh webhooks", 60, () => [...sentAt.keys()].every((id) => arrivals.has(id))).catch(
      () => undefined, // counted as never arrived
    );
  } finally {
    await kassa.stop();
  }
  const latencies = [...sentAt].map(([id, at]) => (arrivals.get(id) ?? Number.POSITIVE_INFINITY) - at);
  // The dead rows the phase left in the job table (every job is a row inserted, then deleted), and how
  // often autovacuum cleared it meanwhile.
  await sleep(1_000); // the statistics collector's delay
  const jobTable = (
    await stack.client.query<{ dead: number; vacuums: number }>(
      `SELECT n_dead_tup::int AS dead, autovacuum_count::int AS vacuums
       FROM pg_stat_all_tables WHERE schemaname = 'graphile_worker' AND relname = '_private_jobs'`,
    )
  ).rows[0];
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), jobTable };
}

/**
 * GET /payments/:id of `payments` in turn from 8 loops while `going()`: for each, when it started (epoch ms),
 * its latency and the status answered.
 */
async function readLoops(
  baseUrl: string,
  keys: Map<number, string>,
  payments: { payment_id: string; merchant_id: number }[],
  going: () => boolean,
) {
  const reads: { startedAt: number; ms: number; status: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (going() && next < payments.length) {
        const payment = payments[next++]!;
        const startedAt = Date.now();
        const at = performance.now();
        const response = await fetch(`${baseUrl}/api/v1/payments/${payment.payment_id}`, {
          headers: { "x-public-key": keys.get(payment.merchant_id)! },
        });
        const body = (await response.json()) as { data?: { status: string } };
        reads.push({
          startedAt,
          ms: performance.now() - at,
          status: body.data?.status ?? `HTTP ${response.status}`,
        });
      }
    }),
  );
  return reads;
}

/**
 * The expiry sweeps a `kassa worker` logs (LOG_LEVEL=info): `sweepAfter(t)` is the first that ended after `t`
 * (epoch ms), with its duration and the payments it expired.
 */
function sweepLog() {
  let servicesStarted = false;
  let expired = 0;
  const sweeps: { endedAt: number; ms: number; expired: number }[] = [];
  const onLogLine = (line: string) => {
    let entry: { msg?: string; time?: number; count?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg === "background service started") servicesStarted = true;
    // The sweep's own line (when it expired any), just before graphile-worker's.
    if (entry.msg === "payments expired") expired = entry.count ?? 0;
    const completed = /^Completed task \d+ \((\S+), ([\d.]+)ms/.exec(entry.msg ?? "");
    if (completed?.[1] === EXPIRY_TASK) {
      sweeps.push({ endedAt: entry.time!, ms: Number(completed[2]), expired });
      expired = 0;
    }
  };
  return {
    onLogLine,
    servicesStarted: () => servicesStarted,
    sweepAfter: (at: number) => sweeps.find((sweep) => sweep.endedAt > at),
  };
}

/**
 * 100k CREATED payments (90% past expiry). First 1,000 GETs of due ones alone (each read syncs and expires
 * its payment), for reference; then a `kassa worker`'s scheduled sweep, and GETs of other due ones while it
 * runs.
 */
async function expiryUnderReads(stack: Stack) {
  const { client, fixture } = stack;
  // The sweep's 90k payment.expired webhooks would arrive at this process, which times the reads: none is sent.
  await client.query("UPDATE merchants SET webhook_url = NULL");
  await seed(client, fixture, "expiry", 1, SWEPT, "CREATED");
  await client.query("ANALYZE payments");
  const keys = new Map(fixture.merchants.map((merchant) => [merchant.id, merchant.publicKey]));
  const due = (
    await client.query<{ payment_id: string; merchant_id: number }>(
      `SELECT payment_id, merchant_id FROM payments
       WHERE status = 'CREATED' AND expires_at <= now() ORDER BY random() LIMIT 21000`,
    )
  ).rows;
  // A tenth of them when --swept is small: the rest are left for the sweep.
  const aloneCount = Math.min(1_000, Math.floor(due.length / 10));
  const alone = await readLoops(stack.api.baseUrl, keys, due.slice(0, aloneCount), () => true);
  const log = sweepLog();
  const worker = await startKassa(
    "worker",
    { ...stack.env, WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "info" },
    { onLogLine: log.onLogLine },
  );
  let reads: Awaited<ReturnType<typeof readLoops>>;
  let sweep: ReturnType<typeof log.sweepAfter>;
  try {
    await waitFor("kassa worker's start", 120, log.servicesStarted);
    // The schedule runs the sweep on the minute: the loops start just before.
    const loopsStart = Math.ceil(Date.now() / 60_000) * 60_000 - 250;
    await sleep(loopsStart - Date.now());
    reads = await readLoops(
      stack.api.baseUrl,
      keys,
      due.slice(aloneCount),
      () => !log.sweepAfter(loopsStart),
    );
    await waitFor("the expiry sweep", 120, () => (sweep = log.sweepAfter(loopsStart)) !== undefined);
  } finally {
    await worker.stop();
  }
  const during = reads.filter(
    (read) => read.startedAt >= sweep!.endedAt - sweep!.ms && read.startedAt <= sweep!.endedAt,
  );
  const answered: Record<string, number> = {};
  for (const read of during) answered[read.status] = (answered[read.status] ?? 0) + 1;
  const aloneMs = alone.map((read) => read.ms);
  const duringMs = during.map((read) => read.ms);
  return {
    alone: { p50: percentile(aloneMs, 50), p99: percentile(aloneMs, 99) },
    p50: percentile(duringMs, 50),
    p99: percentile(duringMs, 99),
    gets: during.length,
    answered,
    expired: sweep!.expired,
    sweepSeconds: sweep!.ms / 1000,
  };
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

async function measure(
  stacks: Stack[],
  mine: () => Promise<void>,
  arrivals: Map<string, number>,
): Promise<{ figures: Figures; notes: string[] }[]> {
  // Flush what seeding wrote, so that no checkpoint runs under the measurements.
  await stacks[0]!.client.query("CHECKPOINT");

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

  progress("watcher: database time per block at the head");
  const watcher = await watcherPerBlock(stacks, mine);

  const results: { figures: Figures; notes: string[] }[] = [];
  for (const [index, stack] of stacks.entries()) {
    const { size } = stack;
    progress(`${size}: webhook delivery with a slow merchant's backlog`);
    const webhooks = await webhookFairness(stack, arrivals);
    progress(`${size}: expiry sweep of ${SWEPT} under reads (the worker's sweep runs on the minute)`);
    const expiry = await expiryUnderReads(stack);
    const list = lists[index]!;
    const randomGet = randomGets[index]!;
    const blocks = watcher[index]!;
    const non2xx = [...list, ...randomGet].reduce((sum, m) => sum + m.non2xx, 0);
    results.push({
      figures: {
        watcher_block_ms: Math.round(blocks.meanMs * 100) / 100,
        metrics_scrape_ms: round(median(scrapes[index]!)),
        status_list_rps: median(list.map((m) => m.rps)),
        random_get_rps: median(randomGet.map((m) => m.rps)),
        webhook_fast_p99_ms_with_slow_backlog: round(webhooks.p99),
        expiry_get_p99_ms: round(expiry.p99),
        export_rows_per_s: median(exports[index]!.map((m) => m.rowsPerSecond)),
      },
      notes: [
        `${size}: seeded in ${round(stack.seedSeconds)} s; list (pages of ${pageSize}) and random GET req/s per round ` +
          `${list.map((m) => m.rps).join(", ")} and ${randomGet.map((m) => m.rps).join(", ")} (non-2xx: ${non2xx}); ` +
          `watcher: ${blocks.polls} polls observed over ${blocks.blocks} blocks mined`,
        `${size}: export of ${exports[index]![0]!.rows} rows in ${exports[index]!.map((m) => round(m.seconds)).join(", ")} s; ` +
          `fast webhooks p50 ${round(webhooks.p50)} ms; job table after it: ${JSON.stringify(webhooks.jobTable)}; ` +
          `sweep expired ${expiry.expired} in ${round(expiry.sweepSeconds)} s ` +
          `(${Math.round(expiry.expired / expiry.sweepSeconds)} rows/s); ` +
          `GETs of due payments without a sweep p50 ${round(expiry.alone.p50)} / p99 ${round(expiry.alone.p99)} ms, ` +
          `${expiry.gets} during it p50 ${round(expiry.p50)} ms, answered ${JSON.stringify(expiry.answered)}`,
      ],
    });
  }
  return results;
}

const label = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1_000}k`);
const cleanups: (() => Promise<void>)[] = [];
let results: { figures: Figures; notes: string[] }[];
try {
  progress("anvil: genesis above the history's blocks, the contracts");
  const chain = await startChain(Math.max(...SIZES) / 10);
  cleanups.push(() => chain.anvil.stop());
  const receiver = await startReceiver();
  cleanups.push(receiver.close);
  progress(`template database: the chain, its token and ${MERCHANTS + 1} merchants (kassa admin)`);
  const { template, fixture } = await createTemplate(chain, receiver.base);
  cleanups.push(template.drop);
  const stacks: Stack[] = [];
  for (const size of SIZES) stacks.push(await prepare(template.url, fixture, size, cleanups));
  results = await measure(stacks, chain.mine, receiver.arrivals);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
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
