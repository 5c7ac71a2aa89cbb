import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describePlan } from "@/lib/plan/describe";
import { validatePlan } from "@/lib/plan/validate";
import { add, compare, DECIMAL_ZERO, formatFixed, parseDecimal, roundHalfUp } from "./decimal";
import { load, planOf, text, undone } from "./test-support";

/** Aggregates per group: each row compared with its own category's figure. */
const SHOP = `sku,category,price,cost
A1,chairs,100.00,40
A2,chairs,200.00,90
A3,chairs,300.00,
B1,lamps,10.00,4
B2,lamps,30.00,12
C1,rugs,,20
`;

const perCategory = (fn: string, column = "price") => ({
  operation_id: "category_avg",
  filter: {},
  action: { type: "aggregate", fn, column, result_variable: "cat_avg", group_by: "category" },
});

describe("aggregates per group", () => {
  const shop = load(SHOP);

  it("compares each row with its own group's average", () => {
    const plan = planOf([
      perCategory("avg") as never,
      {
        operation_id: "cut_above_average",
        depends_on: ["category_avg"],
        filter: { all: [{ column: "price", op: "gt", value: "${cat_avg}" }] },
        action: { type: "percent_decrease", column: "price", value: 10 },
      },
    ]);
    expect(validatePlan(plan, shop.profile).issues).toEqual([]);
    const result = shop.ok(plan);
    // chairs average 200, lamps 20; rugs have no price to average, so C1 matches nothing.
    expect(result.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["A3", "270.00"],
      ["B2", "27.00"],
    ]);
    expect(text(undone(result, "sku"))).toBe(SHOP);
    expect(describePlan(plan, shop.profile)).toBe(
      "Work out the average price of each category for every row. Lower price by 10% for rows where price is over the average price of its category.",
    );
  });

  it("feeds a formula with the row's own group value", () => {
    const result = shop.ok(
      planOf([
        perCategory("max") as never,
        {
          operation_id: "to_category_max",
          depends_on: ["category_avg"],
          filter: { all: [{ column: "price", op: "not_empty" }] },
          action: { type: "set_expression", column: "price", expression: "${cat_avg} - 1" },
        },
      ]),
    );
    expect(result.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["A1", "299.00"],
      ["A2", "299.00"],
      ["A3", "299.00"],
      ["B1", "29.00"],
      ["B2", "29.00"],
    ]);
  });

  it("is refused where one value is needed, and names a group column that does not exist", () => {
    const setToAverage = planOf([
      perCategory("avg") as never,
      {
        depends_on: ["category_avg"],
        filter: {},
        action: { type: "set_value", column: "price", value: "${cat_avg}" },
      },
    ]);
    expect(validatePlan(setToAverage, shop.profile).issues.map((i) => i.message)).toEqual([
      'operations[1].action.value: "${cat_avg}" has one value per category; compare with it in a filter (eq, neq, gt, gte, lt, lte) or use it in a formula',
    ]);
    const unknown = planOf([
      {
        ...perCategory("avg"),
        action: { ...perCategory("avg").action, group_by: "categry" },
      } as never,
    ]);
    expect(validatePlan(unknown, shop.profile).issues.map((i) => i.message)).toEqual([
      'operations[0].action.group_by: no column "categry" in this dataset — did you mean "category"?',
    ]);
  });

  it("gives each group the figure a whole-table aggregate gives that group alone (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("x", "y", "z"), fc.integer({ min: 1, max: 9999 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom("avg", "min", "max", "sum", "median", "count"),
        (rows, fn) => {
          const csv = `k,g,v\n${rows.map(([g, v], i) => `K${i},${g},${v}`).join("\n")}\n`;
          const table = load(csv);
          const grouped = table.ok(
            planOf([
              {
                operation_id: "agg",
                filter: {},
                action: { type: "aggregate", fn, column: "v", result_variable: "r", group_by: "g" },
              } as never,
              {
                depends_on: ["agg"],
                filter: { all: [{ column: "v", op: "gte", value: "${r}" }] },
                action: { type: "set_value", column: "v", value: 0 },
              },
            ]),
          );
          for (const group of ["x", "y", "z"]) {
            if (!rows.some(([g]) => g === group)) continue;
            const alone = table.ok(
              planOf([
                {
                  operation_id: "agg",
                  filter: { all: [{ column: "g", op: "eq", value: group }] },
                  action: { type: "aggregate", fn, column: "v", result_variable: "r" },
                } as never,
                {
                  depends_on: ["agg"],
                  filter: {
                    all: [
                      { column: "g", op: "eq", value: group },
                      { column: "v", op: "gte", value: "${r}" },
                    ],
                  },
                  action: { type: "set_value", column: "v", value: 0 },
                },
              ]),
            );
            const keysIn = (changes: { rowKey: string }[]) =>
              changes.map((c) => c.rowKey).filter((k) => rows[Number(k.slice(1))][0] === group);
            expect(keysIn(grouped.changes)).toEqual(keysIn(alone.changes));
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("sums on safe integers", () => {
  it("equal the exact decimal sum, whatever the cells hold (property)", () => {
    const cell = fc.oneof(
      fc.integer({ min: -999999, max: 999999 }).map((n) => (n / 1000).toString()),
      fc.constantFrom("1e3", "9007199254740991", "0.000000000000001", "", "12.5"),
      fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }).map(String),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 10 }), (cells) => {
        // "out" holds numbers, so the formula writes a number column, as validation requires.
        const csv = `k,v,out\n${cells.map((v, i) => `K${i},${v},-1.5`).join("\n")}\n`;
        const result = load(csv).ok(
          planOf([
            {
              operation_id: "total",
              filter: {},
              action: { type: "aggregate", fn: "sum", column: "v", result_variable: "t" },
            } as never,
            {
              depends_on: ["total"],
              filter: { all: [{ column: "k", op: "eq", value: "K0" }] },
              action: { type: "set_expression", column: "out", expression: "${t}" },
              options: { round_to: 6 },
            },
          ]),
        );
        const exact = cells
          .map((v) => parseDecimal(v))
          .filter((d) => d !== undefined)
          .reduce(add, DECIMAL_ZERO);
        const written = result.changes[0]?.after ?? "-1.500000";
        expect(written).toBe(formatFixed(roundHalfUp(exact, 6), 6));
      }),
      { numRuns: 200 },
    );
  });
});

describe("comparisons on safe integers", () => {
  it("select the same rows as exact decimal comparison (property)", () => {
    const number = fc.oneof(
      fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 100).toString()),
      fc.constantFrom("1e2", "100", "100.000", "-0", "0.0000000000000001", "123456789012345678"),
    );
    fc.assert(
      fc.property(
        fc.array(number, { minLength: 1, maxLength: 10 }),
        fc.constantFrom("gt", "gte", "lt", "lte"),
        fc.integer({ min: -1000, max: 1000 }).map((n) => n / 10),
        (cells, op, bound) => {
          const csv = `k,v\n${cells.map((v, i) => `K${i},${v}`).join("\n")}\n`;
          const result = load(csv).ok(
            planOf([
              {
                filter: { all: [{ column: "v", op, value: bound }] },
                action: { type: "set_value", column: "v", value: 777 },
              },
            ]),
          );
          const b = parseDecimal(String(bound)) as NonNullable<ReturnType<typeof parseDecimal>>;
          const expected = cells.flatMap((v, i) => {
            const d = parseDecimal(v);
            if (d === undefined) return [];
            const order = compare(d, b);
            const keep =
              op === "gt"
                ? order > 0
                : op === "gte"
                  ? order >= 0
                  : op === "lt"
                    ? order < 0
                    : order <= 0;
            return keep && compare(d, { m: 777, s: 0 }) !== 0 ? [`K${i}`] : [];
          });
          expect(result.changes.map((c) => c.rowKey)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
