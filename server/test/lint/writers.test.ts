/**
 * eslint/writers.js on files it has never seen: a table is written only by the db/ folder (or file) that
 * eslint.config.js names its writer, whichever way the statement is built.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the writer rule for `code` as the file `path` (relative to server/src/db). */
async function writerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import { sql } from "kysely";\nimport type { Db } from "../infra/database.js";\n${code}`,
    {
      filePath: `${root}server/src/db/${path}`,
    },
  );
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "writers/one-writer")
    .map((message) => message.message);
}

const fn = (body: string) => `export async function f(db: Db, table: "payments") {\n  ${body}\n}\n`;

describe("one writer per table", () => {
  it.each([
    ["a Kysely update", fn(`await db.updateTable("payments").set({ amount_received: 1n }).execute();`)],
    ["an aliased insert", fn(`await db.insertInto("payments as p").values({} as never).execute();`)],
    ["a delete", fn(`await db.deleteFrom("payments").execute();`)],
    ["SQL text", fn("await sql`UPDATE payments SET seen_at = now()`.execute(db);")],
    [
      "quoted SQL text",
      fn('await sql`WITH x AS (DELETE FROM "payments" RETURNING id) SELECT 1`.execute(db);'),
    ],
    ["the generic writer", fn(`await updateWhere(db, "payments", { id: 1 }, { amount_received: 1n });`)],
  ])("refuses %s of payments outside db/payments/", async (_what, code) => {
    expect(await writerErrors("deposits/sweeps.ts", code)).toEqual([
      expect.stringMatching(/^payments is written here .* its writer is db\/payments/),
    ]);
  });

  it("refuses a table nobody owns, and a table that is not a literal", async () => {
    expect(
      await writerErrors("payments/x.ts", fn(`await db.insertInto("ledger").values({} as never).execute();`)),
    ).toEqual([expect.stringContaining("ledger has no writer named")]);
    expect(await writerErrors("payments/x.ts", fn(`await db.updateTable(table).set({}).execute();`))).toEqual(
      [expect.stringContaining("not a literal")],
    );
  });

  it.each([
    [
      "its own folder",
      "payments/paymentDeposits.ts",
      fn(`await db.updateTable("payments").set({}).execute();`),
    ],
    [
      "reads and locks of another's table",
      "deposits/transfers.ts",
      fn("await sql`SELECT id FROM payments FOR UPDATE OF payments SKIP LOCKED`.execute(db);"),
    ],
    [
      "an upsert of its own table",
      "payments/paymentSequences.ts",
      fn(
        "await sql`INSERT INTO payment_sequences (next_sequence) VALUES (1) ON CONFLICT DO UPDATE SET next_sequence = 2`.execute(db);",
      ),
    ],
    [
      "a file that owns its table",
      "infra/workerHeartbeats.ts",
      fn(`await db.deleteFrom("worker_heartbeats").execute();`),
    ],
    ["the generic writer itself", "infra/lookups.ts", fn(`await db.updateTable(table).set({}).execute();`)],
  ])("lets through %s", async (_what, path, code) => {
    expect(await writerErrors(path, code)).toEqual([]);
  });
});
