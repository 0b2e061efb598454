/**
 * Kassa as a benchmark meets it, through its public entry points only: the `kassa` command (migrate, admin,
 * start, api, worker) in child processes, a fresh database of its own on a PostgreSQL server, and /metrics.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "@kassa/contracts/dev";
import pg from "pg";

const kassaBin = fileURLToPath(new URL("../../server/bin/kassa.js", import.meta.url));

/** The PostgreSQL server benchmarks make their databases on. */
export const adminDatabaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs one statement on the server of `adminDatabaseUrl` (CREATE and DROP DATABASE), on a connection of its own. */
async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A database `prefix`_<random> on the server of `adminDatabaseUrl`, a copy of `template` when given. */
async function createDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await onServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A database of its own on the server of `adminDatabaseUrl`, migrated by `kassa migrate`; `drop` removes it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url, drop } = await createDatabase(prefix);
  try {
    await kassa(["migrate"], { DATABASE_URL: url });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, drop };
}

/**
 * A copy of the database at `templateUrl` (CREATE DATABASE ... TEMPLATE: a file copy, much cheaper than
 * seeding it again with `kassa admin`); nothing may be connected to the template meanwhile.
 */
export async function cloneDatabase(
  templateUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url, drop } = await createDatabase(prefix, new URL(templateUrl).pathname.slice(1));
  return { url, drop };
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
export async function kassaAdmin<T>(databaseUrl: string, args: string[]): Promise<T> {
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
 * port; resolves once GET /api/v1/health answers (a worker serves no HTTP: once it runs). `onLogLine` gets
 * each line of its JSON logs (stdout, at `LOG_LEVEL`, default error), which are dropped otherwise.
 */
export async function startKassa(
  role: "start" | "api" | "worker",
  env: Record<string, string>,
  options: { onLogLine?: (line: string) => void } = {},
): Promise<KassaProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [kassaBin, role], {
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", options.onLogLine ? "pipe" : "ignore", "inherit"],
  });
  const { onLogLine } = options;
  if (onLogLine && child.stdout) createInterface({ input: child.stdout }).on("line", onLogLine);
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

async function scrapeMetrics(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status}`);
  return response.text();
}

/** The sum of the samples of metric `name` in a scrape that carry `labels`, 0 when none. */
function sumOfSamples(scrape: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of scrape.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? (\S+)/.exec(line);
    if (match?.[1] !== name) continue;
    const sampleLabels = (match[2] ?? "").split(",");
    if (wanted.every((label) => sampleLabels.includes(label))) sum += Number(match[3]);
  }
  return sum;
}

/** The sum of a metric's samples in GET /metrics that carry `labels` (all of them without), 0 when none. */
export async function metricSum(
  baseUrl: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return sumOfSamples(await scrapeMetrics(baseUrl), name, labels);
}

/**
 * A histogram's `_sum` and `_count` (samples with `labels`) from one GET /metrics: the mean of what it observed
 * between two such reads is the difference of the sums over the difference of the counts.
 */
export async function histogramTotals(
  baseUrl: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<{ sum: number; count: number }> {
  const scrape = await scrapeMetrics(baseUrl);
  return {
    sum: sumOfSamples(scrape, `${name}_sum`, labels),
    count: sumOfSamples(scrape, `${name}_count`, labels),
  };
}

/** `kassa admin chain add` (its RPC URL and contracts, 0 confirmations), then its token with `token add`. */
export async function addChainWithToken(
  databaseUrl: string,
  chain: { networkId: number; rpcUrl: string; gateway: string; forwarder: string; token: string },
): Promise<void> {
  const networkId = String(chain.networkId);
  await kassaAdmin(databaseUrl, [
    "chain",
    "add",
    "--network-id",
    networkId,
    "--name",
    "Anvil",
    "--testnet",
    "--rpc-url",
    chain.rpcUrl,
    "--gateway",
    chain.gateway,
    "--forwarder",
    chain.forwarder,
    "--confirmations",
    "0",
  ]);
  // A test token of @kassa/contracts: no fee on transfer to probe for.
  await kassaAdmin(databaseUrl, [
    "token",
    "add",
    "--chain",
    networkId,
    "--address",
    chain.token,
    "--skip-probe",
  ]);
}

/** `kassa admin merchant create`: a merchant taking payments on the chain to `recipient`, and its keys. */
export function createMerchant(
  databaseUrl: string,
  merchant: { name: string; networkId: number; recipient: string; webhookUrl?: string },
): Promise<CreatedMerchant> {
  return kassaAdmin<CreatedMerchant>(databaseUrl, [
    "merchant",
    "create",
    "--name",
    merchant.name,
    "--chain",
    String(merchant.networkId),
    "--recipient",
    merchant.recipient,
    ...(merchant.webhookUrl ? ["--webhook-url", merchant.webhookUrl] : []),
  ]);
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
  await addChainWithToken(databaseUrl, shop);
  const merchant = await createMerchant(databaseUrl, { name: "Bench shop", ...shop });
  await kassaAdmin(databaseUrl, [
    "payment-method",
    "add",
    merchant.merchant.merchantKey,
    "--token",
    shop.token,
  ]);
  return merchant;
}
