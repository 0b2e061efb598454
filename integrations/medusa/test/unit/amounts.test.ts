import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDecimals, chargeAmount, refundUnits } from "../../src/amounts.js";

describe("what Kassa is asked to charge", () => {
  it("is Medusa's amount rounded half up to two decimals, as the shortest decimal", () => {
    expect(chargeAmount("12.5")).toBe("12.5");
    expect(chargeAmount("12.50000000000000000")).toBe("12.5");
    expect(chargeAmount("10.834999")).toBe("10.83");
    expect(chargeAmount("10.835")).toBe("10.84");
    expect(chargeAmount("10000")).toBe("10000");
    expect(chargeAmount("0.005")).toBe("0.01");
  });

  it("is at least 0.01, Kassa's smallest payment", () => {
    expect(() => chargeAmount("0.004")).toThrow("Kassa takes payments of at least 0.01; the amount is 0.004");
    expect(() => chargeAmount("-1")).toThrow("the amount is not a decimal amount: -1");
  });
});

describe("a refund in token units", () => {
  it("of a pegged charge is the token amount itself", () => {
    const paidUnits = 12_500_000n; // 12.5 of a 6-decimals stablecoin for a 12.50 USD cart
    expect(refundUnits({ paidUnits, charged: "12.5", refundedBefore: "0", refund: "5" })).toBe(5_000_000n);
    expect(refundUnits({ paidUnits, charged: "12.5", refundedBefore: "5", refund: "7.5" })).toBe(7_500_000n);
  });

  it("of a converted charge follows the payment's price, and the parts add up to what was paid", () => {
    // 10 USD at 3 USD a token: 3.33 tokens (18 decimals) paid.
    const paidUnits = 3_330_000_000_000_000_000n;
    const first = refundUnits({ paidUnits, charged: "10", refundedBefore: "0", refund: "3.33" });
    const second = refundUnits({ paidUnits, charged: "10", refundedBefore: "3.33", refund: "3.33" });
    const third = refundUnits({ paidUnits, charged: "10", refundedBefore: "6.66", refund: "3.34" });
    expect(first).toBe(1_108_890_000_000_000_000n);
    expect(first + second + third).toBe(paidUnits);
  });

  it("never gives back more than was paid, whichever parts the charge is refunded in", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (paidUnits, chargedCents, weights) => {
          // Split the charge into cents by the weights; the last part takes what rounding left.
          const total = weights.reduce((sum, w) => sum + w, 0);
          const parts = weights.map((w) => Math.floor((chargedCents * w) / total));
          parts[parts.length - 1]! += chargedCents - parts.reduce((sum, p) => sum + p, 0);
          const cents = (n: number) => (n / 100).toFixed(2);
          let before = 0;
          let refunded = 0n;
          for (const part of parts.filter((p) => p > 0)) {
            const units = refundUnits({
              paidUnits,
              charged: cents(chargedCents),
              refundedBefore: cents(before),
              refund: cents(part),
            });
            expect(units).toBeGreaterThanOrEqual(0n);
            refunded += units;
            before += part;
          }
          expect(refunded).toBe(paidUnits);
        },
      ),
    );
  });

  it("is refused beyond what was charged", () => {
    expect(() =>
      refundUnits({ paidUnits: 100n, charged: "10", refundedBefore: "6", refund: "4.01" }),
    ).toThrow("refunds of 10.01 would exceed the 10 charged");
  });

  it("adds decimals exactly", () => {
    expect(addDecimals(["0", "0.1", "0.2"])).toBe("0.3");
    expect(addDecimals(["12.345", "0.655"])).toBe("13");
  });
});
