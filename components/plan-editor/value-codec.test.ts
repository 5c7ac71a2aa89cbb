import { describe, expect, it } from "vitest";
import {
  coerceScalar,
  formatValue,
  parseNumberText,
  parseNumericValueText,
  parseScalarText,
  retypeValue,
  sameValue,
} from "./value-codec";

describe("value codec", () => {
  it("reads numbers and keeps what is not one as text", () => {
    expect(parseNumberText(" 12.5 ")).toBe(12.5);
    expect(parseNumberText("-3")).toBe(-3);
    expect(parseNumberText("1.")).toBe(1);
    expect(parseNumberText("")).toBeUndefined();
    expect(parseNumberText("12,5")).toBe("12,5");
  });

  it("keeps variable references in numeric action values", () => {
    expect(parseNumericValueText("${avg_price}")).toBe("${avg_price}");
    expect(parseNumericValueText("10")).toBe(10);
    expect(parseNumericValueText("")).toBe("");
  });

  it("types a cell value by its column", () => {
    expect(parseScalarText("9.99", "number")).toBe(9.99);
    expect(parseScalarText("abc", "integer")).toBe("abc");
    expect(parseScalarText("Yes", "boolean")).toBe(true);
    expect(parseScalarText("maybe", "boolean")).toBe("maybe");
    expect(parseScalarText("007", "text")).toBe("007");
  });

  it("brings values over to a new column type", () => {
    expect(coerceScalar("12", "number")).toBe(12);
    expect(coerceScalar(12, "text")).toBe("12");
    expect(coerceScalar(true, "text")).toBe("true");
    expect(coerceScalar("false", "boolean")).toBe(false);
  });

  it("formats any value for an input", () => {
    expect(formatValue(undefined)).toBe("");
    expect(formatValue(false)).toBe("false");
    expect(formatValue([1, "a"])).toBe('[1,"a"]');
  });

  it("compares values as an input shows them", () => {
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(["a"], ["a"])).toBe(true);
    expect(sameValue("1", 1)).toBe(false);
  });
});

describe("retypeValue", () => {
  const category = { type: "text" as const, distinctValues: ["fitness", "yoga"] };
  it("keeps a value that still fits the new column", () => {
    expect(retypeValue("12", { type: "number" })).toBe(12);
    expect(retypeValue("yoga", category)).toBe("yoga");
    expect(retypeValue("free text", { type: "text" })).toBe("free text");
  });

  it("starts over with a value from the column when the old one does not fit", () => {
    expect(retypeValue("accessories", { type: "boolean" })).toBe(true);
    expect(retypeValue("abc", { type: "integer" })).toBe("");
    expect(retypeValue("accessories", category)).toBe("fitness");
  });

  it("drops list elements that do not fit", () => {
    expect(retypeValue(["1", "x", 3], { type: "number" })).toEqual([1, 3]);
  });
});
