import { spawn, type ChildProcess } from "node:child_process";
import { waitFor } from "@kassa/server/harness";
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { freePort } from "@kassa/contracts/dev";
import pg from "pg";
import type { KassaProviderOptions } from "../../src/options.js";
import { MEDUSA_VERSION, command, storeDir } from "./store.js";

/**
 * A Medusa server of the test store, as a merchant runs one: `medusa start` on a PostgreSQL database of its own
 * (copied from a template migrated once per Medusa version) and the machine's Redis for events, workflows and
 * locks, under a key prefix of its own.
 */
export const REDIS_URL = "redis://127.0.0.1:6379";
export const ADMIN = { email: "admin@kassa.test", password: "kassa-e2e-admin" };
const MEDUSA_CLI = join(storeDir, "node_modules", "@medusajs", "cli", "cli.js");

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function asAdmin<T>(adminUrl: string, statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Options that pass the provider's checks, for the commands that load it without taking payments. */
const IDLE_OPTIONS: KassaProviderOptions = {
  kassaUrl: "http://127.0.0.1:9",
  apiKey: "sk_unused",
  publicKey: "pk_unused",
  webhookSecret: "whsec_dW51c2Vk",
  tokenAddress: `0x${"00".repeat(20)}`,
};

function medusaEnv(databaseUrl: string, prefix: string, options: KassaProviderOptions, cors = "*") {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    STORE_CORS: cors,
    JWT_SECRET: randomBytes(16).toString("hex"),
    KASSA_OPTIONS: JSON.stringify(options),
  };
}

/**
 * The database every run copies: Medusa's migrations (about a minute) and the admin user, made once per Medusa
 * version and store configuration on the server, under a name saying which. Made under a temporary name and
 * renamed when complete, so a run that dies half way leaves no template behind and two runs never share a half.
 */
export async function ensureTemplate(adminUrl: string): Promise<string> {
  const config = await readFile(join(storeDir, "medusa-config.js"), "utf8");
  const digest = createHash("sha256").update(`${MEDUSA_VERSION}\n${config}`).digest("hex").slice(0, 10);
  const name = `kassa_medusa_${MEDUSA_VERSION.replaceAll(".", "_")}_${digest}`;
  const found = await asAdmin(adminUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (found.length > 0) return name;
  const building = `${name}_build_${randomBytes(4).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${building}`);
  const prefix = `kassa-e2e-template-${randomBytes(4).toString("hex")}`;
  try {
    const env = medusaEnv(withDatabase(adminUrl, building), prefix, IDLE_OPTIONS);
    await command(process.execPath, [MEDUSA_CLI, "db:migrate"], storeDir, { env, timeoutMs: 600_000 });
    await command(process.execPath, [MEDUSA_CLI, "user", "-e", ADMIN.email, "-p", ADMIN.password], storeDir, {
      env,
    });
    await asAdmin(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    const raced = await asAdmin(adminUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (raced.length === 0) throw error;
  } finally {
    await deleteRedisKeys(prefix);
  }
  return name;
}

/** What the tests use of ioredis, the store's Redis client (the repository has none of its own). */
interface RedisClient {
  connect(): Promise<void>;
  scan(cursor: string, ...args: (string | number)[]): Promise<[string, string[]]>;
  del(...keys: string[]): Promise<number>;
  disconnect(): void;
}

/** Removes what a store left in Redis under `prefix` (its queues, locks and sessions). */
async function deleteRedisKeys(prefix: string): Promise<void> {
  const Redis = createRequire(join(storeDir, "package.json"))("ioredis") as new (
    url: string,
    options: { lazyConnect: boolean; maxRetriesPerRequest: number },
  ) => RedisClient;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let cursor = "0"; ;) {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await redis.del(...keys);
      if (next === "0") break;
      cursor = next;
    }
  } finally {
    redis.disconnect();
  }
}

export interface RunningMedusa {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the server printed, line by line. */
  logs: string[];
  /** Admin API with the admin user's token. */
  // Tests read response fields freely and assert their shape; a precise type would add nothing.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  admin(path: string, init?: { method?: string; json?: unknown }): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** Starts `medusa start` on a copy of the template with the Kassa provider's `options`; CORS for `storefront`. */
export async function startMedusa(
  adminUrl: string,
  template: string,
  options: KassaProviderOptions,
  storefront: string,
): Promise<RunningMedusa> {
  const database = `kassa_medusa_run_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${database} TEMPLATE ${template}`);
  const prefix = `kassa-e2e-${randomBytes(6).toString("hex")}`;
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [MEDUSA_CLI, "start", "--port", String(port)], {
    cwd: storeDir,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
      ...medusaEnv(withDatabase(adminUrl, database), prefix, options, storefront),
      HOST: "127.0.0.1",
      // Medusa colours its log lines for a terminal; the tests read them.
      NO_COLOR: "1",
      FORCE_COLOR: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await deleteRedisKeys(prefix);
  };

  try {
    await waitFor(
      "medusa start to answer /health",
      async () => {
        if (child.exitCode !== null)
          throw new Error(`medusa exited with ${child.exitCode}:\n${logs.join("\n")}`);
        const response = await fetch(`${url}/health`).catch(() => undefined);
        return response?.ok || undefined;
      },
      180_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const auth = await fetch(`${url}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await auth.json()) as { token: string };
  return {
    url,
    logs,
    async admin(path, init = {}) {
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? (init.json === undefined ? "GET" : "POST"),
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    stop,
  };
}
