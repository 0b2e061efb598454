/**
 * Payers waiting at once (issue 13): 1,000 payers of ONE merchant, each in its own browser (its own
 * client IP: 127.0.x.y, all of which reach loopback on Linux), create their payment with the merchant's
 * public key and follow it over GET /payments/:id/events, against `kassa dev` with its default
 * configuration (RATE_LIMIT_PER_MINUTE 600, ALLOWED_WIDGET_ORIGIN set to Kassa's own origin). Then all
 * 1,000 payments are paid on the local chain, and the benchmark measures how long until every payer's
 * stream has delivered PAID. Before the stream, the widget polled GET /payments/:id every 2 s under the
 * merchant's one key bucket: about 20 payers at once used up its 600 requests a minute.
 *
 *   npm run bench:payers            prints a table
 *   npm run bench:payers -- --json  also prints {"payers":N,"connections":N,"rate_limited":N,"paid_delivered":N,
 *                                   "seconds_to_all_paid":N,"seconds_after_last_mined":N} as the last line
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { encodePay, rpcChain, testTokenAbi, type PayablePaymentFields } from "@kassa/contracts";
import { anvilAccount } from "@kassa/contracts/dev";
import { createPublicClient, createWalletClient, http, maxUint256, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startDevStack } from "../lib/devStack.js";

const json = process.argv.includes("--json");
const PAYERS = Number(process.env.BENCH_PAYERS ?? 1_000);
/** Requests in flight while creating payments and opening streams. */
const CONCURRENCY = 50;
const PAY_CONCURRENCY = 25;
const TIMEOUT_MS = 180_000;

function log(message: string) {
  if (json) process.stderr.write(`${message}\n`);
  else console.log(message);
}

/** The client IP of payer `i`: 127.0.1.1, 127.0.1.2, ... (never 127.0.0.1, the bench's own calls). */
function payerIp(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
}

interface Api {
  host: string;
  port: number;
  prefix: string;
  headers: Record<string, string>;
}

function post(api: Api, ip: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: api.host,
        port: api.port,
        path: `${api.prefix}${path}`,
        method: "POST",
        localAddress: ip,
        agent: false,
        headers: {
          ...api.headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface Payer {
  ip: string;
  payment: PayablePaymentFields & { gatewayAddress: Address };
  /** The stream's HTTP status. */
  status: number;
  firstEvent: Promise<void>;
  paidAt: Promise<number>;
  response: IncomingMessage | undefined;
}

/** Opens the payer's stream; `paidAt` resolves with the time PAID arrives on it. */
function follow(api: Api, ip: string, paymentId: string): Promise<Omit<Payer, "payment">> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: api.host,
        port: api.port,
        path: `${api.prefix}/payments/${paymentId}/events`,
        localAddress: ip,
        agent: false,
        headers: { ...api.headers, accept: "text/event-stream" },
      },
      (res) => {
        let onFirst = () => {};
        let onPaid: (at: number) => void = () => {};
        const firstEvent = new Promise<void>((done) => (onFirst = done));
        const paidAt = new Promise<number>((done) => (onPaid = done));
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const data = buffer
              .slice(0, end)
              .split("\n")
              .find((line) => line.startsWith("data: "));
            buffer = buffer.slice(end + 2);
            if (!data) continue;
            onFirst();
            if ((JSON.parse(data.slice(6)) as { status: string }).status === "PAID")
              onPaid(performance.now());
          }
        });
        resolve({ ip, status: res.statusCode ?? 0, firstEvent, paidAt, response: res });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function inBatches<T>(count: number, size: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await run(i);
      }
    }),
  );
  return results;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out: ${what}`)), TIMEOUT_MS).unref(),
    ),
  ]);
}

async function main(): Promise<void> {
  log("starting kassa dev (default configuration)");
  const stack = await startDevStack();
  const payers: Payer[] = [];
  try {
    const { env } = stack;
    const url = new URL(env.apiUrl);
    const api: Api = {
      host: url.hostname,
      port: Number(url.port),
      prefix: url.pathname,
      headers: { "x-public-key": env.merchant.publicKey, origin: env.allowedWidgetOrigin },
    };
    const payerKey = env.payers[0]?.privateKey as Hex;
    const account = privateKeyToAccount(payerKey);
    const chain = rpcChain(env.chainId, "Kassa dev", env.rpcUrl);
    const publicClient = createPublicClient({ chain, transport: http(env.rpcUrl) });
    const wallet = createWalletClient({ account, chain, transport: http(env.rpcUrl) });
    const token = env.tokens.permit18.address;

    let rateLimited = 0;
    log(`creating ${PAYERS} payments, each from its payer's own IP, with the public key and Origin`);
    const created = await inBatches(PAYERS, CONCURRENCY, async (i) => {
      const response = await post(api, payerIp(i), "/payments", {
        orderId: `payer-${i}-${Date.now()}`,
        amount: 0.01,
        tokenAddress: token,
        successUrl: "service:none",
        failUrl: "service:none",
      });
      if (response.status === 429) rateLimited += 1;
      if (response.status !== 201) throw new Error(`create: ${response.status} ${response.body}`);
      return (JSON.parse(response.body) as { data: Payer["payment"] }).data;
    });

    log(`opening ${PAYERS} status streams`);
    const opened = await inBatches(PAYERS, CONCURRENCY, (i) =>
      follow(api, payerIp(i), created[i]!.paymentId),
    );
    for (const [i, stream] of opened.entries()) payers.push({ ...stream, payment: created[i]! });
    rateLimited += payers.filter((payer) => payer.status === 429).length;
    const connected = payers.filter((payer) => payer.status === 200);
    await withTimeout(Promise.all(connected.map((payer) => payer.firstEvent)), "first events");
    log(`${connected.length} streams open, each with its payment's CREATED event`);

    const gateway = created[0]!.gatewayAddress;
    const approve = await wallet.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "approve",
      args: [gateway, maxUint256],
    });
    await publicClient.waitForTransactionReceipt({ hash: approve });
    const firstNonce = await publicClient.getTransactionCount({
      address: account.address,
      blockTag: "pending",
    });
    const fees = await publicClient.estimateFeesPerGas();

    log(`paying ${PAYERS} payments on the local chain`);
    const started = performance.now();
    // Sent in nonce order (a gap would hold every later transaction back), mined as they come.
    const hashes = await inBatches(PAYERS, 1, (i) =>
      wallet.sendTransaction({
        to: gateway,
        data: encodePay(created[i]!),
        gas: 200_000n,
        nonce: firstNonce + i,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    );
    let lastMined = started;
    await inBatches(PAYERS, PAY_CONCURRENCY, async (i) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: hashes[i]!, timeout: TIMEOUT_MS });
      if (receipt.status !== "success") throw new Error(`pay ${i} reverted`);
      lastMined = Math.max(lastMined, performance.now());
    });
    const paidAt = await withTimeout(
      Promise.all(connected.map((payer) => payer.paidAt)),
      "PAID on every stream",
    );
    const allPaid = Math.max(...paidAt);
    const seconds = (allPaid - started) / 1000;
    const afterLastMined = (allPaid - lastMined) / 1000;

    const rows: [string, string, string][] = [
      [
        "payers (one merchant, one public key)",
        String(PAYERS),
        `${new Set(payers.map((p) => p.ip)).size} client IPs`,
      ],
      ["stream connections opened", String(connected.length), "target: all"],
      ["429 RATE_LIMITED (create + stream)", String(rateLimited), "target 0"],
      ["PAID delivered", String(paidAt.length), ""],
      ["first pay sent -> PAID at every payer", `${seconds.toFixed(2)} s`, ""],
      ["last pay mined -> PAID at every payer", `${afterLastMined.toFixed(2)} s`, ""],
      ["payer account", anvilAccount(4).address === account.address ? "dev payer 1" : account.address, ""],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value, note] of rows)
      console.log(`${label.padEnd(width)}  ${value.padStart(12)}  ${note}`);
    if (json) {
      console.log(
        JSON.stringify({
          payers: PAYERS,
          connections: connected.length,
          rate_limited: rateLimited,
          paid_delivered: paidAt.length,
          seconds_to_all_paid: Number(seconds.toFixed(2)),
          seconds_after_last_mined: Number(afterLastMined.toFixed(2)),
        }),
      );
    }
  } finally {
    for (const payer of payers) payer.response?.destroy();
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
