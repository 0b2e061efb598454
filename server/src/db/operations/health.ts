import { sql } from "kysely";
import type { Db } from "../infra/database.js";

/** Resolves when the database answers a query; rejects with the driver's error otherwise. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
