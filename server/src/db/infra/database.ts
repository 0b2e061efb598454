import { Kysely, PostgresDialect, sql, type LogEvent, type Transaction } from "kysely";
import pg from "pg";
import type { Database } from "../schema/types.js";

export type Db = Kysely<Database>;
/** A transaction in progress, for the statements that must run inside one (a row lock, a nonce). */
export type DbTransaction = Transaction<Database>;

const INT8_OID = 20;

/** bigint columns (network ids, deadlines, payment row ids) fit a JS number; refuse silently lossy ones. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`int8 value ${text} exceeds Number.MAX_SAFE_INTEGER`);
  return value;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? "text")) as pg.CustomTypesConfig["getTypeParser"],
};

export interface CreateDbOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Called with every statement run and its outcome (Kysely's query log), to count what a path reads. */
  log?: (event: LogEvent) => void;
}

/** A Kysely instance over its own pg pool. `db.destroy()` closes the pool. */
export function createDb(connectionString: string, options: CreateDbOptions = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types });
  // An idle connection the server closes (a restart, a failover) is dropped from the pool and replaced on
  // the next query; without a listener the pool's 'error' event would crash the process.
  pool.on("error", () => {});
  // A connection ended under a query in flight (an administrator's pg_terminate_backend, a failover) also
  // raises 'error' on its client, checked out and so without the pool's listener: the query has failed
  // with it already, and without this the process would crash.
  pool.on("connect", (client) => client.on("error", () => {}));
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * A plain pg pool for graphile-worker (its own row types), whose connection errors are handled for as long
 * as the pool lives: graphile-worker's own pool drops its error listener before it ends, so a connection
 * the server closes at that moment (the database stopping with the process) crashed the process.
 */
export function createQueuePool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => {});
  // A client in use raises the same error on its next query; nothing is lost by not logging it here.
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/** SQLSTATE 23505 on the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return error instanceof pg.DatabaseError && error.code === "23505" && error.constraint === constraint;
}

/**
 * Runs `fn` on one connection of the pool while that session holds advisory lock `key`; resolves
 * undefined at once, without running `fn`, when another session holds it. The lock goes with the
 * session if the process dies.
 */
export function withTryAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: (conn: Db) => Promise<T>,
): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return undefined;
    try {
      return await fn(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
