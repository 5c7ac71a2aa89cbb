import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  divide,
  formatDecimal,
  formatFixed,
  multiply,
  parseDecimal,
  roundHalfUp,
  subtract,
} from "./decimal";

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe("decimal", () => {
  it("parses decimals and rejects the rest", () => {
    expect(formatDecimal(d("29.99"))).toBe("29.99");
    expect(formatDecimal(d(" -0.50 "))).toBe("-0.5");
    expect(formatDecimal(d("1e3"))).toBe("1000");
    expect(formatDecimal(d("1.5E-2"))).toBe("0.015");
    expect(formatDecimal(d(".5"))).toBe("0.5");
    for (const bad of ["", " ", "abc", "1,299", "1.2.3", "--1", "NaN", "1e", "0x10"]) {
      expect(parseDecimal(bad)).toBeUndefined();
    }
  });

  it("is exact where binary floats are not", () => {
    expect(formatFixed(roundHalfUp(multiply(d("29.99"), d("1.10")), 2), 2)).toBe("32.99");
    expect(formatDecimal(add(d("0.1"), d("0.2")))).toBe("0.3");
    expect(formatFixed(roundHalfUp(d("1.005"), 2), 2)).toBe("1.01");
    expect(formatFixed(roundHalfUp(d("-1.005"), 2), 2)).toBe("-1.01");
    expect(formatFixed(roundHalfUp(d("-0.004"), 2), 2)).toBe("0.00");
  });

  it("goes past 2^53 without losing digits", () => {
    const big = d("123456789012345678901234567890.123456789");
    expect(formatDecimal(multiply(big, d("10")))).toBe("1234567890123456789012345678901.23456789");
    expect(formatDecimal(subtract(add(big, d("1")), big))).toBe("1");
  });

  it("divides with half-up rounding", () => {
    expect(formatDecimal(divide(d("10"), d("3"), 4))).toBe("3.3333");
    expect(formatDecimal(divide(d("2"), d("3"), 4))).toBe("0.6667");
    expect(formatDecimal(divide(d("-2"), d("3"), 2))).toBe("-0.67");
  });

  it("agrees with exact integer arithmetic (property)", () => {
    const cents = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
    const text = (c: bigint) => {
      const sign = c < 0n ? "-" : "";
      const abs = (c < 0n ? -c : c).toString().padStart(3, "0");
      return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
    };
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(formatFixed(add(d(text(a)), d(text(b))), 2)).toBe(text(a + b));
        expect(compare(d(text(a)), d(text(b)))).toBe(a < b ? -1 : a > b ? 1 : 0);
        const product = multiply(d(text(a)), d(text(b))); // scale 4
        const rounded = roundHalfUp(product, 2);
        const exact = a * b; // scale 4
        const q = exact / 100n;
        const r = exact % 100n;
        const expected = (r < 0n ? -r : r) * 2n >= 100n ? q + (exact < 0n ? -1n : 1n) : q;
        expect(formatFixed(rounded, 2)).toBe(text(expected));
      }),
    );
  });
});
