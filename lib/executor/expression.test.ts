import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { validatePlan } from "@/lib/plan/validate";
import { findOrderConflicts } from "./conflicts";
import { load, planOf, text, undone } from "./test-support";

/** set_expression: a column computed from the row, exactly, then rounded like any number. */
const CATALOG = `sku,name,cost,price,compare_at,units
A1,Oak chair,10.00,19.99,,3
A2,Pine desk,25.50,49.00,55.00,0
A3,Ash stool,,12.00,,2
A4,Elm shelf,7.25,15.5,,4
`;

const set = (column: string, expression: string, extra: Record<string, unknown> = {}) =>
  planOf([{ filter: {}, action: { type: "set_expression", column, expression, ...extra } }]);

describe("set_expression", () => {
  const catalog = load(CATALOG);

  it("computes cost × 1.4 in exact decimals and keeps the column's cents", () => {
    const result = catalog.ok(set("price", "cost * 1.4", { skip_uncomputable: true }));
    expect(result.changes.map((c) => [c.rowKey, c.before, c.after])).toEqual([
      ["A1", "19.99", "14.00"],
      ["A2", "49.00", "35.70"],
      ["A4", "15.5", "10.15"],
    ]);
    expect(result.warnings.join(" ")).toMatch(
      /1 row could not be computed and was left as it was: 'cost' is empty \(A3\)/,
    );
  });

  it("stops with the rows it cannot compute unless the plan says to skip them", () => {
    const result = catalog.run(set("price", "cost * 1.4"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("uncomputable");
    expect(result.error.offendingKeys).toEqual(["A3"]);
    expect(result.error.message).toMatch(/'cost' is empty \(A3\)\. Fill those cells/);
  });

  it("names division by zero as the reason", () => {
    const result = catalog.run(set("price", "price / units"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(/division by zero \(A2\)/);
  });

  it("coalesce reads an empty cell as the next value", () => {
    const result = catalog.ok(set("price", "coalesce(cost, 5) * 2"));
    expect(result.changes.find((c) => c.rowKey === "A3")?.after).toBe("10.00");
  });

  it("copies a column: a price into compare_at at the column's precision", () => {
    const result = catalog.ok(
      planOf([
        {
          filter: { all: [{ column: "compare_at", op: "is_empty" }] },
          action: { type: "set_expression", column: "compare_at", expression: "price" },
        },
      ]),
    );
    expect(result.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["A1", "19.99"],
      ["A3", "12.00"],
      ["A4", "15.50"],
    ]);
  });

  it("copies text verbatim into a text column", () => {
    const result = catalog.ok(set("name", "sku"));
    expect(result.changes.map((c) => c.after)).toEqual(["A1", "A2", "A3", "A4"]);
  });

  it("rounds with round(), floor(), min() and the plan's own round_to", () => {
    const result = catalog.ok(
      planOf([
        {
          filter: { all: [{ column: "cost", op: "not_empty" }] },
          action: {
            type: "set_expression",
            column: "price",
            expression: "max(floor(cost * 1.9), 15) - 0.01",
          },
        },
      ]),
    );
    expect(result.changes.map((c) => c.after)).toEqual(["18.99", "47.99", "14.99"]);
  });

  it("is refused with positions and suggestions before it runs", () => {
    const issues = validatePlan(set("price", "cots * 1.4"), catalog.profile).issues;
    expect(issues.map((i) => i.message)).toEqual([
      'operations[0].action.expression: no column "cots" in this dataset — did you mean "cost"?',
    ]);
  });

  it("an operation that reads a column another one writes must depend on it", () => {
    const plan = planOf([
      {
        filter: {},
        action: { type: "percent_increase", column: "cost", value: 10 },
      },
      {
        operation_id: "price_from_cost",
        depends_on: [],
        filter: { all: [{ column: "cost", op: "not_empty" }] },
        action: { type: "set_expression", column: "price", expression: "cost * 2" },
      },
    ]);
    const conflicts = findOrderConflicts(plan, parseCsv(catalog.bytes), catalog.profile);
    expect(conflicts.map((c) => c.reason)).toEqual(["reads_written"]);
  });

  it("is undone byte for byte by its inverse plan (property: any factor)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 3 }), (k, places) => {
        const factor = (k / 100).toFixed(2);
        const plan = set("price", `coalesce(cost, price) * ${factor}`, {});
        plan.operations[0].options = { round_to: places };
        const forward = catalog.ok(plan);
        const again = catalog.ok(plan);
        expect(text(again.output)).toBe(text(forward.output));
        if (forward.changes.length === 0) return;
        expect(text(undone(forward, "sku"))).toBe(CATALOG);
      }),
      { numRuns: 40 },
    );
  });
});

describe("the safe-integer path for formulas", () => {
  /** The formula's output on the table, by the fast path and by the exact one. */
  const bothPaths = (csv: string, formula: string, places: number) => {
    const table = load(csv);
    const run = (options: Record<string, number>) => {
      const result = table.run(
        planOf([
          {
            filter: {},
            action: {
              type: "set_expression",
              column: "out",
              expression: formula,
              skip_uncomputable: true,
            },
            options,
          },
        ]),
      );
      return result.ok && text(result.output);
    };
    // A bound nothing reaches sends every row down the exact path. (-1e15 was reached:
    // "(a + a) * a * a * -(a * a)" of 1e3 is -2e15.)
    return { fast: run({ round_to: places }), exact: run({ round_to: places, min_value: -1e300 }) };
  };

  it("agrees with the exact decimal path on any +, − and × of columns and numbers (property)", () => {
    const cellText = fc.oneof(
      fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 100).toFixed(2)),
      fc.integer({ min: 0, max: 999 }).map(String),
      fc.constantFrom("", "1e3", "12.3456789", "0.5"),
    );
    const leaf = fc.oneof(
      fc.constantFrom("a", "b"),
      fc.integer({ min: 0, max: 500 }).map((n) => (n / 10).toString()),
    );
    const expression = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        leaf,
        fc
          .tuple(tie("node"), fc.constantFrom("+", "-", "*"), tie("node"))
          .map(([x, op, y]) => `(${x} ${op} ${y})`),
        tie("node").map((x) => `-${x}`),
      ),
    }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cellText, cellText), { minLength: 1, maxLength: 8 }),
        expression.node,
        fc.integer({ min: 0, max: 4 }),
        (rows, formula, places) => {
          const csv = `k,a,b,out\n${rows.map(([a, b], i) => `K${i},${a},${b},1.00`).join("\n")}\n`;
          const { fast, exact } = bothPaths(csv, formula, places);
          expect(fast).toBe(exact);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("agrees with the exact path where the result is past 1e15 (the case that found the bound)", () => {
    const formula = "(((a + a) * (a * ((0 + 0) + a))) * -(a * a))";
    const { fast, exact } = bothPaths("k,a,b,out\nK0,1e3,,1.00\n", formula, 0);
    expect(fast).toBe("k,a,b,out\nK0,1e3,,-2000000000000000\n");
    expect(exact).toBe(fast);
  });
});
