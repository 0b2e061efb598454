import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentInserter, type PaymentInserter } from "../../../src/db/payments/payments.js";
import { type NewPaymentRow } from "../../../src/db/schema/rows.js";
import { createTestDatabase, insertAnvilChain, type TestDatabase } from "../../harness/db.js";

let t: TestDatabase;
let ids: { merchant: number; chain: number; token: number };
beforeAll(async () => {
  t = await createTestDatabase();
  const chainId = await insertAnvilChain(t.db);
  const token = await t.db
    .insertInto("tokens")
    .values({
      chain_id: chainId,
      address: `0x${"11".repeat(20)}`,
      symbol: "TKN",
      decimals: 18,
      permit_supported: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const merchant = await t.db
    .insertInto("merchants")
    .values({
      merchant_key: "mch_inserter",
      merchant_id: `0x${"22".repeat(32)}`,
      name: "Inserter",
      webhook_secret: "whsec_test",
      api_key_hash: "api-hash",
      public_key: "pk_inserter",
      public_key_hash: "public-hash",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids = { merchant: merchant.id, chain: chainId, token: token.id };
});
afterAll(() => t.close());

function payment(orderId: string, overrides: Partial<NewPaymentRow> = {}) {
  return {
    payment_id: `0x${randomBytes(32).toString("hex")}`,
    merchant_id: ids.merchant,
    order_id: orderId,
    chain_id: ids.chain,
    token_id: ids.token,
    amount: 10n ** 18n,
    recipient_address: `0x${"33".repeat(20)}`,
    gateway_address: `0x${"44".repeat(20)}`,
    forwarder_address: null,
    deadline: 1_900_000_000,
    expires_at: new Date(Date.now() + 300_000),
    success_url: "service:none",
    fail_url: "service:none",
    server_signature: `0x${"55".repeat(65)}`,
    ...overrides,
  };
}

async function storedOrderIds(prefix: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom("payments")
    .select("order_id")
    .where("order_id", "like", `${prefix}%`)
    .orderBy("order_id")
    .execute();
  return rows.map((row) => row.order_id);
}

describe("createPaymentInserter", () => {
  let insert: PaymentInserter;
  /** The number of INSERT statements run. */
  let statements = 0;
  beforeAll(() => {
    const counted = t.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === "InsertQueryNode") statements += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    // One INSERT at a time: every row that arrives while it runs goes in the next one.
    insert = createPaymentInserter(counted);
  });

  it("inserts rows arriving together in one statement, each caller getting its own row", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => payment(`together-${String(i).padStart(2, "0")}`));
    statements = 0;
    const results = await Promise.all(rows.map(insert));
    // The first row went alone; the 29 that arrived meanwhile went together.
    expect(statements).toBe(2);
    expect(results.map((row) => row?.payment_id)).toEqual(rows.map((row) => row.payment_id));
    expect(results.map((row) => row?.amount)).toEqual(rows.map(() => "1000000000000000000"));
    expect(await storedOrderIds("together-")).toHaveLength(30);
  });

  it("answers undefined for an order id already taken, in the table or earlier in the same batch", async () => {
    expect(await insert(payment("taken"))).toBeDefined();
    const results = await Promise.all([
      insert(payment("other-1")),
      insert(payment("taken")),
      insert(payment("twice")),
      insert(payment("twice")),
      insert(payment("other-2")),
    ]);
    expect(results.map((row) => row?.order_id)).toEqual([
      "other-1",
      undefined,
      "twice",
      undefined,
      "other-2",
    ]);
  });

  it("fails only the bad row of a batch that fails for another reason", async () => {
    const results = await Promise.allSettled([
      insert(payment("mixed-first")),
      insert(payment("mixed-good-1")),
      insert(payment("mixed-bad", { amount: 0n })),
      insert(payment("mixed-good-2")),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(results[2]).toMatchObject({ reason: { code: "23514" } });
    expect(await storedOrderIds("mixed-")).toEqual(["mixed-first", "mixed-good-1", "mixed-good-2"]);
  });
});
