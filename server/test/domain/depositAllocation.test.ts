import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateDeposit,
  checkReturnId,
  isDepositDust,
  MINTED,
  mintReturnId,
  type ReceivedTransfer,
} from "../../src/domain/depositAllocation.js";

const payer = "0x00000000000000000000000000000000000000a1";
const stranger = "0x00000000000000000000000000000000000000b2";
const other = "0x00000000000000000000000000000000000000c3";

const received = (...list: [string, bigint][]): ReceivedTransfer[] =>
  list.map(([from, amount], i) => ({ id: String(i + 1), from, amount }));

describe("allocateDeposit: what the payment keeps, and what goes back to whom", () => {
  it("keeps the amount, first come; the rest is owed to the sender of each transfer", () => {
    const allocation = allocateDeposit(received([payer, 150n], [stranger, 30n]), 100n, new Map());
    expect(allocation.debts).toEqual([
      { to: payer, amount: 50n, transferIds: ["1"] },
      { to: stranger, amount: 30n, transferIds: ["2"] },
    ]);
    expect(allocation.payer).toEqual({ address: payer, lastTransferId: "1" });
  });

  it("a stranger's transfer after the payer's never makes them the payer, nor owed the payer's money", () => {
    const allocation = allocateDeposit(received([payer, 100n], [stranger, 1n]), 100n, new Map());
    expect(allocation.payer?.address).toBe(payer);
    expect(allocation.debts).toEqual([{ to: stranger, amount: 1n, transferIds: ["2"] }]);
  });

  it("a mint counts toward the payment but is owed to nobody and never makes the zero address the payer", () => {
    const minted = allocateDeposit(received([MINTED, 150n], [stranger, 30n]), 100n, new Map());
    expect(minted.debts).toEqual([{ to: stranger, amount: 30n, transferIds: ["2"] }]);
    expect(minted.payer).toBeUndefined();
    expect(minted.transfers.map((transfer) => transfer.kept)).toEqual([100n, 0n]);
    const both = allocateDeposit(received([MINTED, 60n], [payer, 50n]), 100n, new Map());
    expect(both.payer).toEqual({ address: payer, lastTransferId: "2" });
    expect(both.debts).toEqual([{ to: payer, amount: 10n, transferIds: ["2"] }]);
  });

  it("the payer brought most of what the payment keeps, whoever came first or last", () => {
    const allocation = allocateDeposit(
      received([stranger, 10n], [payer, 60n], [payer, 40n], [other, 5n]),
      100n,
      new Map(),
    );
    expect(allocation.payer).toEqual({ address: payer, lastTransferId: "3" });
    expect(allocation.debts).toEqual([
      { to: payer, amount: 10n, transferIds: ["3"] },
      { to: other, amount: 5n, transferIds: ["4"] },
    ]);
  });

  it("what went back to a sender comes off their latest transfers; an address that sent nothing is owed nothing", () => {
    const allocation = allocateDeposit(
      received([payer, 150n], [payer, 20n]),
      100n,
      new Map([
        [payer, 30n],
        [other, 999n],
      ]),
    );
    expect(allocation.transfers.map((transfer) => [transfer.kept, transfer.owed])).toEqual([
      [100n, 40n],
      [0n, 0n],
    ]);
    expect(allocation.debts).toEqual([{ to: payer, amount: 40n, transferIds: ["1"] }]);
  });

  it("an open payment, or one paid another way, keeps nothing: everything is owed back, no payer", () => {
    const allocation = allocateDeposit(received([payer, 70n], [stranger, 30n]), 0n, new Map());
    expect(allocation.payer).toBeUndefined();
    expect(allocation.debts.map((debt) => [debt.to, debt.amount])).toEqual([
      [payer, 70n],
      [stranger, 30n],
    ]);
  });

  it("property: nobody is owed more than they sent, and kept + owed + returned adds up to what arrived", () => {
    const address = fc.constantFrom(payer, stranger, other);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(address, fc.bigInt({ min: 1n, max: 10n ** 20n })), { maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 10n ** 21n }),
        fc.array(fc.tuple(address, fc.bigInt({ min: 0n, max: 10n ** 20n })), { maxLength: 3 }),
        (list, taken, back) => {
          const transfers = received(...list);
          const returned = new Map<string, bigint>();
          for (const [to, amount] of back) returned.set(to, (returned.get(to) ?? 0n) + amount);
          const allocation = allocateDeposit(transfers, taken, returned);
          const sent = (from: string) =>
            transfers.filter((t) => t.from === from).reduce((sum, t) => sum + t.amount, 0n);
          const gross = transfers.reduce((sum, t) => sum + t.amount, 0n);
          const kept = allocation.transfers.reduce((sum, t) => sum + t.kept, 0n);
          const owed = allocation.debts.reduce((sum, debt) => sum + debt.amount, 0n);
          let netReturned = 0n;
          for (const from of [payer, stranger, other]) {
            const back = returned.get(from) ?? 0n;
            netReturned += back < sent(from) ? back : sent(from);
            const debt = allocation.debts.find((d) => d.to === from)?.amount ?? 0n;
            expect(debt + (back < sent(from) ? back : sent(from))).toBeLessThanOrEqual(sent(from));
          }
          expect(kept + owed + netReturned).toBe(gross);
          expect(kept <= taken).toBe(true);
          if (allocation.payer) expect(sent(allocation.payer.address)).toBeGreaterThan(0n);
        },
      ),
    );
  });
});

describe("dust", () => {
  it("is less than 0.1% of the payment's amount", () => {
    expect(isDepositDust(0n, 1_000n)).toBe(true);
    expect(isDepositDust(24_999n, 25_000_000n)).toBe(true);
    expect(isDepositDust(25_000n, 25_000_000n)).toBe(false);
  });
});

describe("return ids Kassa hands out", () => {
  const key = Buffer.alloc(32, 7);
  const paymentId = `0x${"ab".repeat(32)}`;

  it("carry their sequence and prove Kassa made them for this payment and sender", () => {
    const returnId = mintReturnId(key, 4242n, paymentId, payer);
    expect(BigInt(`0x${returnId.slice(50)}`)).toBe(4242n);
    expect(checkReturnId(key, returnId, paymentId, payer)).toBe(true);
    expect(checkReturnId(key, returnId, paymentId, stranger)).toBe(false);
    expect(checkReturnId(key, returnId, `0x${"cd".repeat(32)}`, payer)).toBe(false);
    expect(checkReturnId(Buffer.alloc(32, 8), returnId, paymentId, payer)).toBe(false);
    // Another sequence under the same high bits (a merchant's guess at a refund's sequence) is refused.
    const forged = `${returnId.slice(0, 50)}${4243n.toString(16).padStart(16, "0")}`;
    expect(checkReturnId(key, forged, paymentId, payer)).toBe(false);
    expect(checkReturnId(key, "0x12", paymentId, payer)).toBe(false);
  });
});
