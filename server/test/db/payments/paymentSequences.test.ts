import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../../src/db/infra/database.js";
import {
  createPaymentSequencer,
  PAYMENT_SEQUENCE_RANGE,
  takePaymentSequences,
  type PaymentSequenceKey,
} from "../../../src/db/payments/paymentSequences.js";
import { createTestDatabase, insertAnvilChain, type TestDatabase } from "../../harness/db.js";

let t: TestDatabase;
let chainId: number;
const gatewayA = `0x${"aa".repeat(20)}`;
const gatewayB = `0x${"Bb".repeat(20)}`;
beforeAll(async () => {
  t = await createTestDatabase();
  chainId = await insertAnvilChain(t.db);
});
afterAll(() => t.close());

describe("payment sequences", () => {
  it("takes disjoint ranges per gateway, starting at 0", async () => {
    const a: PaymentSequenceKey = { chainId, gatewayAddress: gatewayA };
    expect(await takePaymentSequences(t.db, a, 128)).toBe(0n);
    expect(await takePaymentSequences(t.db, a, 128)).toBe(128n);
    // Another gateway has its own counter; the address's case does not matter.
    const b: PaymentSequenceKey = { chainId, gatewayAddress: gatewayB };
    expect(await takePaymentSequences(t.db, b, 10)).toBe(0n);
    expect(await takePaymentSequences(t.db, { chainId, gatewayAddress: gatewayB.toLowerCase() }, 10)).toBe(
      10n,
    );
    expect(await takePaymentSequences(t.db, a, 1)).toBe(256n);
  });

  it("never hands out a sequence twice across processes, each range one whole bitmap word", async () => {
    const key: PaymentSequenceKey = { chainId, gatewayAddress: `0x${"cc".repeat(20)}` };
    // Three "API processes": each its own pool and sequencer, drawing concurrently.
    const dbs: Db[] = [0, 1, 2].map(() => createDb(t.url, { max: 3 }));
    try {
      const sequencers = dbs.map((db) => createPaymentSequencer(db));
      const perProcess = 300;
      const drawn = (
        await Promise.all(
          sequencers.map((next) => Promise.all(Array.from({ length: perProcess }, () => next(key)))),
        )
      ).flat();
      expect(new Set(drawn).size).toBe(drawn.length);
      // Each process's sequences come in whole words: 300 sequences span 3 ranges of 128.
      const words = new Set(drawn.map((sequence) => sequence / BigInt(PAYMENT_SEQUENCE_RANGE)));
      expect(words.size).toBe(3 * Math.ceil(perProcess / PAYMENT_SEQUENCE_RANGE));
      // One statement per range, not per payment: the counter moved by whole ranges only.
      const next = await takePaymentSequences(t.db, key, 1);
      expect(next).toBe(BigInt(words.size * PAYMENT_SEQUENCE_RANGE));
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });

  it("a failed refill fails its callers and the next call tries again", async () => {
    // A chain row that does not exist yet: the foreign key refuses the range.
    const key: PaymentSequenceKey = { chainId: 424242, gatewayAddress: gatewayA };
    const next = createPaymentSequencer(t.db, { rangeSize: 4 });
    await expect(Promise.all([next(key), next(key)])).rejects.toThrow(/foreign key/);
    await t.db
      .insertInto("chains")
      .values({ id: 424242, network_id: 424242, name: "Later", is_testnet: true })
      .execute();
    expect(await Promise.all([next(key), next(key), next(key), next(key), next(key)])).toEqual([
      0n,
      1n,
      2n,
      3n,
      4n,
    ]);
  });
});
