import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBundles } from "../../../scripts/bundles.js";
import { startEmbeddedPostgres } from "../../src/db/infra/embedded.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server; each test file creates its own database on it. */
    adminDatabaseUrl: string;
  }
}

interface SharedPostgres {
  url: Promise<string>;
  users: number;
  stop(): Promise<void>;
}

/** One embedded server for every project of the run that needs one (each runs this setup). */
const shared = globalThis as { kassaTestPostgres?: SharedPostgres; kassaTestBundles?: Promise<boolean> };

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
 * Builds the browser bundles the API serves when they are older than their sources. Uses the server
 * named by DATABASE_URL when set, else starts embedded PostgreSQL in a temporary
 * directory for the whole run (shared by the projects that use this setup) and removes it afterwards.
 * Read directly from the environment: the harness sits outside the service, whose only environment
 * reader is config.ts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The API serves the browser bundles from server/dist/public: built once for the run when a source changed.
  await (shared.kassaTestBundles ??= ensureBundles());
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide("adminDatabaseUrl", url);
    return async () => {};
  }
  const postgres = (shared.kassaTestPostgres ??= startShared());
  postgres.users += 1;
  project.provide("adminDatabaseUrl", await postgres.url);
  return async () => {
    postgres.users -= 1;
    if (postgres.users > 0) return;
    delete shared.kassaTestPostgres;
    await postgres.stop();
  };
}
