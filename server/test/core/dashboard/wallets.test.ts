import { anvilAccount } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import { createMerchant } from "../../../src/core/admin/index.js";
import { findMerchantsByWallet } from "../../../src/db/merchants/dashboardSessions.js";
import { runKassa, runKassaJson } from "../../harness/cli.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";

let database: TestDatabase;
let merchantKey: string;
const recipient = anvilAccount(3).address;
const staff = anvilAccount(4).address;

// Each command is a process of its own.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await createMerchant(
    { db: database.db, chains: createChainClients() },
    { name: "Wallet shop", recipientAddress: recipient, isEnabled: true },
  );
  merchantKey = created.merchant.merchantKey;
});

afterAll(async () => {
  await database?.close();
});

const kassaJson = (...args: string[]) => runKassaJson<unknown>(database.url, "admin", "merchant", ...args);

describe("kassa admin merchant add-wallet | wallets | remove-wallet", () => {
  it("adds a wallet that may then sign in, lists it after the recipient, and removes it", async () => {
    const added = await kassaJson("add-wallet", merchantKey, staff.toLowerCase(), "--label", "Front desk");
    expect(added).toEqual({
      address: staff,
      label: "Front desk",
      kind: "added",
      createdAt: expect.any(String),
    });
    expect((await findMerchantsByWallet(database.db, staff)).map((m) => m.merchant_key)).toEqual([
      merchantKey,
    ]);

    expect(await kassaJson("wallets", merchantKey)).toEqual([
      { address: recipient, label: "recipient", kind: "recipient", createdAt: null },
      added,
    ]);

    expect(await kassaJson("remove-wallet", merchantKey, staff)).toEqual({
      address: staff,
      secretKeyRevoked: false,
    });
    expect(await findMerchantsByWallet(database.db, staff)).toEqual([]);
    expect(await kassaJson("wallets", merchantKey)).toHaveLength(1);
  });

  it("refuses a wallet added twice, the recipient, a bad address and a wallet never added", async () => {
    await kassaJson("add-wallet", merchantKey, staff);
    for (const [args, message] of [
      [["add-wallet", merchantKey, staff], /already/],
      [["add-wallet", merchantKey, recipient], /recipient address/],
      [["add-wallet", merchantKey, "0x1234"], /address/],
      [["remove-wallet", merchantKey, anvilAccount(5).address], /was not added/],
      [["wallets", "mch_0000000000000000"], /no merchant/],
    ] as const) {
      const result = await runKassa(database.url, "admin", "merchant", ...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stderr).toMatch(message);
    }
  });
});
