import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkAmount,
  decimalToUnits,
  MAX_AMOUNT,
  numberToDecimalString,
  parseAmount,
  unitsToDecimal,
} from "../../src/domain/amount.js";

describe("numberToDecimalString", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [0.1, "0.1"],
    [12.5, "12.5"],
    [1e21, "1000000000000000000000"],
    [1.5e-7, "0.00000015"],
    [1.23e25, "12300000000000000000000000"],
    [-0.25, "-0.25"],
  ])("%s -> %s", (value, expected) => {
    expect(numberToDecimalString(value)).toBe(expected);
  });

  it("refuses non-finite numbers", () => {
    expect(() => numberToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => numberToDecimalString(Infinity)).toThrow(RangeError);
  });
});

describe("checkAmount / parseAmount", () => {
  it.each([
    [0.01, null, "0.01"],
    [1, null, "1"],
    [1.1, null, "1.1"],
    [0.29, null, "0.29"],
    [1.005, "too-many-decimals", undefined],
    [0.001, "too-many-decimals", undefined],
    [1e-7, "too-many-decimals", undefined],
    [0.009, "too-many-decimals", undefined],
    [0, "below-minimum", undefined],
    [-1, "below-minimum", undefined],
    [-0, "below-minimum", undefined],
    [MAX_AMOUNT, null, "10000000000000"],
    [MAX_AMOUNT + 1, "above-maximum", undefined],
    [1e21, "above-maximum", undefined],
    [Number.NaN, "not-finite", undefined],
  ] as const)("%s -> %s", (value, problem, decimal) => {
    expect(checkAmount(value)).toBe(problem);
    if (decimal === undefined) expect(() => parseAmount(value)).toThrow(RangeError);
    else expect(parseAmount(value)).toBe(decimal);
  });

  it("recovers the exact cents a client wrote for every amount up to the maximum", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: BigInt(MAX_AMOUNT) * 100n }), (cents) => {
        const written = unitsToDecimal(cents, 2);
        const parsed = parseAmount(Number(written));
        expect(parsed).toBe(written);
        expect(decimalToUnits(parsed, 2)).toBe(cents);
      }),
      { numRuns: 5000 },
    );
  });

  it("never accepts a number with a third decimal digit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (millis, lastDigit) => {
          const value = Number(`${millis}.${String(millis % 100).padStart(2, "0")}${lastDigit}`);
          expect(checkAmount(value)).toBe("too-many-decimals");
        },
      ),
    );
  });
});

describe("decimalToUnits / unitsToDecimal", () => {
  it.each([
    ["1", 18, 10n ** 18n],
    ["0.01", 6, 10_000n],
    ["12.5", 2, 1250n],
    ["7", 0, 7n],
    ["1.10", 1, 11n],
  ] as const)("%s with %i decimals", (decimal, decimals, units) => {
    expect(decimalToUnits(decimal, decimals)).toBe(units);
    expect(decimalToUnits(unitsToDecimal(units, decimals), decimals)).toBe(units);
  });

  it("refuses more places than the token has", () => {
    expect(() => decimalToUnits("0.5", 0)).toThrow(RangeError);
    expect(() => decimalToUnits("0.001", 2)).toThrow(RangeError);
  });

  it("refuses malformed decimals", () => {
    for (const bad of ["", "-1", "1e5", "1.", ".5", "0x10", " 1"]) {
      expect(() => decimalToUnits(bad, 18)).toThrow(RangeError);
    }
  });

  it("round-trips any uint256 at any decimals", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 77 }),
        (units, decimals) => {
          expect(decimalToUnits(unitsToDecimal(units, decimals), decimals)).toBe(units);
        },
      ),
    );
  });
});
