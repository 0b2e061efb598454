import type { Logger } from "pino";
import type { ChainClients } from "../chain/clients.js";
import { ConfigError, type Config } from "../config/index.js";
import { configuredChainClients } from "../core/services.js";
import { createDb, type Db } from "../db/infra/database.js";
import { migrate } from "../db/migrate.js";
import { migrateJobQueue } from "../db/infra/jobQueue.js";

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

/** A database for a process without DATABASE_URL: its URL, and how to stop it when this process started it. */
export type EmbeddedDatabase = (
  dataDir: string,
  progress: (message: string) => void,
) => Promise<{ url: string; stop?: () => Promise<void> }>;

let embedded: EmbeddedDatabase | undefined;

/** A clone's `kassa` (cli/main.ts) runs embedded PostgreSQL when DATABASE_URL is unset; a release does not. */
export function useEmbeddedDatabase(database: EmbeddedDatabase): void {
  embedded = database;
}

/** The database URL of this process: DATABASE_URL, else (in a clone) the embedded PostgreSQL's. */
async function databaseOf(
  config: Config,
  progress: (message: string) => void,
  closers: (() => Promise<void>)[],
) {
  const url = config.databaseUrl?.reveal();
  if (url !== undefined) return url;
  if (!embedded) {
    throw new ConfigError(
      "DATABASE_URL is not set: set it to your PostgreSQL (this install has no embedded PostgreSQL; only a clone's `npm start` runs one)",
    );
  }
  const started = await embedded(config.dataDir, progress);
  if (started.stop) closers.push(started.stop);
  return started.url;
}

/**
 * Connects to `DATABASE_URL`, or without it to the embedded PostgreSQL of a clone, and applies pending
 * migrations.
 */
export async function openContext(config: Config, options: OpenContextOptions = {}): Promise<Context> {
  const progress = options.progress ?? (() => {});
  const closers: (() => Promise<void>)[] = [];
  const databaseUrl = await databaseOf(config, progress, closers);
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
    chains: configuredChainClients(config, options.logger, db),
    close,
  };
}
