import { describe, expect, it } from "vitest";
import type { MoneyStyle } from "./money";
import { asWritten, groupedAsWritten, withDecimalMark } from "./written-style";

const euros: MoneyStyle = {
  symbol: "€",
  before: false,
  space: true,
  decimal: ",",
  grouping: ".",
  minusFirst: true,
  parentheses: false,
};

describe("written styles", () => {
  it("writes a plain number as its column does, and leaves other text alone", () => {
    expect(asWritten("2.75", { decimalComma: true })).toBe("2,75");
    expect(asWritten("12", { decimalComma: true })).toBe("12");
    expect(asWritten("1250.5", { money: euros })).toBe("1.250,5 €");
    expect(asWritten("n/a", { money: euros })).toBe("n/a");
    expect(asWritten("", { decimalComma: true })).toBe("");
    expect(asWritten("2.75", undefined)).toBe("2.75");
  });

  it("gives a difference the column's decimal mark", () => {
    expect(withDecimalMark("+0.18", { decimalComma: true })).toBe("+0,18");
    expect(withDecimalMark("-3.00", { money: euros })).toBe("-3,00");
    expect(withDecimalMark("+0.18", { money: { ...euros, decimal: "." } })).toBe("+0.18");
    expect(withDecimalMark("+0.18", undefined)).toBe("+0.18");
  });

  it("groups a summary figure's thousands with the mark the column does not use for decimals", () => {
    expect(groupedAsWritten("+6657.56", undefined)).toBe("+6,657.56");
    expect(groupedAsWritten("+6657.56", { decimalComma: true })).toBe("+6.657,56");
    expect(groupedAsWritten("-1250", { money: euros })).toBe("-1.250");
  });
});
