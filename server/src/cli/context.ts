import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import type { ChainClients } from "../chain/clients.js";
import type { Config } from "../config/index.js";
import { configuredChainClients } from "../core/services.js";
import { createDb, type Db } from "../db/database.js";
import { startEmbeddedPostgres } from "../db/embedded.js";
import { migrate } from "../db/migrate.js";
import { migrateJobQueue } from "../db/jobQueue.js";

/** What every command that touches the database works with. */
export interface Context {
  config: Config;
  db: Db;
  databaseUrl: string;
  chains: ChainClients;
  close(): Promise<void>;
}

export interface OpenContextOptions {
  /** Progress lines for a person. */
  progress?: (message: string) => void;
  /** Pool size; default DATABASE_POOL_SIZE. */
  poolSize?: number;
  /** Where the chain clients report failing RPC URLs and lowered eth_getLogs ranges. */
  logger?: Logger;
}

/**
 * Connects to `DATABASE_URL`, or without it to the embedded PostgreSQL under the data directory (the one
 * `npm start` runs: reused while it runs, started for the command otherwise), and applies pending
 * migrations.
 */
export async function openContext(config: Config, options: OpenContextOptions = {}): Promise<Context> {
  const progress = options.progress ?? (() => {});
  const closers: (() => Promise<void>)[] = [];
  let databaseUrl = config.databaseUrl?.reveal();
  if (databaseUrl === undefined) {
    const embedded = await embeddedDatabaseUrl(config.dataDir, progress);
    databaseUrl = embedded.url;
    if (embedded.stop) closers.push(embedded.stop);
  }
  const db = createDb(databaseUrl, { max: options.poolSize ?? config.databasePoolSize });
  closers.unshift(() => db.destroy());
  const close = async () => {
    for (const closer of closers) await closer();
  };
  try {
    const applied = await migrate(db);
    if (applied.length > 0) progress(`applied migrations: ${applied.join(", ")}`);
    await migrateJobQueue(databaseUrl);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    config,
    db,
    databaseUrl,
    chains: configuredChainClients(config, options.logger),
    close,
  };
}

/** Directory of the embedded PostgreSQL cluster inside the data directory. */
export function embeddedPostgresDir(dataDir: string): string {
  return resolve(dataDir, "postgres");
}

async function embeddedDatabaseUrl(
  dataDir: string,
  progress: (message: string) => void,
): Promise<{ url: string; stop?: () => Promise<void> }> {
  const dir = embeddedPostgresDir(dataDir);
  const running = await runningPostgres(dir);
  if (running !== undefined)
    return { url: `postgres://postgres:postgres@127.0.0.1:${running.port}/postgres` };
  await mkdir(dir, { recursive: true });
  progress(`starting embedded PostgreSQL in ${dir}`);
  const postgres = await startEmbeddedPostgres({ dataDir: dir });
  return { url: postgres.url, stop: postgres.stop };
}

/** The process id and port of a PostgreSQL running on `dir` (read from its postmaster.pid), if any. */
export async function runningPostgres(dir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, "utf8")).split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  return isAlive(pid) ? { pid, port } : undefined;
}

/** Whether process `pid` exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
