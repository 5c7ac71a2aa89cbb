import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { describePlan } from "@/lib/plan/describe";
import { validatePlan } from "@/lib/plan/validate";
import { findOrderConflicts } from "./conflicts";
import { load, planOf, text, undone } from "./test-support";

/** Top and bottom N: the rows with the highest or lowest value, overall or per group. */
const WINES = `sku,region,price,organic
W1,Provence,12.00,yes
W2,Provence,30.00,no
W3,Provence,30.00,yes
W4,Rioja,9.50,no
W5,Rioja,45.00,yes
W6,Rioja,,no
W7,Alsace,22.00,yes
`;

const raise = (top: Record<string, unknown>, conditions: unknown[] = []) =>
  planOf([
    {
      filter: { ...(conditions.length > 0 ? { all: conditions } : {}), top } as never,
      action: { type: "fixed_increase", column: "price", value: 1 },
    },
  ]);

describe("top and bottom N", () => {
  const wines = load(WINES);
  const keys = (top: Record<string, unknown>, conditions: unknown[] = []) =>
    wines.ok(raise(top, conditions)).changes.map((c) => c.rowKey);

  it("takes the N lowest, leaving out empty values", () => {
    expect(keys({ n: 2, by: "price", order: "lowest", ties: "all" })).toEqual(["W1", "W4"]);
  });

  it("keeps every tie, or the first in the file, as the plan says", () => {
    expect(keys({ n: 2, by: "price", order: "highest", ties: "all" })).toEqual(["W2", "W3", "W5"]);
    expect(keys({ n: 2, by: "price", order: "highest", ties: "first" })).toEqual(["W2", "W5"]);
  });

  it("takes them per group, and among the rows the conditions chose", () => {
    expect(keys({ n: 1, by: "price", order: "highest", per: "region", ties: "first" })).toEqual([
      "W2",
      "W5",
      "W7",
    ]);
    expect(
      keys({ n: 1, by: "price", order: "lowest", ties: "all" }, [
        { column: "organic", op: "eq", value: true },
      ]),
    ).toEqual(["W1"]);
  });

  it("reads in plain words and is refused on a text column", () => {
    const plan = raise({ n: 1, by: "price", order: "highest", per: "region", ties: "all" });
    expect(describePlan(plan, wines.profile)).toBe(
      "Add 1 to price for the row with the highest price in each region (ties included).",
    );
    const issues = validatePlan(
      raise({ n: 3, by: "region", order: "lowest", ties: "all" }),
      wines.profile,
    );
    expect(issues.issues.map((i) => i.message)).toEqual([
      'operations[0].filter.top.by: the highest or lowest is taken of numbers or dates, but "region" holds text',
    ]);
  });

  it("depends on every write to its column: an unordered writer is an order conflict", () => {
    const plan = planOf([
      { filter: {}, action: { type: "percent_increase", column: "price", value: 50 } },
      {
        depends_on: [],
        filter: { top: { n: 2, by: "price", order: "lowest", ties: "all" } },
        action: { type: "set_value", column: "organic", value: true },
      },
    ]);
    expect(
      findOrderConflicts(plan, parseCsv(wines.bytes), wines.profile).map((c) => c.reason),
    ).toEqual(["reads_written"]);
  });

  it("chooses at most N per group without ties, exactly the lowest ones, and reverts (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b"), fc.integer({ min: 1, max: 20 })), {
          minLength: 1,
          maxLength: 15,
        }),
        fc.integer({ min: 1, max: 5 }),
        (rows, n) => {
          const csv = `k,g,v\n${rows.map(([g, v], i) => `K${i},${g},${v}`).join("\n")}\n`;
          const table = load(csv);
          const result = table.ok(
            planOf([
              {
                filter: { top: { n, by: "v", order: "lowest", per: "g", ties: "first" } },
                action: { type: "fixed_increase", column: "v", value: 100 },
              },
            ]),
          );
          for (const group of ["a", "b"]) {
            const members = rows.map(([g, v], i) => ({ g, v, i })).filter((r) => r.g === group);
            const expected = [...members]
              .sort((x, y) => x.v - y.v || x.i - y.i)
              .slice(0, n)
              .map((r) => `K${r.i}`)
              .sort();
            const chosen = result.changes
              .map((c) => c.rowKey)
              .filter((k) => rows[Number(k.slice(1))][0] === group)
              .sort();
            expect(chosen).toEqual(expected);
          }
          expect(text(undone(result, "k"))).toBe(csv);
        },
      ),
      { numRuns: 100 },
    );
  });
});
