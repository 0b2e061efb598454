import { sql, type Kysely } from "kysely";
import { Logger, runMigrations } from "graphile-worker";
import type { Database } from "../db/types.js";

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

/** Creates or upgrades graphile-worker's schema; run at start so any process can enqueue at once. */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: silentLogger() });
}

function silentLogger(): Logger {
  return new Logger(() => () => {});
}
