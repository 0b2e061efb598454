import { hostname } from "node:os";
import { sql } from "kysely";
import type { Db } from "./database.js";

/** Records that the graphile-worker pools `poolIds` of this process are alive, at the database's clock. */
export async function beatWorkerPools(db: Db, poolIds: readonly string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await sql`
    INSERT INTO worker_heartbeats (pool_id, pid, hostname)
    SELECT pool_id, ${process.pid}::int, ${hostname()}::text FROM unnest(${poolIds}::text[]) AS pool_id
    ON CONFLICT (pool_id) DO UPDATE SET seen_at = now()`.execute(db);
}

/** A pool that stopped cleanly: its jobs are already released. */
export async function forgetWorkerPools(db: Db, poolIds: readonly string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await sql`DELETE FROM worker_heartbeats WHERE pool_id = ANY(${poolIds}::text[])`.execute(db);
}

/**
 * Unlocks the jobs held for more than `staleMs` by pools with no heartbeat within
 * `staleMs` (their process died without releasing them; graphile-worker alone would wait four hours), so
 * that any worker runs them again. A pool that dies before its first heartbeat is covered the same way.
 * Returns the pools unlocked. Old heartbeats are removed on the way.
 */
export async function unlockJobsOfDeadWorkers(db: Db, staleMs: number): Promise<string[]> {
  const stale = sql`now() - make_interval(secs => ${staleMs / 1000}::float8)`;
  await sql`DELETE FROM worker_heartbeats WHERE seen_at < now() - interval '1 day'`.execute(db);
  const { rows } = await sql<{ pool_id: string }>`
    SELECT DISTINCT jobs.locked_by AS pool_id
    FROM graphile_worker.jobs AS jobs
    WHERE jobs.locked_by IS NOT NULL
      AND jobs.locked_at < ${stale}
      AND NOT EXISTS (
        SELECT 1 FROM worker_heartbeats AS beats
        WHERE beats.pool_id = jobs.locked_by AND beats.seen_at >= ${stale}
      )`.execute(db);
  const dead = rows.map((row) => row.pool_id);
  // A dead pool takes no new job, so unlocking by pool id after reading them is safe.
  if (dead.length > 0) await sql`SELECT graphile_worker.force_unlock_workers(${dead}::text[])`.execute(db);
  return dead;
}
