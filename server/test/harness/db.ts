import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type Db } from "../../src/db/infra/database.js";

export interface TestDatabase {
  /** URL of this file's own database. */
  url: string;
  db: Db;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The chains row of anvil (31337), inserted unless there is one already; its id. */
export async function insertAnvilChain(db: Db): Promise<number> {
  const chain = await db
    .insertInto("chains")
    .values({ network_id: 31337, name: "Anvil", is_testnet: true })
    .onConflict((conflict) => conflict.column("network_id").doUpdateSet({ name: "Anvil" }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return chain.id;
}

/**
 * A fresh database with a unique name, for one test file: migrated unless `migrated` is false (a copy
 * of the run's template, which global-setup.ts migrates once).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `kassa_test_${randomBytes(6).toString("hex")}`;
  const migrated = options.migrated !== false;
  const template = migrated ? ` TEMPLATE ${inject("templateDatabase")}` : "";
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}${template}`));
  const url = withDatabase(inject("adminDatabaseUrl"), name);
  const db = createDb(url, { max: 20 });
  return {
    url,
    db,
    async close() {
      await db.destroy();
      await asAdmin(async (client) => {
        // pg's pool.end() resolves before its sockets have closed; dropping WITH (FORCE) at once would
        // hit those closing sessions with a FATAL they report as an unhandled error. Wait for them.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
