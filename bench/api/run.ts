/**
 * API benchmark: POST /payments and GET /payments/:id under load (autocannon, 64 connections, 10 s each),
 * beside a floor measured in the same run: a bare Fastify route doing one INSERT of the same row on the same
 * database, with the same pool size. Kassa runs as `kassa dev` in a child process; the floor in another.
 * Each measurement follows an unmeasured warm-up at the same load (JIT compilation, pool connections).
 *
 *   npm run bench:api            prints a table
 *   npm run bench:api -- --json  also prints {"post_rps":N,"post_p99_ms":N,"floor_rps":N,"get_rps":N,"get_p99_ms":N}
 *                                as the last line
 *   --duration N                 seconds per measurement (default 10)
 *   --warmup N                   seconds of warm-up before each (default 3)
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "@kassa/contracts/dev";
import autocannon from "autocannon";
import pg from "pg";
import { startDevStack } from "../lib/devStack.js";

const json = process.argv.includes("--json");
function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}
const duration = numberOption("--duration", 10);
const warmup = numberOption("--warmup", 3);
const connections = 64;
const poolSize = 20;
const targets = { postShareOfFloor: 0.5, postP99Ms: 50, getRps: 4000 };

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(options: autocannon.Options): Promise<Measurement> {
  if (warmup > 0) await autocannon({ connections, duration: warmup, ...options });
  const result = await autocannon({ connections, duration, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function orderBody(prefix: string, tokenAddress: string): () => string {
  let n = 0;
  return () =>
    JSON.stringify({
      orderId: `${prefix}-${++n}`,
      amount: 12.34,
      tokenAddress,
      successUrl: "https://shop.example/ok",
      failUrl: "https://shop.example/fail",
    });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${url} did not answer`);
}

const progress = (message: string) => process.stderr.write(`• ${message}\n`);

progress("starting kassa dev (embedded PostgreSQL, anvil, contracts, demo merchant)");
const stack = await startDevStack({
  RATE_LIMIT_PER_MINUTE: "100000000",
  DATABASE_POOL_SIZE: String(poolSize),
});
const floorPort = await freePort();
let floor: ReturnType<typeof spawn> | undefined;
try {
  const { env } = stack;
  const token = env.tokens.permit18.address;
  const base = env.apiUrl;

  progress(`POST /payments for ${warmup} + ${duration} s`);
  const nextOrder = orderBody("bench-post", token);
  const post = await measure({
    url: `${base}/payments`,
    requests: [
      {
        method: "POST",
        path: "/api/v1/payments",
        headers: { "content-type": "application/json", "x-api-key": env.merchant.apiKey },
        setupRequest: (request) => ({ ...request, body: nextOrder() }),
      },
    ],
  });

  const created = await fetch(`${base}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": env.merchant.apiKey },
    body: orderBody("bench-get", token)(),
  });
  const paymentId = ((await created.json()) as { data: { paymentId: string } }).data.paymentId;

  progress(`GET /payments/:id for ${warmup} + ${duration} s`);
  const get = await measure({
    url: `${base}/payments/${paymentId}`,
    headers: { "x-public-key": env.merchant.publicKey },
  });

  // The floor inserts the row Kassa stored for the GET payment, with a fresh order id each time.
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  const { rows } = await db.query("SELECT * FROM payments WHERE payment_id = $1", [paymentId]);
  await db.end();
  floor = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./floor.ts", import.meta.url))],
    {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: env.databaseUrl,
        PORT: String(floorPort),
        POOL_SIZE: String(poolSize),
        FLOOR_ROW: JSON.stringify(rows[0]),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await waitForHttp(`http://127.0.0.1:${floorPort}/health`);
  progress(`floor: bare INSERT route for ${warmup} + ${duration} s`);
  const nextFloorOrder = orderBody("bench-floor", token);
  const floorResult = await measure({
    url: `http://127.0.0.1:${floorPort}/floor`,
    requests: [
      {
        method: "POST",
        path: "/floor",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({ ...request, body: nextFloorOrder() }),
      },
    ],
  });

  const rowsOut = [
    [
      "POST /payments",
      post,
      `>= ${Math.round(floorResult.rps * targets.postShareOfFloor)} req/s, p99 <= ${targets.postP99Ms} ms`,
    ],
    ["GET /payments/:id", get, `>= ${targets.getRps} req/s`],
    ["floor: bare INSERT", floorResult, ""],
  ] as const;
  console.log(
    `\n${"route".padEnd(20)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"non-2xx".padStart(8)} ${"errors".padStart(7)}  target`,
  );
  for (const [name, m, target] of rowsOut) {
    console.log(
      `${name.padEnd(20)} ${String(m.rps).padStart(8)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.non2xx).padStart(8)} ${String(m.errors).padStart(7)}  ${target}`,
    );
  }
  console.log(
    `\n${connections} connections, ${duration} s each after ${warmup} s of warm-up; POST is ${Math.round((post.rps / floorResult.rps) * 100)}% of the floor.`,
  );
  if (json) {
    console.log(
      JSON.stringify({
        post_rps: post.rps,
        post_p99_ms: post.p99,
        floor_rps: floorResult.rps,
        get_rps: get.rps,
        get_p99_ms: get.p99,
      }),
    );
  }
} finally {
  if (floor && floor.exitCode === null) {
    const exited = new Promise((resolve) => floor?.once("exit", resolve));
    floor.kill("SIGTERM");
    await exited;
  }
  await stack.stop();
}
