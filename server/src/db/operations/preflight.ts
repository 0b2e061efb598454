import { sql } from "kysely";
import pg from "pg";
import type { Db } from "../infra/database.js";
import { loadMigrations } from "../migrate.js";

/** What `kassa doctor` and `kassa start` read of the database before taking traffic. */

export interface DatabaseState {
  /** `server_version` as the server reports it, and its number (`server_version_num`). */
  version: string;
  versionNumber: number;
  /** Migrations of this release not applied yet, by file name. */
  pending: string[];
  /** Migrations applied that this release does not know (the database was migrated by a newer Kassa). */
  unknown: number[];
  applied: number;
  /** Worker processes (graphile-worker pools) with a heartbeat in the last 30 s. */
  liveWorkers: number;
}

export async function readDatabaseState(db: Db): Promise<DatabaseState> {
  const { rows } = await sql<{ version: string; number: number; migrations: boolean; heartbeats: boolean }>`
    SELECT current_setting('server_version') AS version,
           current_setting('server_version_num')::int AS number,
           to_regclass('kassa_migrations') IS NOT NULL AS migrations,
           to_regclass('worker_heartbeats') IS NOT NULL AS heartbeats`.execute(db);
  const server = rows[0]!;
  const applied = server.migrations
    ? (await sql<{ id: number }>`SELECT id FROM kassa_migrations`.execute(db)).rows.map((row) => row.id)
    : [];
  const liveWorkers = server.heartbeats
    ? ((
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM worker_heartbeats WHERE seen_at > now() - interval '30 seconds'`.execute(
          db,
        )
      ).rows[0]?.n ?? 0)
    : 0;
  const known = await loadMigrations();
  const knownIds = new Set(known.map((migration) => migration.id));
  return {
    version: server.version,
    versionNumber: server.number,
    pending: known.filter((migration) => !applied.includes(migration.id)).map((migration) => migration.name),
    unknown: applied.filter((id) => !knownIds.has(id)).sort((a, b) => a - b),
    applied: applied.length,
    liveWorkers,
  };
}

/**
 * Whether connections to `databaseUrl` share database sessions, as behind a pooler in transaction or
 * statement mode (PgBouncer's `pool_mode = transaction`): Kassa holds advisory locks for as long as a
 * session lives, and graphile-worker LISTENs on its session, so neither works there. One connection reads
 * its backend's pid; two others each open a transaction, which holds a server session of the pooler's;
 * then the first reads its pid again. Directly on PostgreSQL (or a pooler in session mode) every
 * connection keeps a session of its own: the first connection's pid never changes and no other connection
 * sees it. A pooler that hands out sessions per transaction gives the idle first session to one of the
 * others, or moves the first connection to another session, or refuses the transactions (statement mode).
 */
export async function sharesSessions(databaseUrl: string): Promise<boolean> {
  const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: databaseUrl }));
  const pid = async (client: pg.Client) =>
    (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  try {
    await Promise.all(clients.map((client) => client.connect()));
    const [first, ...others] = clients as [pg.Client, pg.Client, pg.Client];
    const before = await pid(first);
    const othersPids: number[] = [];
    for (const other of others) {
      try {
        await other.query("BEGIN");
      } catch {
        return true;
      }
      othersPids.push(await pid(other));
    }
    const after = await pid(first);
    return after !== before || othersPids.includes(before);
  } finally {
    await Promise.all(
      clients.map(async (client) => {
        await client.query("ROLLBACK").catch(() => {});
        await client.end().catch(() => {});
      }),
    );
  }
}
