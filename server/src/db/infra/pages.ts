import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "../schema/types.js";

/** The lists read newest first, by (created_at, id) descending, a page after a cursor row. */
type PagedTable = "payments" | "refunds" | "webhook_deliveries" | "payment_links" | "subscriptions";

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

/** A page of a list: at most `limit` rows after the cursor row `startingAfter` (the merchant's, when given). */
export interface PageRequest {
  limit: number;
  startingAfter?: string | undefined;
  merchantId?: number | undefined;
}

/**
 * A page of `select`'s rows of `table`, newest first, after the row whose `keyColumn` is
 * `page.startingAfter`; undefined when there is no such row.
 */
export async function readPage<TB extends keyof Database, O>(
  db: Db,
  select: SelectQueryBuilder<Database, TB, O>,
  table: PagedTable,
  keyColumn: "id" | "payment_id",
  page: PageRequest,
): Promise<{ rows: O[]; hasMore: boolean } | undefined> {
  let query = select
    .orderBy(sql.ref(`${table}.created_at`), "desc")
    .orderBy(sql.ref(`${table}.id`), "desc")
    .limit(page.limit + 1);
  if (page.startingAfter !== undefined) {
    const before = await beforeCursorRow(db, table, {
      keyColumn,
      key: page.startingAfter,
      merchantId: page.merchantId,
    });
    if (!before) return undefined;
    query = query.where(before);
  }
  return pageOf(await query.execute(), page.limit);
}
