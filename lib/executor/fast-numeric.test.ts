import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import type { NumericActionType } from "@/lib/plan/schema";
import { numericStep } from "./actions";
import { compare, decimalFromNumber, parseDecimal } from "./decimal";
import { SWALLOWED, UNCHANGED } from "./fast-numeric";

/** The allocation-free path must agree with the exact Decimal path wherever it answers. */

const types: Array<NumericActionType | "set"> = [
  "percent_increase",
  "percent_decrease",
  "fixed_increase",
  "fixed_decrease",
  "multiply",
  "set",
];

function reference(
  op: NormalizedOperation,
  type: NumericActionType | "set",
  operand: number,
  cell: string,
) {
  const step = numericStep(op, type, decimalFromNumber(operand));
  const value = parseDecimal(cell);
  if (value === undefined) return undefined;
  const next = step.apply(value);
  if (compare(next, value) !== 0) return step.render(next);
  return step.swallowed(value) ? SWALLOWED : UNCHANGED;
}

describe("fast numeric path", () => {
  it("agrees with the Decimal path", () => {
    const cell = fc.oneof(
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
      fc.integer({ min: -100_000, max: 100_000 }).map(String),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => String(d)),
      fc.constantFrom("0", "-0", "0.005", "1.005", "-2.5", "999999999999999", "12345678901234567"),
    );
    const operation = fc.record({
      type: fc.constantFrom(...types),
      operand: fc.oneof(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -100_000, max: 100_000 }).map((v) => v / 1000),
      ),
      roundTo: fc.integer({ min: 0, max: 6 }),
      min: fc.option(
        fc.integer({ min: -1000, max: 1000 }).map((v) => v / 10),
        { nil: undefined },
      ),
      max: fc.option(
        fc.integer({ min: -1000, max: 5000 }).map((v) => v / 100),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(operation, cell, ({ type, operand, roundTo, min, max }, text) => {
        const op: NormalizedOperation = {
          operationId: "op",
          index: 0,
          dependsOn: [],
          filter: { all: [], any: [], none: [] },
          action: { kind: "numeric", type: "multiply", column: "price", value: operand },
          roundTo,
          roundToGiven: true,
          ...(min === undefined ? {} : { minValue: min }),
          ...(max === undefined ? {} : { maxValue: max }),
        };
        const fast = numericStep(op, type, decimalFromNumber(operand)).fast;
        const answer = fast?.(text);
        if (answer === undefined) return;
        expect(answer).toBe(reference(op, type, operand, text));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers for the usual price arithmetic", () => {
    const op = {
      operationId: "op",
      index: 0,
      dependsOn: [],
      filter: { all: [], any: [], none: [] },
      action: { kind: "numeric", type: "percent_increase", column: "price", value: 10 },
      roundTo: 2,
      roundToGiven: false,
    } as NormalizedOperation;
    const fast = numericStep(op, "percent_increase", decimalFromNumber(10)).fast;
    expect(fast?.("29.99")).toBe("32.99");
    expect(fast?.("0.00")).toBe(UNCHANGED);
    // 0.01 + 10% is 0.011, which rounds back to 0.01.
    expect(fast?.("0.01")).toBe(SWALLOWED);
    expect(fast?.("1e3")).toBeUndefined();
  });
});
