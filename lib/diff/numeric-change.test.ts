import { describe, expect, it } from "vitest";
import { formatDelta, formatPercent, numericChange, parseNumber } from "./numeric-change";

describe("numbers", () => {
  it("parses plain numbers only", () => {
    expect(parseNumber("29.99")).toBe(29.99);
    expect(parseNumber(" -4 ")).toBe(-4);
    expect(parseNumber(".5")).toBe(0.5);
    expect(parseNumber("1e3")).toBe(1000);
    expect(parseNumber("$5")).toBeNaN();
    expect(parseNumber("")).toBeNaN();
    expect(parseNumber("12abc")).toBeNaN();
  });

  it("gives the delta at the precision of the inputs and the percent of the before value", () => {
    const up = numericChange("29.99", "32.99")!;
    expect(up.delta).toBe(3);
    expect(formatDelta(up)).toBe("+3.00");
    expect(formatPercent(up.percent)).toBe("+10.0%");
    const down = numericChange("10", "9.5")!;
    expect(formatDelta(down)).toBe("-0.5");
    expect(formatPercent(down.percent)).toBe("-5.0%");
    expect(numericChange("-10", "-5")!.percent).toBe(50);
    expect(numericChange("0", "1")!.percent).toBeUndefined();
    expect(formatPercent(undefined)).toBe("");
    expect(numericChange("yes", "no")).toBeUndefined();
  });

  it("does not show binary floating-point noise", () => {
    expect(formatDelta(numericChange("0.1", "0.3")!)).toBe("+0.2");
  });
});
