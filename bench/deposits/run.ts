/**
 * Deposit benchmark (issues 27, 40): what the chain watcher does per block with many open payments by transfer, and
 * how soon a transfer's payment is PAID. `kassa dev` (what `npm start` runs: embedded PostgreSQL, anvil, the API
 * and the worker in one process; payments by transfer on, as by default), anvil set to a block a second, and Kassa's
 * RPC traffic through a counting proxy written here; only public entry points: the kassa CLI, the HTTP API and
 * GET /metrics, @kassa/contracts.
 *
 * 1. Baseline: RPC calls and the watcher's database time per block with no open deposit payment.
 * 2. For each of `--open` (default 100,1000,10000) open deposit payments, created through POST /payments up to that
 *    many, the same figures over `--seconds` of blocks with nothing sent to them, `--settle` seconds (default 60)
 *    after the last was created: flat from the first to the last.
 * 3. `--deposits` payments more (default 60), each paid by a plain ERC-20 transfer from a payer wallet, about
 *    two a second: the latency from the block of each transfer becoming final (the chain's finality depth,
 *    `--confirmations`, default 2; the head that makes it final as seen by polling anvil every 10 ms) to its
 *    payment.paid webhook at a receiver of this process; and the same per-block figures over those blocks.
 *
 * Database time per block is kassa_watcher_block_db_seconds (GET /metrics): its mean over a phase is the
 * difference of its sum over the difference of its count. RPC calls per block: requests through the proxy
 * (each of a batch counted) over the blocks the phase lasted.
 *
 *   npm run bench:deposits                  prints a table
 *   npm run bench:deposits -- --json        also prints one JSON object as the last line
 *   --open N,N,... --deposits N --seconds N --settle N --confirmations N
 *   --poll-ms N (WATCHER_POLL_INTERVAL_MS, default 500)
 *
 * Targets: <= 10 ms of database time per block at every level up to 10,000 open payments, and RPC calls per block,
 * that do not grow with them; p99 <= 2 s from final to webhook.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { testTokenAbi } from "@kassa/contracts";
import { createPublicClient, createWalletClient, http, parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startDevStack } from "../lib/devStack.js";
import { startCountingProxy } from "../lib/rpcCounter.js";
import { percentile, sleep } from "../lib/stats.js";

const argv = process.argv;
const json = argv.includes("--json");
function option(name: string, fallback: number): number {
  const index = argv.indexOf(name);
  return index > 0 ? Number(argv[index + 1]) : fallback;
}
const OPEN_LEVELS = (() => {
  const index = argv.indexOf("--open");
  const levels = index > 0 ? (argv[index + 1] ?? "").split(",").map(Number) : [100, 1_000, 10_000];
  if (levels.some((level, i) => !Number.isSafeInteger(level) || level <= (levels[i - 1] ?? 0))) {
    throw new Error("--open takes increasing whole numbers, e.g. 100,1000,10000");
  }
  return levels;
})();
const PAYMENTS = OPEN_LEVELS.at(-1) as number;
const DEPOSITS = option("--deposits", 60);
const IDLE_SECONDS = option("--seconds", 30);
/**
 * A pause after creating payments before measuring: the database's own work after a bulk insert (autovacuum, whose
 * naptime is a minute, vacuuming and analysing the table and its indexes) is not the watcher's per-block cost with
 * that many open; measured right after 10,000 inserts, a few blocks took 100 ms.
 */
const SETTLE_SECONDS = option("--settle", 60);
const CONFIRMATIONS = option("--confirmations", 2);
const POLL_MS = option("--poll-ms", 500);
const CONCURRENCY = 32;
const targets = { db_ms_per_block: 10, latency_p99_ms: 2000 };
const kassaBin = fileURLToPath(new URL("../../server/bin/kassa.js", import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The merchant's webhook endpoint: when each payment.paid arrived. */
async function startReceiver() {
  const paidAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const now = performance.now();
      const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        type: string;
        paymentId: string;
      };
      if (payload.type === "payment.paid" && !paidAt.has(payload.paymentId))
        paidAt.set(payload.paymentId, now);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    paidAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sum and count of kassa_watcher_block_db_seconds for the chain, and its cumulative buckets. */
async function scrapeDbTime(metricsUrl: string, chainId: number) {
  const text = await (await fetch(metricsUrl)).text();
  const value = (prefix: string) =>
    Number(
      text
        .split("\n")
        .find((line) => line.startsWith(prefix))
        ?.split(" ")
        .at(-1) ?? 0,
    );
  const name = "kassa_watcher_block_db_seconds";
  const buckets = [
    ...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)",chain="${chainId}"\\} (\\S+)$`, "gm")),
  ].map((match) => ({ le: Number(match[1]), count: Number(match[2]) }));
  return {
    sum: value(`${name}_sum{chain="${chainId}"}`),
    count: value(`${name}_count{chain="${chainId}"}`),
    buckets,
  };
}

type DbScrape = Awaited<ReturnType<typeof scrapeDbTime>>;

/** Mean, and the bucket bound under which 99% of the phase's observations fell. */
function dbPhase(before: DbScrape, after: DbScrape) {
  const observed = after.count - before.count;
  const meanMs = observed > 0 ? ((after.sum - before.sum) / observed) * 1000 : Number.NaN;
  const p99 = after.buckets.find(
    (bucket, i) => bucket.count - (before.buckets[i]?.count ?? 0) >= observed * 0.99,
  );
  return { observed, meanMs, p99BoundMs: p99 ? p99.le * 1000 : Number.NaN };
}

function rpcPhase(before: Map<string, number>, after: Map<string, number>, blocks: number) {
  const byMethod: Record<string, number> = {};
  let total = 0;
  for (const [method, count] of after) {
    const calls = count - (before.get(method) ?? 0);
    if (calls === 0) continue;
    byMethod[method] = Number((calls / blocks).toFixed(2));
    total += calls;
  }
  return { perBlock: total / blocks, byMethod };
}

const stack = await startDevStack({
  RATE_LIMIT_PER_MINUTE: "10000000",
  WATCHER_POLL_INTERVAL_MS: String(POLL_MS),
});
const { env } = stack;
const proxy = await startCountingProxy(env.rpcUrl);
const receiver = await startReceiver();
try {
  const kassa = (...args: string[]) =>
    promisify(execFile)(process.execPath, [kassaBin, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: env.databaseUrl, LOG_LEVEL: "error" },
    });
  const rpc = (method: string, params: unknown[] = []) =>
    fetch(env.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
  await rpc("evm_setAutomine", [false]);
  await rpc("evm_setIntervalMining", [1]);
  await kassa(
    "admin",
    "chain",
    "update",
    String(env.chainId),
    "--rpc-url",
    proxy.url,
    "--finality",
    "depth",
    "--confirmations",
    String(CONFIRMATIONS),
  );
  await kassa("admin", "merchant", "update", env.merchant.merchantKey, "--webhook-url", receiver.url);
  const publicClient = createPublicClient({ transport: http(env.rpcUrl) });
  const metricsUrl = env.apiUrl.replace("/api/v1", "/metrics");
  const token = env.tokens.permit18;

  /** Each block number and when this process first saw it as the head. */
  const seenAt = new Map<bigint, number>();
  let watching = true;
  const watchHead = (async () => {
    while (watching) {
      const head = await publicClient.getBlockNumber({ cacheTime: 0 });
      if (!seenAt.has(head)) seenAt.set(head, performance.now());
      await sleep(10);
    }
  })();
  const head = () => publicClient.getBlockNumber({ cacheTime: 0 });

  /** Per-block RPC calls and database time over `run` (the blocks mined meanwhile). */
  async function measure(run: () => Promise<void>) {
    const [rpcBefore, dbBefore, fromBlock] = [
      proxy.snapshot(),
      await scrapeDbTime(metricsUrl, env.chainId),
      await head(),
    ];
    await run();
    const [rpcAfter, dbAfter, toBlock] = [
      proxy.snapshot(),
      await scrapeDbTime(metricsUrl, env.chainId),
      await head(),
    ];
    const blocks = Number(toBlock - fromBlock);
    return { blocks, rpc: rpcPhase(rpcBefore, rpcAfter, blocks), db: dbPhase(dbBefore, dbAfter) };
  }

  let orders = 0;
  async function createPayment(
    amount: number,
  ): Promise<{ paymentId: string; depositAddress: Address; amount: string }> {
    const response = await fetch(`${env.apiUrl}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": env.merchant.apiKey },
      body: JSON.stringify({
        orderId: `bench-deposit-${Date.now()}-${++orders}`,
        amount,
        tokenAddress: token.address,
        successUrl: "https://shop.example/ok",
        failUrl: "service:none",
      }),
    });
    const body = (await response.json()) as {
      data: { paymentId: string; depositAddress: Address | null; amount: string };
    };
    if (response.status !== 201 || !body.data.depositAddress) {
      throw new Error(`POST /payments answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return { ...body.data, depositAddress: body.data.depositAddress };
  }

  log(`baseline: ${IDLE_SECONDS} s of blocks with no open deposit payment`);
  const baseline = await measure(() => sleep(IDLE_SECONDS * 1000));

  let next = 0;
  let creationSeconds = 0;
  const levels: { open: number; phase: Awaited<ReturnType<typeof measure>> }[] = [];
  for (const level of OPEN_LEVELS) {
    log(`creating deposit payments through POST /payments up to ${level}`);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < level) {
          const n = ++next;
          await createPayment(1);
          if (n % 1000 === 0) log(`  ${n}`);
        }
      }),
    );
    creationSeconds += (performance.now() - started) / 1000;
    await sleep(SETTLE_SECONDS * 1000);
    log(`open: ${IDLE_SECONDS} s of blocks with ${level} open deposit payments`);
    levels.push({ open: level, phase: await measure(() => sleep(IDLE_SECONDS * 1000)) });
  }
  const open = (levels.at(-1) as (typeof levels)[number]).phase;

  log(`deposits: ${DEPOSITS} payments paid by plain transfers`);
  const payer = privateKeyToAccount(env.payers[0]?.privateKey as Hex);
  const wallet = createWalletClient({ account: payer, transport: http(env.rpcUrl), chain: undefined });
  const sent: { paymentId: string; hash: Hex }[] = [];
  const deposits = await measure(async () => {
    const payments = await Promise.all(Array.from({ length: DEPOSITS }, () => createPayment(1.5)));
    let nonce = await publicClient.getTransactionCount({ address: payer.address, blockTag: "pending" });
    for (const payment of payments) {
      const hash = await wallet.writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: "transfer",
        args: [payment.depositAddress, parseUnits("1.5", token.decimals)],
        nonce: nonce++,
        gas: 100_000n,
        chain: null,
      });
      sent.push({ paymentId: payment.paymentId, hash });
      await sleep(500);
    }
    const deadline = performance.now() + 60_000;
    while (sent.some((s) => !receiver.paidAt.has(s.paymentId)) && performance.now() < deadline)
      await sleep(50);
  });
  watching = false;
  await watchHead;

  const latencies: number[] = [];
  for (const { paymentId, hash } of sent) {
    const receipt = await publicClient.getTransactionReceipt({ hash });
    const finalAt = seenAt.get(receipt.blockNumber + BigInt(CONFIRMATIONS));
    const paidAt = receiver.paidAt.get(paymentId);
    if (finalAt !== undefined && paidAt !== undefined) latencies.push(paidAt - finalAt);
  }
  const result = {
    open_payments: PAYMENTS,
    creation_seconds: Number(creationSeconds.toFixed(1)),
    creation_per_second: Math.round(PAYMENTS / creationSeconds),
    watcher_poll_ms: POLL_MS,
    confirmations: CONFIRMATIONS,
    baseline: {
      blocks: baseline.blocks,
      db_ms_per_block: baseline.db.meanMs,
      db_p99_bucket_ms: baseline.db.p99BoundMs,
      rpc_per_block: baseline.rpc.perBlock,
      rpc_by_method: baseline.rpc.byMethod,
    },
    open: levels.map(({ open: count, phase }) => ({
      open_payments: count,
      blocks: phase.blocks,
      db_ms_per_block: phase.db.meanMs,
      db_p99_bucket_ms: phase.db.p99BoundMs,
      rpc_per_block: phase.rpc.perBlock,
    })),
    deposits: {
      count: DEPOSITS,
      paid: latencies.length,
      blocks: deposits.blocks,
      db_ms_per_block: deposits.db.meanMs,
      db_p99_bucket_ms: deposits.db.p99BoundMs,
      rpc_per_block: deposits.rpc.perBlock,
      rpc_by_method: deposits.rpc.byMethod,
    },
    latency_p50_ms: Math.round(percentile(latencies, 50)),
    latency_p99_ms: Math.round(percentile(latencies, 99)),
    latency_max_ms: Math.round(percentile(latencies, 100)),
    /** The machine's 1-minute load average at the end: database times grow with it. */
    load_average: Number(loadavg()[0]?.toFixed(1)),
    targets,
  };
  const f = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const rows: [string, string, string, string][] = [
    ["phase", "blocks", "db ms/block (mean, p99 bucket)", "RPC calls/block"],
    [
      "no open deposit payment",
      String(baseline.blocks),
      `${f(baseline.db.meanMs)}, <= ${f(baseline.db.p99BoundMs, 0)}`,
      f(baseline.rpc.perBlock),
    ],
    ...levels.map(({ open: count, phase }): [string, string, string, string] => [
      `${count} open, nothing sent`,
      String(phase.blocks),
      `${f(phase.db.meanMs)}, <= ${f(phase.db.p99BoundMs, 0)}`,
      f(phase.rpc.perBlock),
    ]),
    [
      `${PAYMENTS} open, ${DEPOSITS} transfers`,
      String(deposits.blocks),
      `${f(deposits.db.meanMs)}, <= ${f(deposits.db.p99BoundMs, 0)}`,
      f(deposits.rpc.perBlock),
    ],
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  console.log("");
  console.log(
    `created ${PAYMENTS} deposit payments in ${f(creationSeconds, 1)} s (${result.creation_per_second}/s)`,
  );
  const first = levels[0] as (typeof levels)[number];
  console.log(
    `watcher database time per block with ${PAYMENTS} open deposit addresses: ${f(open.db.meanMs)} ms ` +
      `(${first.open}: ${f(first.phase.db.meanMs)} ms; none: ${f(baseline.db.meanMs)} ms), target <= ${targets.db_ms_per_block} ms and flat`,
  );
  console.log(`RPC calls per block by method, ${PAYMENTS} open: ${JSON.stringify(open.rpc.byMethod)}`);
  console.log(
    `final block to payment.paid webhook (${latencies.length} of ${DEPOSITS} paid; ${CONFIRMATIONS} confirmations, ` +
      `watcher polling every ${POLL_MS} ms): p50 ${result.latency_p50_ms} ms, p99 ${result.latency_p99_ms} ms, max ${result.latency_max_ms} ms`,
  );
  console.log(
    `targets: <= ${targets.db_ms_per_block} ms database time per block, p99 <= ${targets.latency_p99_ms} ms ` +
      `(load average ${result.load_average} at the end)`,
  );
  if (json) console.log(JSON.stringify(result));
} finally {
  await receiver.close();
  await proxy.close();
  await stack.stop();
}
