import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { tailScannerForTests } from "@/lib/dataset/scan-worker";
import { dictionaryEncodingByHeader, dictionaryEncodingFor } from "./dictionary-encoding";
import { dryRun } from "./dry-run";
import { fixtureBytes, fixturePlan, load, planOf, text } from "./test-support";

const SEED = fixtureBytes("seed-products.csv");
const CATALOG = `sku,category,price,in_stock,qty
A101,fitness,29.99,true,5
A102,fitness,39.99,TRUE,0
A103,fitness,49.99,false,2
B201,yoga,19.99,false,7
B202,yoga,24.99,true,1
C301,accessories,9.99,true,12
`;

describe("seed parity", () => {
  it("fitness +10% gives exactly the expected file", () => {
    const result = load(SEED).ok(fixturePlan("seed-plan-fitness-10pct.json"));
    expect(result.output).toEqual(fixtureBytes("seed-products-after-fitness-10pct.csv"));
    expect(result.changes).toEqual([
      { operationId: "op_01", rowKey: "A101", column: "price", before: "29.99", after: "32.99" },
      { operationId: "op_01", rowKey: "A102", column: "price", before: "39.99", after: "43.99" },
    ]);
    expect(result.operations).toEqual([
      { operationId: "op_01", matched: 2, changed: 2, skipped: 0 },
    ]);
    expect(result.rowsChanged).toBe(2);
    expect(result.cellsChanged).toBe(2);
    expect(result.changeSetHash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.outputSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a result carries only data where it is enumerated, so a server action can return a spread of it", () => {
    const result = load(SEED).ok(fixturePlan("seed-plan-fitness-10pct.json"));
    const functions = Object.entries({ ...result }).filter(([, v]) => typeof v === "function");
    expect(functions.map(([name]) => name)).toEqual([]);
    expect(result.rowOfChange(1)).toBe(1);
  });

  it("mixed plan: price increase then stock flag", () => {
    const result = load(SEED).ok(fixturePlan("seed-plan-mixed.json"));
    expect(text(result.output)).toBe(`sku,category,price,in_stock
A101,fitness,34.49,true
A102,fitness,45.99,true
A103,fitness,49.99,false
B201,yoga,19.99,false
B202,yoga,24.99,true
C301,accessories,9.99,false
C302,accessories,14.99,false
`);
    expect(result.operations.map((o) => o.changed)).toEqual([2, 2]);
  });

  it("gives the change set's record fields a piece at a time, across operations", () => {
    const result = load(SEED).ok(fixturePlan("seed-plan-mixed.json"));
    const fields = result.changes.map((c) => [
      c.operationId,
      c.rowKey,
      c.column,
      c.before,
      c.after,
    ]);
    const records = result.changeRecords();
    expect(records.count).toBe(4);
    expect(records.columns).toEqual(["price", "in_stock"]);
    expect(records.fields(0, 4)).toEqual(fields);
    // A piece that starts in the first operation's changes and ends in the second's.
    expect(records.fields(1, 3)).toEqual(fields.slice(1, 3));
    expect(records.fields(3, 4)).toEqual(fields.slice(3));
  });

  it("minimal plan: set_price 15 is written with round_to's two decimals", () => {
    const result = load(SEED).ok(fixturePlan("seed-plan-minimal.json"));
    expect(result.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["B201", "15.00"],
      ["B202", "15.00"],
    ]);
  });
});

describe("arithmetic", () => {
  const one = (action: object, options: object = {}, csv = "sku,price\nA,29.99\n") =>
    load(csv).ok(planOf([{ filter: {}, action: action as never, options }])).changes[0]?.after;

  it("29.99 + 10% = 32.99 exactly", () => {
    expect(one({ type: "percent_increase", value: 10 })).toBe("32.99");
  });

  it("rounds half-up", () => {
    expect(one({ type: "multiply", value: 0.5 }, {}, "sku,price\nA,0.05\n")).toBe("0.03");
    expect(one({ type: "multiply", value: 0.5 }, {}, "sku,price\nA,2.45\n")).toBe("1.23");
    // 1.005 is 1.00499999… as a binary float; exact decimals round it up.
    expect(one({ type: "fixed_increase", value: 0 }, { round_to: 2 }, "sku,price\nA,1.005\n")).toBe(
      "1.01",
    );
    expect(one({ type: "percent_increase", value: 10 }, { round_to: 0 })).toBe("33");
  });

  it("percent decrease, fixed increase and decrease, multiply", () => {
    expect(one({ type: "percent_decrease", value: 5 })).toBe("28.49");
    expect(one({ type: "fixed_increase", value: 0.01 })).toBe("30.00");
    expect(one({ type: "fixed_decrease", value: 10 })).toBe("19.99");
    expect(one({ type: "multiply", value: 3 })).toBe("89.97");
  });

  it("ending snaps to the nearest .99, not below the minimum", () => {
    expect(
      one({ type: "percent_increase", value: 10 }, { ending: 0.99 }, "sku,price\nA,20.00\n"),
    ).toBe("21.99");
    expect(
      one({ type: "percent_increase", value: 10 }, { ending: 0.99 }, "sku,price\nA,30.00\n"),
    ).toBe("32.99");
    // 22.00 → nearest .99 is 21.99, below the minimum of 22: the next one up.
    expect(
      one(
        { type: "percent_increase", value: 10 },
        { ending: 0.99, min_value: 22 },
        "sku,price\nA,20.00\n",
      ),
    ).toBe("22.99");
  });

  it("clamps apply after rounding", () => {
    expect(one({ type: "percent_increase", value: 100 }, { max_value: 50 })).toBe("50.00");
    expect(one({ type: "percent_decrease", value: 90 }, { min_price: 5 })).toBe("5.00");
    expect(one({ type: "percent_increase", value: 100 }, { max_value: 55, ending: 0.99 })).toBe(
      "54.99",
    );
  });

  it("integer columns keep whole numbers unless round_to says otherwise", () => {
    const csv = "sku,qty\nA,17\n";
    expect(one({ type: "percent_increase", value: 10, column: "qty" }, {}, csv)).toBe("19");
    expect(one({ type: "percent_increase", value: 10, column: "qty" }, { round_to: 1 }, csv)).toBe(
      "18.7",
    );
  });

  it("a value that stays the same is skipped, not rewritten", () => {
    const result = load("sku,price\nA,15\n").ok(
      planOf([{ filter: {}, action: { type: "set_price", value: 15 } }]),
    );
    expect(result.changes).toEqual([]);
    expect(result.operations[0]).toMatchObject({ matched: 1, changed: 0, skipped: 1 });
    expect(text(result.output)).toBe("sku,price\nA,15\n");
  });
});

describe("set_value and booleans", () => {
  it("writes booleans in the column's own style", () => {
    const result = load("sku,in_stock\nA,Yes\nB,No\nC,Yes\n").ok(
      planOf([{ filter: { skus: ["A", "B"] }, action: { type: "set_stock", value: false } }]),
    );
    expect(text(result.output)).toBe("sku,in_stock\nA,No\nB,No\nC,Yes\n");
    expect(result.operations[0]).toMatchObject({ matched: 2, changed: 1, skipped: 1 });
  });

  it("type-checks set_value against the column", () => {
    const catalog = load(CATALOG);
    const bad = catalog.run(
      planOf([{ filter: {}, action: { type: "set_value", column: "in_stock", value: "maybe" } }]),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe("type_mismatch");
    const badNumber = catalog.run(
      planOf([{ filter: {}, action: { type: "set_value", column: "price", value: "cheap" } }]),
    );
    expect(badNumber.ok).toBe(false);
  });

  it("writes strings verbatim and numbers through round_to", () => {
    const catalog = load(CATALOG);
    const verbatim = catalog.ok(
      planOf([
        {
          filter: { skus: ["A101"] },
          action: { type: "set_value", column: "price", value: "31.5" },
        },
      ]),
    );
    expect(verbatim.changes[0].after).toBe("31.5");
    const number = catalog.ok(
      planOf([
        { filter: { skus: ["A101"] }, action: { type: "set_value", column: "price", value: 31.5 } },
      ]),
    );
    expect(number.changes[0].after).toBe("31.50");
  });

  it("quotes a written text cell when it needs quotes", () => {
    const result = load(CATALOG).ok(
      planOf([
        {
          filter: { skus: ["B201"] },
          action: { type: "set_value", column: "category", value: "yoga, mats" },
        },
      ]),
    );
    expect(text(result.output)).toContain('B201,"yoga, mats",19.99,false,7\n');
  });
});

describe("filters", () => {
  const keys = (filter: object) =>
    load(CATALOG).ok(
      planOf([
        {
          filter: filter as never,
          action: { type: "aggregate", fn: "count", column: "sku", result_variable: "n" },
        },
      ]),
    ).variables.n;

  it("conditions compare by column type", () => {
    expect(keys({ all: [{ column: "price", op: "gt", value: 24.99 }] })).toBe(3);
    expect(keys({ all: [{ column: "price", op: "eq", value: "29.990" }] })).toBe(1);
    expect(keys({ all: [{ column: "price", op: "between", value: [10, 30] }] })).toBe(3);
    expect(keys({ all: [{ column: "in_stock", op: "eq", value: true }] })).toBe(4);
    expect(keys({ all: [{ column: "in_stock", op: "neq", value: "yes" }] })).toBe(2);
    expect(keys({ all: [{ column: "category", op: "eq", value: "Fitness" }] })).toBe(0);
    expect(keys({ all: [{ column: "category", op: "contains", value: "FIT" }] })).toBe(3);
    expect(keys({ all: [{ column: "sku", op: "starts_with", value: "b" }] })).toBe(2);
    expect(keys({ all: [{ column: "category", op: "in", value: ["yoga", "accessories"] }] })).toBe(
      3,
    );
    expect(keys({ all: [{ column: "category", op: "not_in", value: ["yoga"] }] })).toBe(4);
    expect(keys({ all: [{ column: "qty", op: "lte", value: 2 }] })).toBe(3);
    expect(
      keys({
        all: [
          { column: "qty", op: "lt", value: 2 },
          { column: "qty", op: "gte", value: 1 },
        ],
      }),
    ).toBe(1);
  });

  it("any, none and shorthand are ANDed", () => {
    expect(
      keys({
        categories: ["fitness", "yoga"],
        any: [
          { column: "price", op: "lt", value: 20 },
          { column: "price", op: "gt", value: 45 },
        ],
        none: [{ column: "in_stock", op: "eq", value: false }],
      }),
    ).toBe(0);
    expect(keys({ categories: ["fitness"], price_gte: 30, price_lte: 50 })).toBe(2);
  });

  it("empty checks", () => {
    const result = load("sku,note\nA,\nB, \nC,x\n").ok(
      planOf([
        {
          filter: { all: [{ column: "note", op: "is_empty" }] },
          action: { type: "aggregate", fn: "count", column: "sku", result_variable: "empty" },
        },
        {
          filter: { all: [{ column: "note", op: "not_empty" }] },
          action: { type: "aggregate", fn: "count", column: "sku", result_variable: "full" },
        },
      ]),
    );
    expect(result.variables).toEqual({ empty: 2, full: 1 });
  });
});

describe("variables and aggregates", () => {
  it("aggregates set variables that later actions use", () => {
    const result = load(CATALOG).ok(
      planOf([
        {
          filter: { categories: ["fitness"] },
          action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg_fitness" },
        },
        {
          filter: { categories: ["yoga"] },
          action: { type: "set_value", column: "price", value: "${avg_fitness}" },
        },
        {
          filter: {},
          action: { type: "aggregate", fn: "median", column: "qty", result_variable: "mid_qty" },
        },
        {
          filter: {},
          action: { type: "aggregate", fn: "sum", column: "qty", result_variable: "total" },
        },
        {
          filter: {},
          action: { type: "aggregate", fn: "min", column: "price", result_variable: "low" },
        },
        {
          filter: {},
          action: { type: "aggregate", fn: "max", column: "price", result_variable: "high" },
        },
      ]),
    );
    expect(result.changes.map((c) => c.after)).toEqual(["39.99", "39.99"]);
    expect(result.variables).toEqual({
      avg_fitness: 39.99,
      high: 49.99,
      low: 9.99,
      mid_qty: 3.5,
      total: 27,
    });
  });

  it("plan variables feed numeric actions and conditions", () => {
    const result = load(CATALOG).ok(
      planOf(
        [
          {
            filter: { all: [{ column: "price", op: "lt", value: "${cap}" }] },
            action: { type: "percent_increase", value: "${pct}" },
          },
        ],
        { variables: { pct: 10, cap: 20 } },
      ),
    );
    expect(result.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["B201", "21.99"],
      ["C301", "10.99"],
    ]);
  });

  it("an unknown variable fails the run", () => {
    const result = load(CATALOG).run(
      planOf([{ filter: {}, action: { type: "percent_increase", value: "${nope}" } }]),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("unknown_variable");
  });
});

describe("failures", () => {
  it("a repeated key found while the plan ran (the parse checked keys aside) fails the run", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `K${i},${i}.00`);
    const unique = new TextEncoder().encode(`sku,price\n${rows.join("\n")}\n`);
    rows[1_500] = "K9,1.00";
    const repeated = new TextEncoder().encode(`sku,price\n${rows.join("\n")}\n`);
    const { profile } = load(unique, "sku");
    const plan = planOf([
      { filter: {}, action: { type: "percent_increase", value: 10, column: "price" } },
    ]);
    const parse = (bytes: Uint8Array) =>
      parseCsv(bytes, {
        keyColumn: "sku",
        tailScanner: tailScannerForTests(),
        checkKeysAside: true,
      });
    expect(dryRun(plan, parse(unique), profile).ok).toBe(true);
    const result = dryRun(plan, parse(repeated), profile);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({
      code: "invalid_key",
      message: "Line 1502: key 'K9' already appears on line 11.",
    });
  });

  it("a numeric action on a non-number fails with the offending keys, nothing applied", () => {
    const result = load("sku,price\nA,1.00\nB,n/a\nC,2.00\nD,free\n").run(
      planOf([{ filter: {}, action: { type: "percent_increase", value: 10, column: "price" } }]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: "non_numeric",
      operationId: "op_01",
      column: "price",
      offendingKeys: ["B", "D"],
      offendingCount: 2,
    });
  });

  it("empty cells are skipped with a warning", () => {
    const result = load("sku,price\nA,1.00\nB,\n").ok(
      planOf([{ filter: {}, action: { type: "fixed_increase", value: 1, column: "price" } }]),
    );
    expect(result.changes).toHaveLength(1);
    expect(result.operations[0]).toMatchObject({ matched: 2, changed: 1, skipped: 1 });
    expect(result.warnings[0]).toMatch(/empty 'price'/);
  });

  it("a bound never moves a value against its action: values already past it stay, with a note", () => {
    const csv = "sku,price\nA,90.00\nB,163.76\nC,120.00\nD,99.00\n";
    const raise = load(csv).ok(
      planOf([
        { filter: {}, action: { type: "percent_increase", value: 5 }, options: { max_value: 100 } },
      ]),
    );
    // A rises by 5%, D is capped at 100; B and C were already above the cap and stay.
    expect(raise.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["A", "94.50"],
      ["D", "100.00"],
    ]);
    expect(raise.warnings).toEqual([
      "Operation op_01: 2 'price' values were already above its limit of 100 and were left as they were.",
    ]);

    const cut = load(csv).ok(
      planOf([
        { filter: {}, action: { type: "multiply", value: 0.5 }, options: { min_value: 95 } },
      ]),
    );
    // A is already below the floor and stays; the others halve but stop at the floor.
    expect(cut.changes.map((c) => [c.rowKey, c.after])).toEqual([
      ["B", "95.00"],
      ["C", "95.00"],
      ["D", "95.00"],
    ]);
    expect(cut.warnings).toEqual([
      "Operation op_01: 1 'price' value was already below its limit of 95 and was left as it was.",
    ]);

    // A bound in the direction of the action still clamps: a floor on a raise, a cap on a cut.
    const floorOnRaise = load(csv).ok(
      planOf([
        { filter: {}, action: { type: "fixed_increase", value: 1 }, options: { min_value: 130 } },
      ]),
    );
    expect(floorOnRaise.changes.map((c) => c.after)).toEqual([
      "130.00",
      "164.76",
      "130.00",
      "130.00",
    ]);

    // Setting has no direction: both bounds clamp.
    const set = load(csv).ok(
      planOf([
        { filter: {}, action: { type: "set_price", value: 150 }, options: { max_value: 140 } },
      ]),
    );
    expect(set.changes.map((c) => c.after)).toEqual(["140.00", "140.00", "140.00", "140.00"]);

    const within = load(csv).ok(
      planOf([
        { filter: {}, action: { type: "percent_increase", value: 5 }, options: { max_value: 500 } },
      ]),
    );
    expect(within.warnings).toEqual([]);
  });

  it("the key column cannot be written", () => {
    const result = load(CATALOG).run(
      planOf([{ filter: {}, action: { type: "set_value", column: "sku", value: "X" } }]),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: "invalid_plan", column: "sku" });
  });

  it("a profile of other columns is refused", () => {
    const catalog = load(CATALOG);
    const other = load("sku,price\nA,1\n");
    const result = dryRun(
      fixturePlan("seed-plan-minimal.json"),
      parseCsv(catalog.bytes),
      other.profile,
    );
    expect(result.ok).toBe(false);
  });

  it("shorthand the dataset cannot map is an invalid plan", () => {
    const result = load("id,cost\n1,2\n").run(
      planOf([
        {
          filter: { categories: ["x"] },
          action: { type: "percent_increase", value: 1, column: "cost" },
        },
      ]),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("invalid_plan");
      expect(result.error.path).toEqual(["operations", 0, "filter", "categories"]);
    }
  });
});

describe("guards", () => {
  const guarded = (guards: object) =>
    load(CATALOG).ok(
      planOf(
        [{ filter: { categories: ["fitness"] }, action: { type: "percent_increase", value: 10 } }],
        { guards },
      ),
    ).guards;

  it("reports each guard with limit, actual and offending keys", () => {
    const [rows, percent, min, max] = guarded({
      max_rows_changed: 2,
      max_change_percent: 10,
      min_value: 35,
      max_value: 50,
    });
    expect(rows).toMatchObject({ guard: "max_rows_changed", limit: 2, actual: 3, passed: false });
    // 29.99 → 32.99 is 10.003%: rounding makes it more than 10.
    expect(percent).toMatchObject({ guard: "max_change_percent", passed: false });
    expect(percent.actual).toBeCloseTo(10.0033, 3);
    expect(min).toMatchObject({
      guard: "min_value",
      actual: 32.99,
      passed: false,
      offendingKeys: ["A101"],
    });
    expect(max).toMatchObject({
      guard: "max_value",
      actual: 54.99,
      passed: false,
      offendingKeys: ["A103"],
    });
  });

  it("passes exact boundaries", () => {
    const result = load("sku,price\nA,20.00\n").ok(
      planOf([{ filter: {}, action: { type: "percent_increase", value: 10 } }], {
        guards: { max_change_percent: 10, max_value: 22, min_value: 22, max_rows_changed: 1 },
      }),
    );
    expect(result.guardsPassed).toBe(true);
  });
});

describe("execution order", () => {
  it("each operation sees the previous one's result", () => {
    const result = load("sku,price\nA,10.00\n").ok(
      planOf([
        { filter: {}, action: { type: "percent_increase", value: 10 } },
        { filter: { price_gte: 11 }, action: { type: "fixed_increase", value: 1 } },
      ]),
    );
    expect(result.changes.map((c) => [c.operationId, c.before, c.after])).toEqual([
      ["op_01", "10.00", "11.00"],
      ["op_02", "11.00", "12.00"],
    ]);
    expect(result.cellsChanged).toBe(1);
  });

  it("a category filter sees categories an earlier operation wrote", () => {
    const result = load(CATALOG).ok(
      planOf([
        {
          filter: { skus: ["A101"] },
          action: { type: "set_value", column: "category", value: "yoga" },
        },
        { filter: { categories: ["yoga"] }, action: { type: "fixed_increase", value: 1 } },
        { filter: { categories: ["fitness"] }, action: { type: "fixed_increase", value: 2 } },
      ]),
    );
    expect(result.changes.map((c) => [c.operationId, c.rowKey, c.after])).toEqual([
      ["op_01", "A101", "yoga"],
      ["op_02", "A101", "30.99"],
      ["op_02", "B201", "20.99"],
      ["op_02", "B202", "25.99"],
      ["op_03", "A102", "41.99"],
      ["op_03", "A103", "51.99"],
    ]);
  });

  it("runs in topological order, ties by list order", () => {
    const result = load("sku,price\nA,10.00\n").ok(
      planOf([
        { depends_on: ["op_02"], filter: {}, action: { type: "fixed_increase", value: 1 } },
        { depends_on: [], filter: {}, action: { type: "multiply", value: 2 } },
      ]),
    );
    expect(result.order).toEqual(["op_02", "op_01"]);
    expect(result.changes.map((c) => c.after)).toEqual(["20.00", "21.00"]);
  });

  it("a cycle is an invalid plan", () => {
    const result = load("sku,price\nA,10.00\n").run(
      planOf([
        { depends_on: ["op_02"], filter: {}, action: { type: "fixed_increase", value: 1 } },
        { depends_on: ["op_01"], filter: {}, action: { type: "multiply", value: 2 } },
      ]),
    );
    expect(result.ok).toBe(false);
  });
});

describe("restore_values", () => {
  it("writes only the listed rows the filter selects, verbatim", () => {
    const result = load(CATALOG).ok(
      planOf([
        {
          filter: { categories: ["fitness"] },
          action: {
            type: "restore_values",
            column: "price",
            values: { A101: "29.990", A102: "39.99", B201: "1" },
          },
        },
      ]),
    );
    // B201 is listed but not selected; A103 is selected but not listed; A102 already holds it.
    expect(result.operations[0]).toMatchObject({ matched: 2, changed: 1, skipped: 1 });
    expect(result.changes).toEqual([
      { operationId: "op_01", rowKey: "A101", column: "price", before: "29.99", after: "29.990" },
    ]);
  });

  it("type-checks each text against the column", () => {
    const bad = load(CATALOG).run(
      planOf([
        {
          filter: {},
          action: { type: "restore_values", column: "price", values: { A101: "cheap" } },
        },
      ]),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: "type_mismatch", column: "price" });
  });
});

describe("dictionary encoding during the parse", () => {
  const plan = planOf([
    {
      filter: { categories: ["fitness"], in_stock: true },
      action: { type: "percent_increase", value: 10 },
    },
    { filter: { categories: ["yoga"] }, action: { type: "percent_decrease", value: 5 } },
    { filter: { categories: ["accessories"] }, action: { type: "set_stock", value: false } },
  ]);

  it("asks for the column the most operations' filters read in full first", () => {
    const { profile } = load(CATALOG, "sku");
    expect(dictionaryEncodingFor(plan, profile)).toEqual({ column: "category", limit: 1024 });
    const byPrice = planOf([
      {
        filter: { all: [{ column: "price", op: "gt", value: 10 }] },
        action: { type: "set_stock", value: false },
      },
    ]);
    // 6 distinct prices are few enough; a column the data does not have asks for nothing.
    expect(dictionaryEncodingFor(byPrice, profile)?.column).toBe("price");
    const unknown = planOf([
      {
        filter: { all: [{ column: "colour", op: "eq", value: "red" }] },
        action: { type: "set_stock", value: false },
      },
    ]);
    expect(dictionaryEncodingFor(unknown, profile)).toBeUndefined();
  });

  it("counts an aggregate's groups as read in full, and the plan gives the same result", () => {
    const { profile } = load(CATALOG, "sku");
    const perGroup = planOf([
      {
        filter: {},
        action: {
          type: "aggregate",
          fn: "avg",
          column: "price",
          result_variable: "category_avg",
          group_by: "category",
        },
      },
      {
        filter: { all: [{ column: "price", op: "lt", value: "${category_avg}" }] },
        action: { type: "percent_increase", value: 10 },
      },
    ]);
    expect(dictionaryEncodingFor(perGroup, profile)?.column).toBe("category");
    const encoded = dryRun(
      perGroup,
      parseCsv(new TextEncoder().encode(CATALOG), {
        keyColumn: "sku",
        encode: dictionaryEncodingFor(perGroup, profile),
      }),
      profile,
    );
    const plain = load(CATALOG, "sku").ok(perGroup);
    expect(encoded.ok && encoded.changes).toEqual(plain.changes);
    expect(plain.changes.length).toBeGreaterThan(0);
  });

  it("chooses the same column from the header alone, before the table is profiled", () => {
    const { profile } = load(CATALOG, "sku");
    const header = profile.columns.map((c) => c.name);
    expect(dictionaryEncodingByHeader(plan, header)).toEqual(dictionaryEncodingFor(plan, profile));
    const byNames = planOf([
      {
        filter: { all: [{ column: "supplier", op: "eq", value: "Acme" }] },
        action: { type: "percent_increase", column: "cost", value: 2 },
      },
    ]);
    expect(dictionaryEncodingByHeader(byNames, ["id", "supplier", "cost"])?.column).toBe(
      "supplier",
    );
    // No column the shorthand's names fit: the plan does not resolve, nothing is encoded.
    expect(dictionaryEncodingByHeader(plan, ["id", "kind", "cost"])).toBeUndefined();
  });

  it("gives the same result as building the dictionaries in the run", () => {
    const { bytes, profile } = load(CATALOG, "sku");
    const encode = dictionaryEncodingFor(plan, profile);
    const encoded = dryRun(plan, parseCsv(bytes, { keyColumn: "sku", encode }), profile);
    const plain = dryRun(plan, parseCsv(bytes, { keyColumn: "sku" }), profile);
    if (!encoded.ok || !plain.ok) throw new Error("dry run failed");
    expect(encoded.changes).toEqual(plain.changes);
    expect(encoded.changes.length).toBeGreaterThan(2);
    expect(encoded.changeSetHash).toBe(plain.changeSetHash);
    expect(encoded.output).toEqual(plain.output);
  });
});
