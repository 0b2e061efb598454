import type { ColumnType } from "kysely";

/** How the schema's columns read and write (`types.ts`), in Kysely's `ColumnType<Select, Insert, Update>`. */

/** Written by the database (default now() and the updated_at trigger), read as Date. */
export type Timestamp = ColumnType<Date, never, never>;
/** numeric columns are read as exact decimal strings and written from bigint or string. */
export type Numeric = ColumnType<string, bigint | string, bigint | string>;
/** A numeric column set once, at insert. */
export type FixedNumeric = ColumnType<string, bigint | string, never>;
export type NullableNumeric = ColumnType<
  string | null,
  bigint | string | null | undefined,
  bigint | string | null
>;
export type NullableDate = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** The two timestamps most tables keep: set on insert, and on every update by a trigger. */
export interface Timestamps {
  created_at: Timestamp;
  updated_at: Timestamp;
}
