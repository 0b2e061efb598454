import { sql, type RawBuilder } from "kysely";
import type { Db } from "./database.js";

/** The lists read newest first, by (created_at, id) descending, a page after a cursor row. */
type PagedTable = "payments" | "refunds" | "webhook_deliveries" | "payment_links";

/**
 * The condition "created before the cursor row" for the row whose `keyColumn` is `key` (and, when given,
 * the merchant's). Compared inside SQL: a JS Date would drop created_at's microseconds and skip the rows
 * of the cursor's millisecond. Undefined when there is no such row: the caller's unknown-cursor answer.
 */
export async function beforeCursorRow(
  db: Db,
  table: PagedTable,
  cursor: { keyColumn: "id" | "payment_id"; key: string; merchantId?: number | undefined },
): Promise<RawBuilder<boolean> | undefined> {
  const merchant = cursor.merchantId === undefined ? sql`` : sql`AND merchant_id = ${cursor.merchantId}`;
  const { rows } = await sql<{ id: string | number }>`
    SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(cursor.keyColumn)} = ${cursor.key} ${merchant}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) <
    (SELECT created_at, id FROM ${sql.table(table)} WHERE id = ${row.id})`;
}

/** A page of `limit` rows out of a read of `limit + 1`, and whether more follow. */
export function pageOf<T>(rows: T[], limit: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
