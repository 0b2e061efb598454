import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { buildCommand, serverDir } from "../../../scripts/build.js";
import { ensureBundles } from "../../../scripts/bundles.js";
import { createDb } from "../../src/db/infra/database.js";
import { startEmbeddedPostgres } from "../../src/db/infra/embedded.js";
import { migrate } from "../../src/db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server; each test file creates its own database on it. */
    adminDatabaseUrl: string;
    /** A database on that server migrated once for the run: each test file's database is a copy of it. */
    templateDatabase: string;
    /** The `kassa` command compiled once for the run (harness/cli.ts runs it). */
    kassaCommand: string;
  }
}

interface SharedPostgres {
  url: Promise<string>;
  users: number;
  stop(): Promise<void>;
}

/** One embedded server for every project of the run that needs one (each runs this setup). */
const shared = globalThis as {
  kassaTestPostgres?: SharedPostgres;
  kassaTestBundles?: Promise<boolean>;
  kassaTestTemplate?: SharedValue;
  kassaTestCommand?: SharedValue;
};

/** Made by the first project of the run that needs it, removed after the last one is done with it. */
interface SharedValue {
  value: Promise<string>;
  users: number;
}

async function useShared(
  key: "kassaTestTemplate" | "kassaTestCommand",
  make: () => Promise<string>,
  remove: (value: string) => Promise<void>,
): Promise<{ value: string; release(): Promise<void> }> {
  const entry = (shared[key] ??= { value: make(), users: 0 });
  entry.users += 1;
  const value = await entry.value;
  return {
    value,
    async release() {
      entry.users -= 1;
      if (entry.users > 0) return;
      delete shared[key];
      await remove(value);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a database of a unique name once: `CREATE DATABASE ... TEMPLATE` copies it in a tenth of
 * the time migrating each test file's database takes. Unique per run, since several runs may share
 * the server; it must have no open connection while it is copied, so the pool is closed here.
 */
async function createTemplate(adminUrl: string): Promise<string> {
  const name = `kassa_template_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const db = createDb(withDatabase(adminUrl, name), { max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  return name;
}

/** The run's template database on `adminUrl`. */
const useTemplate = (adminUrl: string) =>
  useShared(
    "kassaTestTemplate",
    () => createTemplate(adminUrl),
    (name) => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );

/**
 * The `kassa` command the tests start, compiled once for the run into a folder of its own under server/dist
 * (several runs may share the clone): through tsx each start took 3-4 s of CPU, compiled under one.
 */
const useCommand = () =>
  useShared(
    "kassaTestCommand",
    async () => {
      const dir = join(serverDir, "dist", `test-command-${randomBytes(6).toString("hex")}`);
      await buildCommand(dir);
      return join(dir, "kassa.js");
    },
    (path) => rm(join(path, ".."), { recursive: true, force: true }),
  );

function startShared(): SharedPostgres {
  let stopServer = async () => {};
  const url = (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "kassa-test-pg-"));
    const postgres = await startEmbeddedPostgres({ dataDir, persistent: false });
    stopServer = async () => {
      await postgres.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
    return postgres.url;
  })();
  return { url, users: 0, stop: () => stopServer() };
}

/**
 * Builds the browser bundles the API serves when they are older than their sources, and compiles the `kassa`
 * command the tests start. Uses the server
 * named by DATABASE_URL when set, else starts embedded PostgreSQL in a temporary
 * directory for the whole run (shared by the projects that use this setup) and removes it afterwards.
 * Read directly from the environment: the harness sits outside the service, whose only environment
 * reader is config.ts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The API serves the browser bundles from server/dist/public: built once for the run when a source changed.
  await (shared.kassaTestBundles ??= ensureBundles());
  const command = await useCommand();
  project.provide("kassaCommand", command.value);
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await useTemplate(url);
    project.provide("adminDatabaseUrl", url);
    project.provide("templateDatabase", template.value);
    return async () => {
      await template.release();
      await command.release();
    };
  }
  const postgres = (shared.kassaTestPostgres ??= startShared());
  postgres.users += 1;
  const adminUrl = await postgres.url;
  const template = await useTemplate(adminUrl);
  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template.value);
  return async () => {
    await template.release();
    await command.release();
    postgres.users -= 1;
    if (postgres.users > 0) return;
    delete shared.kassaTestPostgres;
    await postgres.stop();
  };
}
