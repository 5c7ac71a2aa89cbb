import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeImpact } from "./impact";

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
