/**
 * Payment lifecycle benchmark (issue 4) on real PostgreSQL and anvil, Kassa as it runs: `kassa api` and
 * `kassa worker` in processes of their own, on a fresh database seeded with `kassa admin`:
 *
 * 1. 200 payments (BENCH_PAYMENTS) created over HTTP and paid one after another on anvil (automine,
 *    confirmations 0); for each, the time from the moment the payer's client sees its receipt to the moment a
 *    local merchant endpoint receives the signed `payment.paid` webhook (the worker's chain watcher ->
 *    transaction with the delivery row -> its webhook sender, woken in-process after the commit -> HTTP
 *    POST). A first payment, not counted, waits for the worker to be up. Target p50 <= 100 ms, p99 <= 250 ms.
 * 2. 1,000 CREATED payments polled with GET /payments/:id at full speed (64 loops) for a few seconds: the
 *    JSON-RPC calls per second the API makes (its RPC_URL_<networkId> is a counting proxy in front of anvil;
 *    the worker reads anvil directly) stay bounded.
 *
 *   npm run bench:lifecycle            prints a table
 *   npm run bench:lifecycle -- --json  also prints {"webhook_p50_ms":N,"webhook_p99_ms":N,"rpc_calls_per_s_under_polling":N}
 *                                      as the last line
 *
 * PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database is created on it
 * and dropped).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  deployKassa,
  deployTestTokens,
  encodePay,
  testTokenAbi,
  rpcChain,
  type PayablePaymentFields,
} from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil } from "@kassa/contracts/dev";
import { Webhook } from "standardwebhooks";
import { createPublicClient, createWalletClient, http, type Address } from "viem";
import { freshDatabase, seedShop, startKassa } from "../lib/kassa.js";
import { startCountingProxy } from "../lib/rpcCounter.js";
import { percentile } from "../lib/stats.js";

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

async function main() {
  const database = await freshDatabase("kassa_bench_lifecycle");
  const anvil = await startAnvil();
  const cleanups: (() => Promise<void>)[] = [];
  try {
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

    const chainId = String(anvil.chainId);
    const token = tokens.permit18;

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
    const created = await seedShop(database.url, {
      networkId: anvil.chainId,
      rpcUrl: anvil.rpcUrl,
      gateway,
      forwarder,
      token,
      recipient: anvilAccount(9).address,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    });
    merchantSecret = created.webhookSecret;

    const settings = { DATABASE_URL: database.url, KASSA_SIGNER_PRIVATE_KEY: anvilPrivateKeys[1]! };
    // The API's on-demand sync reads the chain through the counting proxy; the worker reads anvil directly.
    const api = await startKassa("api", {
      ...settings,
      DATABASE_POOL_SIZE: "20",
      RATE_LIMIT_PER_MINUTE: "10000000",
      [`RPC_URL_${chainId}`]: proxy.url,
    });
    cleanups.push(api.stop);
    const baseUrl = `${api.baseUrl}/api/v1`;
    const worker = await startKassa("worker", {
      ...settings,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WATCHER_POLL_INTERVAL_MS: "50",
    });
    cleanups.push(worker.stop);

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
    // The worker is up once a first payment's webhook arrives (not counted).
    const warmup = await createPayment("bench-warmup");
    const warmupPaid = await payers[0]!.sendTransaction({
      to: warmup.gatewayAddress as Address,
      data: encodePay(warmup),
      gas: 300_000n,
    });
    await publicClient.waitForTransactionReceipt({ hash: warmupPaid });
    for (const deadline = Date.now() + 120_000; !arrivals.has(warmup.paymentId);) {
      if (Date.now() > deadline) throw new Error("the worker sent no webhook within 120 s");
      await new Promise((r) => setTimeout(r, 20));
    }
    arrivals.delete(warmup.paymentId);
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
      .filter((value): value is number => value !== undefined);
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
    await anvil.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
