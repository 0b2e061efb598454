import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { type ChainRow } from "../schema/rows.js";

/** The tables whose rows per status migration 011's triggers count in `status_counts`. */
export type CountedTable = "payments" | "webhook_deliveries";

/**
 * Rows per status of a table (only statuses that have rows), from the counters the triggers keep in the
 * transaction of every change: a few dozen rows summed, whatever the size of the table.
 */
export async function listStatusCounts(
  db: Db,
  table: CountedTable,
): Promise<{ status: string; count: number }[]> {
  const { rows } = await sql<{ status: string; n: number }>`
    SELECT status, sum(n)::float8 AS n FROM status_counts WHERE table_name = ${table}
    GROUP BY status HAVING sum(n) <> 0`.execute(db);
  return rows.map((row) => ({ status: row.status, count: row.n }));
}

/** Age in seconds of the oldest webhook delivery not yet delivered; 0 when none waits. */
export async function findOldestPendingDeliveryAgeSeconds(db: Db): Promise<number> {
  const { rows } = await sql<{ seconds: number | null }>`
    SELECT extract(epoch FROM now() - min(created_at))::float8 AS seconds
    FROM webhook_deliveries WHERE status = 'PENDING'`.execute(db);
  return rows[0]?.seconds ?? 0;
}

export type WatcherCursorRow = Pick<ChainRow, "network_id" | "name" | "rpc_url"> & { block_number: number };

/** Every chain the watcher has a cursor for, with the cursor's block. */
export function listWatcherCursors(db: Db): Promise<WatcherCursorRow[]> {
  return db
    .selectFrom("chain_cursors")
    .innerJoin("chains", "chains.id", "chain_cursors.chain_id")
    .select(["chains.network_id", "chains.name", "chains.rpc_url", "chain_cursors.block_number"])
    .execute();
}
