import { sql, type Kysely } from "kysely";
import { Logger, runMigrations } from "graphile-worker";
import { createDb } from "./database.js";
import type { Database } from "../schema/types.js";

export interface EnqueueOptions {
  /** Run no earlier than this; default now. */
  runAt?: Date;
  /** Attempts before the job is given up; default 25. */
  maxAttempts?: number;
  /** A job with the same key is replaced (not duplicated) while it waits. */
  jobKey?: string;
  /** Jobs of one queue run one at a time, in order. */
  queueName?: string;
  priority?: number;
}

/**
 * Adds a graphile-worker job through SQL, so that it commits or rolls back with the state change that
 * causes it: pass the transaction (`trx`) the change runs in. A committed change always has its job.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  task: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await sql`
    SELECT graphile_worker.add_job(
      identifier => ${task}::text,
      payload => ${JSON.stringify(payload)}::json,
      queue_name => ${options.queueName ?? null}::text,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::smallint,
      job_key => ${options.jobKey ?? null}::text,
      priority => ${options.priority ?? null}::smallint
    )`.execute(db);
}

/**
 * Every job is a row inserted, then deleted when it completes: under load the table is mostly dead rows
 * unless autovacuum visits it after a fixed number of them rather than a fraction of its (small) size.
 */
const JOB_TABLE_AUTOVACUUM = sql`(
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 5000,
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 5000,
  autovacuum_vacuum_cost_delay = 0
)`;

/**
 * Creates or upgrades graphile-worker's schema; run at start so any process can enqueue at once. Also sets
 * the job table's autovacuum thresholds (docs/operations.md, "Cost and vacuum").
 */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: silentLogger() });
  const db = createDb(connectionString, { max: 1 });
  try {
    await sql`ALTER TABLE graphile_worker._private_jobs SET ${JOB_TABLE_AUTOVACUUM}`.execute(db);
  } finally {
    await db.destroy();
  }
}

function silentLogger(): Logger {
  return new Logger(() => () => {});
}
