import { describe, expect, it } from "vitest";
import { load, planOf } from "./test-support";

/** A plan that names no rounding keeps the column's own precision, and says when rounding ate a change. */

const READINGS = `sensor,ratio,count,price
S1,0.980268513777,2,19.99
S2,0.5,7,5
S3,1.25,40,120.5
`;

const raise = (column: string, value: number, options?: Record<string, number>) =>
  planOf([
    {
      filter: {},
      action: { type: "percent_increase", column, value },
      ...(options ? { options } : {}),
    },
  ]);

describe("precision follows the column", () => {
  const table = load(READINGS);

  it("records the most decimals a number column holds", () => {
    const ratio = table.profile.columns.find((column) => column.name === "ratio");
    expect(ratio?.scale).toBe(12);
    const price = table.profile.columns.find((column) => column.name === "price");
    expect(price?.scale).toBe(2);
  });

  it("keeps all twelve places of a ratio when the plan names no rounding", () => {
    const result = table.ok(raise("ratio", 10));
    expect(result.changes.map((change) => [change.rowKey, change.after])).toEqual([
      ["S1", "1.078295365155"], // 1.0782953651547 to twelve places
      ["S2", "0.550000000000"],
      ["S3", "1.375000000000"],
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("keeps prices at cents, because they are written in cents", () => {
    const result = table.ok(raise("price", 10));
    expect(result.changes.map((change) => change.after)).toEqual(["21.99", "5.50", "132.55"]);
  });

  it("a stated round_to still wins", () => {
    const result = table.ok(raise("ratio", 10, { round_to: 2 }));
    expect(result.changes.map((change) => change.after)).toEqual(["1.08", "0.55", "1.38"]);
  });
});

describe("rounding that swallows a change", () => {
  const table = load(READINGS);

  it("names the rows where a whole-number column comes back to its value", () => {
    const result = table.ok(raise("count", 10));
    // 2 → 2.2 → 2 and 7 → 7.7 → 8; 40 → 44.
    expect(result.changes.map((change) => [change.rowKey, change.after])).toEqual([
      ["S2", "8"],
      ["S3", "44"],
    ]);
    expect(result.operations[0]).toMatchObject({ matched: 3, changed: 2, skipped: 1 });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(
      "1 'count' value stays as it was: the change is lost when rounded to whole numbers",
    );
    expect(result.warnings[0]).toContain("(S1)");
  });

  it("says so when every change is lost, instead of a silent 0 rows changed", () => {
    const result = load("id,stock\nA,2\nB,3\n").ok(raise("stock", 10));
    expect(result.rowsChanged).toBe(0);
    expect(result.warnings[0]).toMatch(/2 'stock' values stay as they were: .* \(A, B\)/);
  });

  it("the exact path says the same where the fast one cannot read the cell", () => {
    // An exponent goes the Decimal way.
    const result = load("id,stock\nA,2e0\n").ok(raise("stock", 10, { round_to: 0 }));
    expect(result.warnings[0]).toContain("(A)");
  });

  it("a value a bound holds is not reported as lost to rounding", () => {
    const result = table.ok(raise("count", 10, { max_value: 1 }));
    expect(result.warnings.join(" ")).not.toContain("lost when rounded");
  });

  it("a value already right is not reported either", () => {
    const result = load("id,stock\nA,0\n").ok(raise("stock", 10));
    expect(result.warnings).toEqual([]);
  });
});
