/**
 * Payment lifecycle benchmark (issue 4), in one process on real PostgreSQL and anvil:
 *
 * 1. 200 payments (BENCH_PAYMENTS) created over HTTP and paid one after another on anvil (automine,
 *    confirmations 0); for each, the time from the moment the payer's client sees its receipt to the moment a
 *    local merchant endpoint receives the signed `payment.paid` webhook (chain watcher -> transaction with the
 *    delivery row -> the worker's webhook sender, woken in-process after the commit -> HTTP POST). Target
 *    p50 <= 100 ms, p99 <= 250 ms.
 * 2. 1,000 CREATED payments polled with GET /payments/:id at full speed (64 loops) for a few seconds: the
 *    JSON-RPC calls per second the API makes (counted by a proxy in front of anvil) stay bounded.
 *
 *   npm run bench:lifecycle            prints a table
 *   npm run bench:lifecycle -- --json  also prints {"webhook_p50_ms":N,"webhook_p99_ms":N,"rpc_calls_per_s_under_polling":N}
 *                                      as the last line
 *
 * Uses DATABASE_URL when set (a fresh database is created on it and dropped), else embedded PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deployKassa,
  deployTestTokens,
  encodePay,
  testTokenAbi,
  rpcChain,
  type PayablePaymentFields,
} from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil } from "@kassa/contracts/dev";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { createPublicClient, createWalletClient, http, type Address } from "viem";
import { createChainClients } from "../../server/src/chain/clients.js";
import { defaultConfig } from "../../server/src/config/index.js";
import { Secret } from "../../server/src/secret.js";
import * as admin from "../../server/src/core/admin/index.js";
import { createPaymentSync } from "../../server/src/core/payments/paymentSync.js";
import { createServices } from "../../server/src/core/services.js";
import { createDb } from "../../server/src/db/infra/database.js";
import { startEmbeddedPostgres } from "../../server/src/db/infra/embedded.js";
import { migrate } from "../../server/src/db/migrate.js";
import { buildApp } from "../../server/src/http/app.js";
import { settlementWorkerModule } from "../../server/src/jobs/modules.js";
import { migrateJobQueue } from "../../server/src/db/infra/jobQueue.js";
import { startWorker } from "../../server/src/jobs/worker.js";
import { createLogger } from "../../server/src/logger.js";

const json = process.argv.includes("--json");
/** Payments paid and timed; BENCH_PAYMENTS=50 for a quick comparison on a busy machine. */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
/** Payers paying side by side; BENCH_PAYERS=5 stresses the watcher's throughput instead of its latency. */
const PAYERS = Number(process.env.BENCH_PAYERS ?? 1);
const POLLED = 1_000;
const POLL_LOOPS = 64;
const POLL_SECONDS = 5;
const targets = { p50: 100, p99: 250 };

function log(message: string) {
  if (!json) console.log(message);
  else process.stderr.write(`${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function postgresUrl(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, stop: async () => {} };
  const dataDir = await mkdtemp(join(tmpdir(), "kassa-bench-lifecycle-pg-"));
  const postgres = await startEmbeddedPostgres({ dataDir, persistent: false });
  return {
    adminUrl: postgres.url,
    stop: async () => {
      await postgres.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON-RPC proxy that counts the calls (batch items included) it forwards to `target`. */
async function startCountingProxy(target: string) {
  let calls = 0;
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString("utf8")) as unknown;
        calls += Array.isArray(parsed) ? parsed.length : 1;
      } catch {
        calls += 1;
      }
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: upstream.pathname,
          method: "POST",
          headers: req.headers,
        },
        (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on("error", () => {
        res.statusCode = 502;
        res.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const pgServer = await postgresUrl();
  const dbName = `kassa_bench_${randomBytes(6).toString("hex")}`;
  const adminClient = new pg.Client({ connectionString: pgServer.adminUrl });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${dbName}`);
  const dbUrlObject = new URL(pgServer.adminUrl);
  dbUrlObject.pathname = `/${dbName}`;
  const databaseUrl = dbUrlObject.toString();
  const db = createDb(databaseUrl, { max: 20 });
  const anvil = await startAnvil();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    await migrate(db);
    await migrateJobQueue(databaseUrl);

    const chain = rpcChain(anvil.chainId, "Anvil", anvil.rpcUrl);
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
    const wallet = (index: number) => createWalletClient({ account: anvilAccount(index), chain, transport });
    const deployer = wallet(0);
    const { gateway, forwarder } = await deployKassa({
      walletClient: deployer,
      publicClient,
      signer: anvilAccount(1).address,
      treasury: anvilAccount(2).address,
      defaultFeeBps: 100,
    });
    const tokens = await deployTestTokens({ walletClient: deployer, publicClient });
    const proxy = await startCountingProxy(anvil.rpcUrl);
    cleanups.push(proxy.close);

    const adminDeps: admin.AdminDeps = { db, chains: createChainClients() };
    await admin.addChain(adminDeps, {
      networkId: anvil.chainId,
      name: "Anvil",
      isTestnet: true,
      rpcUrl: anvil.rpcUrl,
      gatewayAddress: gateway,
      forwarderAddress: forwarder,
      confirmations: 0,
    });
    const token = (await admin.addToken(adminDeps, { networkId: anvil.chainId, address: tokens.permit18 }))
      .address;

    // The merchant's endpoint: verifies each delivery as a merchant would, records when it arrived.
    const arrivals = new Map<string, number>();
    let badSignatures = 0;
    let merchantSecret = "";
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const at = performance.now();
        const body = Buffer.concat(chunks).toString("utf8");
        try {
          const payload = new Webhook(merchantSecret).verify(body, req.headers as Record<string, string>) as {
            paymentId: string;
            type: string;
          };
          if (payload.type === "payment.paid" && !arrivals.has(payload.paymentId))
            arrivals.set(payload.paymentId, at);
        } catch {
          badSignatures += 1;
        }
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const created = await admin.createMerchant(adminDeps, {
      name: "Bench shop",
      networkId: anvil.chainId,
      recipientAddress: anvilAccount(9).address,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    });
    merchantSecret = created.webhookSecret;
    await admin.addPaymentMethod(adminDeps, created.merchant.merchantKey, { tokenAddress: token });

    const logger = createLogger({ level: "silent" });
    // The API's on-demand sync reads the chain through the counting proxy; the worker reads anvil directly.
    const paymentSync = createPaymentSync({
      db,
      chains: createChainClients({ rpcUrls: new Map([[anvil.chainId, new Secret([proxy.url])]]) }),
      now: () => new Date(),
    });
    const config = defaultConfig({
      signerPrivateKey: new Secret(anvilPrivateKeys[1]),
      rateLimitPerMinute: 10_000_000,
      webhookAllowPrivate: true,
      watcherPollIntervalMs: 50,
    });
    const services = createServices(config, db, { logger, paymentSync });
    const app = await buildApp(services);
    await app.listen({ host: "127.0.0.1", port: 0 });
    cleanups.push(() => app.close());
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

    const worker = await startWorker({
      databaseUrl,
      logger,
      concurrency: 10,
      pollInterval: 1_000,
      modules: [settlementWorkerModule(services, { databaseUrl })],
    });
    cleanups.push(() => worker.stop());

    async function createPayment(orderId: string) {
      const response = await fetch(`${baseUrl}/payments`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-public-key": created.publicKey },
        body: JSON.stringify({
          orderId,
          amount: 1.25,
          tokenAddress: token,
          successUrl: "service:none",
          failUrl: "service:none",
        }),
      });
      if (response.status !== 201)
        throw new Error(`POST /payments: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: PayablePaymentFields & { gatewayAddress: string } }).data;
    }

    // Phase 1: pay and time the webhooks.
    log(`creating ${PAYMENTS} payments and funding ${PAYERS} payers...`);
    const payers = Array.from({ length: PAYERS }, (_, i) => wallet(3 + i));
    for (const payer of payers) {
      const mint = await deployer.writeContract({
        address: tokens.permit18,
        abi: testTokenAbi,
        functionName: "mint",
        args: [payer.account.address, 10n ** 30n],
      });
      await publicClient.waitForTransactionReceipt({ hash: mint });
      const approve = await payer.writeContract({
        address: tokens.permit18,
        abi: testTokenAbi,
        functionName: "approve",
        args: [gateway, 2n ** 255n],
      });
      await publicClient.waitForTransactionReceipt({ hash: approve });
    }
    const payments: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let i = 0; i < PAYMENTS; i++) payments.push(await createPayment(`bench-paid-${i}`));

    log(`paying ${PAYMENTS} payments...`);
    // The payers' clients learn of their receipts from one block poller (every 10 ms), as a wallet would,
    // without each flooding anvil and this process's event loop with receipt polls.
    const receiptSeen = new Map<string, number>();
    const txSeenAt = new Map<string, number>();
    let polling = true;
    let nextBlock = (await publicClient.getBlockNumber()) + 1n;
    const poller = (async () => {
      while (polling) {
        const block = await publicClient.getBlock({ blockNumber: nextBlock }).catch(() => undefined);
        if (!block) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const now = performance.now();
        for (const hash of block.transactions) txSeenAt.set(hash, now);
        nextBlock += 1n;
      }
    })();
    const fees = await publicClient.estimateFeesPerGas();
    await Promise.all(
      payers.map(async (payer, payerIndex) => {
        let nonce = await publicClient.getTransactionCount({ address: payer.account.address });
        for (let i = payerIndex; i < payments.length; i += PAYERS) {
          const p = payments[i]!;
          const hash = await payer.sendTransaction({
            to: p.gatewayAddress as Address,
            data: encodePay(p),
            gas: 300_000n,
            nonce: nonce++,
            maxFeePerGas: fees.maxFeePerGas,
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          });
          // Pace each payer like a person: the next payment once this one is mined.
          while (!txSeenAt.has(hash)) await new Promise((r) => setTimeout(r, 5));
          receiptSeen.set(p.paymentId!, txSeenAt.get(hash)!);
        }
      }),
    );
    const deadline = Date.now() + 60_000;
    while (arrivals.size < PAYMENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    polling = false;
    await poller;
    const latencies = payments
      .map((p) => {
        const seen = receiptSeen.get(p.paymentId!);
        const arrived = arrivals.get(p.paymentId!);
        return seen === undefined || arrived === undefined ? undefined : Math.max(0, arrived - seen);
      })
      .filter((value): value is number => value !== undefined)
      .sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);

    // Phase 2: 1,000 CREATED payments polled flat out.
    log(`creating ${POLLED} payments to poll...`);
    const polled: string[] = [];
    for (let i = 0; i < POLLED; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, POLLED - i) }, (_, j) => createPayment(`bench-polled-${i + j}`)),
      );
      polled.push(...batch.map((p) => p.paymentId!));
    }
    log(`polling GET /payments/:id with ${POLL_LOOPS} loops for ${POLL_SECONDS} s...`);
    let reads = 0;
    let failedReads = 0;
    const callsBefore = proxy.calls();
    const started = performance.now();
    const stopAt = started + POLL_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: POLL_LOOPS }, async (_, loop) => {
        let k = loop;
        while (performance.now() < stopAt) {
          const id = polled[k % polled.length]!;
          k += POLL_LOOPS;
          const response = await fetch(`${baseUrl}/payments/${id}`, {
            headers: { "x-public-key": created.publicKey },
          });
          await response.arrayBuffer();
          if (response.status === 200) reads += 1;
          else failedReads += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rpcPerSecond = (proxy.calls() - callsBefore) / seconds;

    const rows: [string, string, string][] = [
      ["webhooks received", `${arrivals.size} / ${PAYMENTS}`, "all"],
      ["receipt -> webhook p50", `${p50.toFixed(0)} ms`, `<= ${targets.p50} ms`],
      ["receipt -> webhook p99", `${p99.toFixed(0)} ms`, `<= ${targets.p99} ms`],
      ["bad webhook signatures", String(badSignatures), "0"],
      [
        "GET /payments/:id under polling",
        `${(reads / seconds).toFixed(0)} req/s (${failedReads} failed)`,
        "",
      ],
      ["RPC calls under polling", `${rpcPerSecond.toFixed(1)} /s for ${POLLED} payments`, "bounded"],
    ];
    log("");
    log("| measure | value | target |");
    log("|---|---|---|");
    for (const [name, value, target] of rows) log(`| ${name} | ${value} | ${target} |`);
    if (json) {
      console.log(
        JSON.stringify({
          webhook_p50_ms: Math.round(p50),
          webhook_p99_ms: Math.round(p99),
          rpc_calls_per_s_under_polling: Math.round(rpcPerSecond * 10) / 10,
        }),
      );
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await db.destroy();
    await anvil.stop();
    // Pools resolve end() before their sockets close; a forced drop would hit those sessions. Wait for them.
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await adminClient.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
        [dbName],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await adminClient.end();
    await pgServer.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
