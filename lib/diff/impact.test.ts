import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeImpact, impactWarnings } from "./impact";

describe("changeImpact", () => {
  it("counts moves each way, sums them exactly and lists the largest, number columns only", () => {
    const impact = changeImpact([
      { rowKey: "A", column: "price", before: "10.00", after: "11.00" },
      { rowKey: "B", column: "price", before: "20.10", after: "20.00" },
      { rowKey: "C", column: "price", before: "0.1", after: "0.3" },
      { rowKey: "D", column: "name", before: "x", after: "y" },
      { rowKey: "E", column: "price", before: "5", after: "5.00" },
    ]);
    expect(impact).toEqual([
      {
        column: "price",
        increases: 2,
        decreases: 1,
        net: "+1.10",
        largestIncreases: [
          { rowKey: "A", before: "10.00", after: "11.00", delta: "+1.00" },
          { rowKey: "C", before: "0.1", after: "0.3", delta: "+0.2" },
        ],
        largestDecreases: [{ rowKey: "B", before: "20.10", after: "20.00", delta: "-0.10" }],
      },
    ]);
  });

  it("keeps the five largest each way, the earlier change first on a tie (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 40 }), (deltas) => {
        const changes = deltas.map((delta, i) => ({
          rowKey: `K${i}`,
          column: "v",
          before: "100",
          after: String(100 + delta),
        }));
        const [impact] = changeImpact(changes);
        const ups = deltas
          .map((delta, i) => ({ delta, i }))
          .filter((x) => x.delta > 0)
          .sort((a, b) => b.delta - a.delta || a.i - b.i)
          .slice(0, 5)
          .map((x) => `K${x.i}`);
        if (!impact) {
          expect(deltas.every((d) => d === 0)).toBe(true);
          return;
        }
        expect(impact.largestIncreases.map((m) => m.rowKey)).toEqual(ups);
        expect(impact.increases + impact.decreases).toBe(deltas.filter((d) => d !== 0).length);
        const net = deltas.reduce((a, b) => a + b, 0);
        expect(Number(impact.net)).toBe(net);
      }),
    );
  });
});

describe("impactWarnings", () => {
  // With a price ending, as a raise that lowers a price usually has.
  const raise = {
    operation_id: "op_01",
    action: { type: "percent_increase", value: 5 },
    options: { ending: 0.99 },
  };
  const change = (rowKey: string, before: string, after: string, operationId = "op_01") => ({
    operationId,
    rowKey,
    column: "price",
    before,
    after,
  });

  it("names values that moved against their operation's direction", () => {
    const warnings = impactWarnings(
      [change("A1", "10.00", "10.49"), change("A2", "10.00", "9.99")],
      [raise],
    );
    expect(warnings).toEqual([
      "Operation op_01 raises 'price', yet 1 value goes down: A2 10.00 → 9.99.",
    ]);
  });

  it("points out moves of half the value or more, naming three and counting the rest", () => {
    const warnings = impactWarnings(
      [
        change("A1", "10", "15"),
        change("A2", "10", "14.99"),
        change("A3", "20", "5"),
        change("A4", "8", "16"),
        change("A5", "4", "6"),
      ],
      [{ operation_id: "op_01", action: { type: "set_value", value: 1 } }],
    );
    expect(warnings).toEqual([
      "4 'price' values change by 50% or more: A1 10 → 15; A3 20 → 5; A4 8 → 16 and 1 more.",
    ]);
  });

  it("makes no claim about a variable's direction, a negative percent, or text", () => {
    expect(
      impactWarnings(
        [change("A1", "10", "9"), change("A2", "red", "blue", "op_02")],
        [
          { operation_id: "op_01", action: { type: "fixed_increase", value: "${delta}" } },
          { operation_id: "op_02", action: { type: "replace_text" } },
        ],
      ),
    ).toEqual([]);
    expect(
      impactWarnings(
        [change("A1", "10", "9")],
        [{ operation_id: "op_01", action: { type: "percent_increase", value: -10 } }],
      ),
    ).toEqual([]);
  });

  it("names values that rounding moved by more than a quarter of their change", () => {
    const warnings = impactWarnings(
      [
        { ...change("R1", "2", "3"), column: "rooms" },
        { ...change("R2", "10", "13"), column: "rooms" },
        { ...change("P1", "29.99", "35.99"), operationId: "op_02" },
      ],
      [
        { operation_id: "op_01", action: { type: "percent_increase", value: 30 } },
        { operation_id: "op_02", action: { type: "percent_increase", value: 20 } },
      ],
    );
    expect(warnings).toEqual([
      "Operation op_01: rounding moved 1 value by more than a quarter of its change: R1 2 → 3 (exactly 2.6).",
      "1 'rooms' value changes by 50% or more: R1 2 → 3.",
    ]);
  });

  it("says nothing about rounding where bounds or an ending set the result", () => {
    expect(
      impactWarnings(
        [change("A1", "2", "3")],
        [
          {
            operation_id: "op_01",
            action: { type: "percent_increase", value: 30 },
            options: { max_value: 3 },
          },
        ],
      ),
    ).toEqual(["1 'price' value changes by 50% or more: A1 2 → 3."]);
  });
  it("carries how the file writes a column's numbers, its figures staying plain", () => {
    const styles = { price: { decimalComma: true as const } };
    const [price] = changeImpact(
      [{ rowKey: "A", column: "price", before: "2.50", after: "2.75" }],
      { styles },
    );
    expect(price).toMatchObject({ net: "+0.25", style: { decimalComma: true } });
  });
});
