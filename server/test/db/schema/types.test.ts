import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";

/**
 * `db/schema/types.ts` is the one description of the schema the queries are typed against; the migrations are
 * what the database is. This reads the first with the TypeScript compiler and the second from
 * `information_schema`, and asks them to agree: the same tables, the same columns, and a column typed
 * as possibly null exactly where the database allows NULL.
 */

interface ColumnShape {
  nullable: boolean;
}
type Schema = Record<string, Record<string, ColumnShape>>;

const typesFile = fileURLToPath(new URL("../../../src/db/schema/types.ts", import.meta.url));

function declaredSchema(): Schema {
  const program = ts.createProgram([typesFile], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile);
  if (!source) throw new Error(`cannot read ${typesFile}`);
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "Database",
  );
  if (!database) throw new Error("db/schema/types.ts declares no Database");
  const schema: Schema = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns: Record<string, ColumnShape> = {};
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      const declared = checker.getTypeOfSymbolAtLocation(column, database);
      // Kysely's ColumnType<Select, Insert, Update> (and Generated<T>) carry the read type as __select__.
      const select = declared.getProperty("__select__");
      const read = select ? checker.getTypeOfSymbolAtLocation(select, database) : declared;
      const parts = read.isUnion() ? read.types : [read];
      columns[column.name] = { nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0) };
    }
    schema[table.name] = columns;
  }
  return schema;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

async function migratedSchema(): Promise<Schema> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: "YES" | "NO" }>`
    SELECT c.table_name, c.column_name, c.is_nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
  `.execute(t.db);
  const schema: Schema = {};
  for (const row of rows) {
    (schema[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === "YES" };
  }
  return schema;
}

describe("the schema type", () => {
  it("has every table and column the migrations make, nullable exactly where they are", async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    // Sorted so a difference reads as one table's columns side by side.
    const sorted = (schema: Schema) =>
      Object.fromEntries(
        Object.keys(schema)
          .sort()
          .map((table) => [
            table,
            Object.fromEntries(Object.entries(schema[table]!).sort(([a], [b]) => a.localeCompare(b))),
          ]),
      );
    expect(sorted(declared)).toEqual(sorted(migrated));
  });
});
