import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { describePlan } from "@/lib/plan/describe";
import { validatePlan } from "@/lib/plan/validate";
import { findOrderConflicts } from "./conflicts";
import { load, planOf, text, undone } from "./test-support";

/** A condition whose value is another column of the same row: `{"column": "reorder_level"}`. */
const STOCK = `sku,name,qty_on_hand,reorder_level,retail_price,msrp,reorder,restocked,checked
S1,Socks,8,20,14.99,16.99,no,2026-11-01,2026-11-03
S2,Beanie,25,25,19.99,19.99,no,2026-10-01,2026-09-30
S3,Shell,0,10,150.00,149.00,no,2026-11-20,2026-11-20
S4,Fleece,55,,69.00,79.00,no,2026-08-01,
S5,Boots,,5,99.00,,no,2026-07-01,2026-07-02
`;

const below = (op: string, column = "qty_on_hand", other = "reorder_level") => ({
  filter: { all: [{ column, op, value: { column: other } }] },
  action: { type: "set_value", column: "reorder", value: "yes" },
});

describe("comparing a column with another of the same row", () => {
  const shop = load(STOCK);
  const changedKeys = (op: string, column?: string, other?: string) =>
    shop.ok(planOf([below(op, column, other) as never])).changes.map((c) => c.rowKey);

  it("compares each row's numbers; an empty or non-number cell on either side matches nothing", () => {
    expect(changedKeys("lt")).toEqual(["S1", "S3"]);
    expect(changedKeys("lte")).toEqual(["S1", "S2", "S3"]);
    expect(changedKeys("gt")).toEqual([]);
    expect(changedKeys("gte")).toEqual(["S2"]);
    // Numbers compare as numbers, not as text ("150.00" > "149.00", 19.99 = 19.99).
    expect(changedKeys("gt", "retail_price", "msrp")).toEqual(["S3"]);
    expect(changedKeys("eq", "retail_price", "msrp")).toEqual(["S2"]);
    // neq is exactly not eq: the empty msrp of S5 is not 99.00.
    expect(changedKeys("neq", "retail_price", "msrp")).toEqual(["S1", "S3", "S4", "S5"]);
  });

  it("compares dates, and reads the other column as earlier operations left it", () => {
    expect(changedKeys("gt", "restocked", "checked")).toEqual(["S2"]);
    const plan = planOf([
      {
        filter: { all: [{ column: "sku", op: "eq", value: "S4" }] },
        action: { type: "set_value", column: "reorder_level", value: 60 },
      },
      { depends_on: ["op_01"], ...below("lt") } as never,
    ]);
    const result = shop.ok(plan);
    expect(result.changes.map((c) => [c.rowKey, c.column, c.after])).toEqual([
      ["S4", "reorder_level", "60"],
      ["S1", "reorder", "yes"],
      ["S3", "reorder", "yes"],
      ["S4", "reorder", "yes"],
    ]);
    expect(text(undone(result, "sku"))).toBe(STOCK);
  });

  it("validates, describes and orders plans that compare columns", () => {
    const plan = planOf([below("lt") as never]);
    expect(validatePlan(plan, shop.profile).issues).toEqual([]);
    expect(describePlan(plan, shop.profile)).toBe(
      "Set reorder to yes for rows where qty_on_hand is under its reorder_level.",
    );
    // Writing the column another operation's filter compares with makes the order matter.
    const unordered = planOf([
      {
        depends_on: [],
        filter: { all: [{ column: "sku", op: "eq", value: "S4" }] },
        action: { type: "set_value", column: "reorder_level", value: 60 },
      },
      { depends_on: [], ...below("lt") } as never,
    ]);
    expect(findOrderConflicts(unordered, parseCsv(shop.bytes), shop.profile)).toEqual([
      expect.objectContaining({
        reason: "reads_written",
        cells: [{ rowKey: "S4", column: "reorder_level" }],
      }),
    ]);
  });

  it("refuses a comparison that cannot be made, saying why", () => {
    const issues = (condition: object) =>
      validatePlan(
        planOf([
          {
            filter: { all: [condition] },
            action: { type: "set_value", column: "reorder", value: "yes" },
          } as never,
        ]),
        shop.profile,
      ).issues.map((issue) => [issue.code, issue.path.join("."), issue.detail]);
    expect(issues({ column: "qty_on_hand", op: "lt", value: { column: "name" } })).toEqual([
      [
        "column_type",
        "operations.0.filter.all.0.value.column",
        expect.stringContaining("compare numbers with numbers or dates with dates"),
      ],
    ]);
    expect(issues({ column: "qty_on_hand", op: "lt", value: { column: "reorder_lvl" } })).toEqual([
      ["unknown_column", "operations.0.filter.all.0.value.column", expect.any(String)],
    ]);
    expect(issues({ column: "name", op: "contains", value: { column: "sku" } })).toEqual([
      [
        "value_shape",
        "operations.0.filter.all.0.op",
        "contains cannot compare with another column; use eq, neq, gt, gte, lt or lte",
      ],
    ]);
  });
});
