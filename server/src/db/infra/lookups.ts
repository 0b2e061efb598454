import type { Kysely, Selectable, Updateable } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "../schema/types.js";

/**
 * The plain reads and writes of db/: the rows of one table whose columns equal given values
 * (`WHERE column = value AND ...`). A null or undefined value matches no row, as `= NULL` does.
 */

type Table = keyof Database;
type Row<T extends Table> = Selectable<Database[T]>;
/** Column values a row must all equal. */
export type Match<T extends Table> = Partial<Row<T>>;

/** The database with its tables untyped, for a table the caller chooses: `Match` types the columns. */
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

function matching<Q extends { where(column: string, op: "=", value: unknown): Q }>(
  query: Q,
  match: object,
): Q {
  return Object.entries(match).reduce((q, [column, value]) => q.where(column, "=", value), query);
}

/** The first row of `table` that matches. */
export async function findOneBy<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
): Promise<Row<T> | undefined> {
  const query = (db as unknown as Untyped).selectFrom<string>(table).selectAll();
  return (await matching(query, match).executeTakeFirst()) as Row<T> | undefined;
}

/** The rows of `table` that match, ordered by `orderBy` (ascending, in that order). */
export async function findAllBy<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
  orderBy: readonly (keyof Row<T> & string)[] = [],
): Promise<Row<T>[]> {
  const query = matching((db as unknown as Untyped).selectFrom<string>(table).selectAll(), match);
  return (await orderBy.reduce((q, column) => q.orderBy(column), query).execute()) as Row<T>[];
}

function updateOf<T extends Table>(db: Db, table: T, match: Match<T>, update: Updateable<Database[T]>) {
  return matching((db as unknown as Untyped).updateTable<string>(table).set(update), match);
}

/** Sets `update` on the rows that match; the first of them, updated. */
export async function updateOneBy<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
  update: Updateable<Database[T]>,
): Promise<Row<T> | undefined> {
  return (await updateOf(db, table, match, update).returningAll().executeTakeFirst()) as Row<T> | undefined;
}

/** Sets `update` on the rows that match; false when none did. */
export async function updateWhere<T extends Table>(
  db: Db,
  table: T,
  match: Match<T>,
  update: Updateable<Database[T]>,
): Promise<boolean> {
  const result = await updateOf(db, table, match, update).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
