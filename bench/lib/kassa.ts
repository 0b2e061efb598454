/**
 * Kassa as a benchmark meets it, through its public entry points only: the `kassa` command (migrate, admin,
 * start, api, worker) in child processes, a fresh database of its own on a PostgreSQL server, and /metrics.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "@kassa/contracts/dev";
import pg from "pg";

const kassaBin = fileURLToPath(new URL("../../server/bin/kassa.js", import.meta.url));

/** The PostgreSQL server benchmarks make their databases on. */
export const adminDatabaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of its own on the server of `adminDatabaseUrl`, migrated by `kassa migrate`; `drop` removes it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const drop = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    await kassa(["migrate"], { DATABASE_URL: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}

/** Runs a `kassa` command to its end and answers its standard output. */
export async function kassa(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [kassaBin, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: "error", ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** A `kassa admin` command with `--json`, its answer parsed. */
async function kassaAdmin<T>(databaseUrl: string, args: string[]): Promise<T> {
  return JSON.parse(await kassa(["admin", ...args, "--json"], { DATABASE_URL: databaseUrl })) as T;
}

/** What `kassa admin merchant create --json` prints: the keys are shown once. */
export interface CreatedMerchant {
  merchant: { merchantKey: string; merchantId: string };
  apiKey: string;
  publicKey: string;
  webhookSecret: string;
}

export interface KassaProcess {
  /** http://127.0.0.1:<port> of `kassa start` or `kassa api` (the API under /api/v1, /metrics). */
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * `kassa start`, `api` or `worker` in a child process with `env` (DATABASE_URL and the settings), on a free
 * port; resolves once GET /api/v1/health answers (a worker serves no HTTP: once it runs).
 */
export async function startKassa(
  role: "start" | "api" | "worker",
  env: Record<string, string>,
): Promise<KassaProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [kassaBin, role], {
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  if (role !== "worker") {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`kassa ${role} exited (${child.exitCode})`);
      if ((await fetch(`${baseUrl}/api/v1/health`).catch(() => undefined))?.ok) break;
      if (waited > 120_000) {
        await stop();
        throw new Error(`kassa ${role} did not answer within 120 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { baseUrl, stop };
}

/** The sum of a metric's samples in GET /metrics that carry `labels` (all of them without), 0 when none. */
export async function metricSum(
  baseUrl: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status}`);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? (\S+)/.exec(line);
    if (match?.[1] !== name) continue;
    const sampleLabels = (match[2] ?? "").split(",");
    if (wanted.every((label) => sampleLabels.includes(label))) sum += Number(match[3]);
  }
  return sum;
}

/**
 * Seeds a fresh database with `kassa admin`: the chain (its contracts, 0 confirmations), one token and a merchant
 * accepting it, whose keys and webhook secret it answers.
 */
export async function seedShop(
  databaseUrl: string,
  shop: {
    networkId: number;
    rpcUrl: string;
    gateway: string;
    forwarder: string;
    token: string;
    recipient: string;
    webhookUrl?: string;
  },
): Promise<CreatedMerchant> {
  const chainId = String(shop.networkId);
  await kassaAdmin(
    databaseUrl,
    ["chain", "add", "--network-id", chainId, "--name", "Anvil", "--testnet"].concat([
      "--rpc-url",
      shop.rpcUrl,
      "--gateway",
      shop.gateway,
      "--forwarder",
      shop.forwarder,
      "--confirmations",
      "0",
    ]),
  );
  // A test token of @kassa/contracts: no fee on transfer to probe for.
  await kassaAdmin(databaseUrl, [
    "token",
    "add",
    "--chain",
    chainId,
    "--address",
    shop.token,
    "--skip-probe",
  ]);
  const merchant = await kassaAdmin<CreatedMerchant>(databaseUrl, [
    "merchant",
    "create",
    "--name",
    "Bench shop",
    "--chain",
    chainId,
    "--recipient",
    shop.recipient,
    ...(shop.webhookUrl ? ["--webhook-url", shop.webhookUrl] : []),
  ]);
  await kassaAdmin(databaseUrl, [
    "payment-method",
    "add",
    merchant.merchant.merchantKey,
    "--token",
    shop.token,
  ]);
  return merchant;
}
