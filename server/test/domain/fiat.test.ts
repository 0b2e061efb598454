import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CURRENCY_CODES,
  convertFiatToToken,
  divideDecimals,
  formatDecimal,
  meanFromSum,
  meanOfDecimals,
  parseCurrency,
  parseDecimal,
  scaledIntegerToDecimal,
  type Currency,
} from "../../src/domain/fiat.js";

/** `a * b` compared with `c`, all plain decimals, by cross-multiplying integers (independent of fiat.ts). */
function compareProduct(a: string, b: string, c: string): number {
  const [x, y, z] = [a, b, c].map((text) => {
    const [whole, fraction = ""] = text.split(".");
    return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
  }) as [
    { units: bigint; scale: number },
    { units: bigint; scale: number },
    { units: bigint; scale: number },
  ];
  const left = x.units * y.units * 10n ** BigInt(z.scale);
  const right = z.units * 10n ** BigInt(x.scale + y.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

const decimalArb = (maxUnits: bigint, maxScale: number) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max: maxUnits }), fc.integer({ min: 0, max: maxScale }))
    .map(([units, scale]) => formatDecimal({ units, scale }));

describe("convertFiatToToken", () => {
  it("never overcharges: qty * price <= fiat < (qty + 0.01) * price", () => {
    fc.assert(
      fc.property(
        decimalArb(10n ** 12n, 2),
        decimalArb(10n ** 15n, 18),
        fc.constantFrom(6, 18),
        (fiatAmount, price, tokenDecimals) => {
          const result = convertFiatToToken({ fiatAmount, currency: "USD", price, tokenDecimals });
          if (!result.ok) {
            expect(result.problem.kind).toBe("below-minimum");
            expect(compareProduct("0.01", price, fiatAmount)).toBe(1);
            return;
          }
          const qty = result.tokenQuantity;
          expect(qty).toMatch(/^\d+\.\d{2}$/);
          expect(compareProduct(qty, price, fiatAmount)).toBeLessThanOrEqual(0);
          const [whole, cents] = qty.split(".") as [string, string];
          const next = formatDecimal({ units: BigInt(`${whole}${cents}`) + 1n, scale: 2 });
          expect(compareProduct(next, price, fiatAmount)).toBe(1);
          expect(result.amountWei).toBe(BigInt(`${whole}${cents}`) * 10n ** BigInt(tokenDecimals - 2));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each<[string, Currency, string, number, string, bigint]>([
    ["10.00", "USD", "0.999871", 6, "10.00", 10_000_000n],
    ["10", "USD", "1", 6, "10.00", 10_000_000n],
    ["19.99", "USD", "1.0001", 6, "19.98", 19_980_000n],
    ["100", "USD", "3000.12", 18, "0.03", 30_000_000_000_000_000n],
    ["1234.56", "USD", "2.5", 18, "493.82", 493_820_000_000_000_000_000n],
    ["50000", "KRW", "1385.5", 6, "36.08", 36_080_000n],
    ["1000000", "KRW", "4500000", 18, "0.22", 220_000_000_000_000_000n],
    ["15000", "KRW", "1500", 18, "10.00", 10_000_000_000_000_000_000n],
    ["15000", "KRW", "1500.000000000000000001", 6, "9.99", 9_990_000n],
  ])("%s %s at %s -> %s token (%i decimals)", (fiatAmount, currency, price, tokenDecimals, qty, wei) => {
    const result = convertFiatToToken({ fiatAmount, currency, price, tokenDecimals });
    expect(result).toEqual({ ok: true, tokenQuantity: qty, amountWei: wei });
  });

  it("truncates, never rounds up", () => {
    // 0.029999... would round to 0.03 but must truncate to 0.02
    expect(
      convertFiatToToken({ fiatAmount: "2.99", currency: "USD", price: "99.7", tokenDecimals: 6 }),
    ).toEqual({
      ok: true,
      tokenQuantity: "0.02",
      amountWei: 20_000n,
    });
  });

  it("refuses a quantity below 0.01 token and says so", () => {
    const result = convertFiatToToken({
      fiatAmount: "1",
      currency: "KRW",
      price: "1385.5",
      tokenDecimals: 6,
    });
    expect(result).toEqual({
      ok: false,
      problem: {
        kind: "below-minimum",
        tokenQuantity: "0.00",
        message:
          "1 KRW converts to 0.00 token at a price of 1385.5 KRW, below the minimum token amount of 0.01",
      },
    });
  });

  it("refuses fractions of a currency without minor unit, more than 2 decimals, zero", () => {
    const krw = convertFiatToToken({ fiatAmount: "1000.5", currency: "KRW", price: "1", tokenDecimals: 6 });
    expect(krw.ok === false && krw.problem.message).toBe(
      "amount in KRW must be a whole number (KRW has no minor unit)",
    );
    expect(
      convertFiatToToken({ fiatAmount: "1000.00", currency: "KRW", price: "1", tokenDecimals: 6 }).ok,
    ).toBe(true);
    const usd = convertFiatToToken({ fiatAmount: "1.001", currency: "USD", price: "1", tokenDecimals: 6 });
    expect(usd.ok === false && usd.problem.kind).toBe("invalid-fiat-amount");
    const zero = convertFiatToToken({ fiatAmount: "0", currency: "USD", price: "1", tokenDecimals: 6 });
    expect(zero.ok === false && zero.problem.message).toBe("amount must be greater than 0");
    const badPrice = convertFiatToToken({ fiatAmount: "1", currency: "USD", price: "0", tokenDecimals: 6 });
    expect(badPrice.ok === false && badPrice.problem.kind).toBe("invalid-price");
  });
});

describe("decimal helpers", () => {
  it("parses and formats plain decimals", () => {
    expect(parseDecimal("001.500")).toEqual({ units: 1500n, scale: 3 });
    expect(formatDecimal(parseDecimal("001.500"))).toBe("1.5");
    expect(() => parseDecimal("1e5")).toThrow();
    expect(() => parseDecimal("-1")).toThrow();
    expect(() => parseDecimal(".5")).toThrow();
    expect(scaledIntegerToDecimal(300012345678n, 8)).toBe("3000.12345678");
    expect(scaledIntegerToDecimal(5n, 8)).toBe("0.00000005");
  });

  it("means are exact up to 18 decimals", () => {
    expect(meanOfDecimals(["1", "2"])).toBe("1.5");
    expect(meanOfDecimals(["1", "1", "2"])).toBe("1.333333333333333333");
    expect(meanOfDecimals(["0.999871", "1.000129"])).toBe("1");
    expect(meanFromSum("3000.36", 3)).toBe("1000.12");
    expect(() => meanOfDecimals([])).toThrow();
    expect(divideDecimals("1", "3", 2)).toBe("0.33");
  });

  it("the mean lies between the smallest and largest sample", () => {
    fc.assert(
      fc.property(fc.array(decimalArb(10n ** 20n, 18), { minLength: 1, maxLength: 30 }), (samples) => {
        const mean = meanOfDecimals(samples);
        const sorted = [...samples].sort((a, b) => compareProduct(a, "1", b));
        expect(compareProduct(mean, "1", sorted[0]!)).toBeGreaterThanOrEqual(0);
        expect(compareProduct(mean, "1", sorted.at(-1)!)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("currencies", () => {
  it("accepts the closed list in any case and refuses the rest", () => {
    expect(parseCurrency("USD")).toBe("USD");
    expect(parseCurrency("krw")).toBe("KRW");
    expect(parseCurrency("XXX")).toBeNull();
    expect(parseCurrency("BTC")).toBeNull();
    expect(parseCurrency("US")).toBeNull();
    expect(parseCurrency("toString")).toBeNull();
    expect(CURRENCY_CODES).toContain("EUR");
  });
});
