import { readdir, readFile } from "node:fs/promises";
import { sql } from "kysely";
import type { Db } from "./infra/database.js";

const migrationsDir = new URL("./migrations/", import.meta.url);
const fileNamePattern = /^(\d{3})_[a-z0-9_]+\.sql$/;
/** Any constant; serializes concurrent runners (several API processes starting at once). */
const MIGRATION_LOCK_KEY = 4_271_912;

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export async function loadMigrations(): Promise<Migration[]> {
  const names = (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const match = fileNamePattern.exec(name);
      if (!match) throw new Error(`migration file name ${name} must look like 001_some_name.sql`);
      return { id: Number(match[1]), name, sql: await readFile(new URL(name, migrationsDir), "utf8") };
    }),
  );
}

/**
 * Applies the pending migrations in order, each in its own transaction that also records it.
 * Returns the names applied by this call.
 */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await loadMigrations();
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`
        CREATE TABLE IF NOT EXISTS kassa_migrations (
          id integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`.execute(conn);
      const applied = new Set(
        (await conn.selectFrom("kassa_migrations").select("id").execute()).map((row) => row.id),
      );
      const done: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.id)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx
            .insertInto("kassa_migrations")
            .values({ id: migration.id, name: migration.name })
            .execute();
        });
        done.push(migration.name);
      }
      return done;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
