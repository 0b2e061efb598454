import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/infra/database.js";
import { loadMigrations, migrate } from "../../src/db/migrate.js";
import { paymentStatuses } from "../../src/domain/paymentStatus.js";
import { createTestDatabase, type TestDatabase } from "../harness/db.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe("migrations", () => {
  it("are numbered without gaps and all recorded", async () => {
    const files = await loadMigrations();
    expect(files.map((m) => m.id)).toEqual(files.map((_, index) => index + 1));
    const recorded = await t.db.selectFrom("kassa_migrations").select(["id", "name"]).orderBy("id").execute();
    expect(recorded).toEqual(files.map(({ id, name }) => ({ id, name })));
  });

  it("apply nothing the second time, even from concurrent runners", async () => {
    const others = [createDb(t.url, { max: 1 }), createDb(t.url, { max: 1 })];
    try {
      expect(await Promise.all([migrate(t.db), ...others.map(migrate)])).toEqual([[], [], []]);
    } finally {
      await Promise.all(others.map((db) => db.destroy()));
    }
  });

  it("ship the three known testnets without RPC URLs", async () => {
    const chains = await t.db
      .selectFrom("chains")
      .select(["network_id", "name", "is_testnet", "rpc_url"])
      .orderBy("id")
      .execute();
    expect(chains).toEqual([
      { network_id: 80002, name: "Polygon Amoy", is_testnet: true, rpc_url: null },
      { network_id: 97, name: "BSC Testnet", is_testnet: true, rpc_url: null },
      { network_id: 11155111, name: "Sepolia", is_testnet: true, rpc_url: null },
    ]);
  });

  it("refuse a payment status outside the known states", async () => {
    const result =
      await sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'payments'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'`.execute(
        t.db,
      );
    const def = (result.rows[0] as { def: string }).def;
    for (const status of paymentStatuses) {
      expect(def).toContain(`'${status}'`);
    }
    expect(def).not.toContain("PENDING");
  });
});
