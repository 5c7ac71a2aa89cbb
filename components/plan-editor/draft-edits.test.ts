import { describe, expect, it } from "vitest";
import type { ExecutionPlan, Operation } from "@/lib/plan/schema";
import {
  catalogProfile,
  testOperation as operation,
  testPlan as plan,
  seedProfile,
} from "@/lib/plan/test-support";
import { validatePlan } from "@/lib/plan/validate";
import {
  addCondition,
  addOperation,
  applySuggestion,
  changeActionType,
  duplicateOperation,
  explicitDependencies,
  getIn,
  moveOperation,
  planVariableNames,
  removeCondition,
  removeOperation,
  removeVariable,
  renameOperation,
  renameVariable,
  reshapeConditionValue,
  setConditionColumn,
  setConditionOp,
  setDependencies,
  setIn,
  uniqueOperationId,
} from "./draft-edits";

const ids = (p: ExecutionPlan) => p.operations.map((op) => op.operation_id);

describe("setIn / getIn", () => {
  it("copies only the objects along the path and leaves the original alone", () => {
    const before = plan(operation("a"), operation("b"));
    const after = setIn(before, ["operations", 1, "action", "value"], 25);
    expect(getIn(after, ["operations", 1, "action", "value"])).toBe(25);
    expect(getIn(before, ["operations", 1, "action", "value"])).toBe(10);
    expect(after.operations[0]).toBe(before.operations[0]);
    expect(after.operations[1].filter).toBe(before.operations[1].filter);
  });

  it("removes a key set to undefined instead of writing undefined", () => {
    const before = plan(operation("a", { options: { round_to: 2, ending: 0.99 } }));
    const after = setIn(before, ["operations", 0, "options", "ending"], undefined);
    expect(after.operations[0].options).toEqual({ round_to: 2 });
    expect("ending" in (after.operations[0].options ?? {})).toBe(false);
  });

  it("creates missing containers", () => {
    const after = setIn(plan(operation("a")), ["guards", "max_rows_changed"], 5);
    expect(after.guards).toEqual({ max_rows_changed: 5 });
    expect(setIn({}, ["list", 0], "x")).toEqual({ list: ["x"] });
  });
});

describe("operations", () => {
  it("adds an operation with a fresh id that validates against the dataset", () => {
    const after = addOperation(plan(operation("op_01"), operation("op_02")), seedProfile);
    expect(ids(after)).toEqual(["op_01", "op_02", "op_03"]);
    const result = validatePlan(after, seedProfile);
    expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
  });

  it("targets a numeric column when the dataset has no price column", () => {
    const after = addOperation(plan(operation("op_01")), {
      ...catalogProfile,
      shorthand: { key: "id" },
    });
    expect(after.operations[1].action).toEqual({
      type: "percent_increase",
      value: 0,
      column: "price",
    });
  });

  it("never reuses an id", () => {
    const p = plan(operation("op_02"), operation("op_02_01"));
    expect(uniqueOperationId(p, "op_01")).toBe("op_01");
    expect(uniqueOperationId(p, "op_02")).toBe("op_01");
    expect(uniqueOperationId(plan(operation("x"), operation("x_01")), "x")).toBe("x_02");
  });

  it("duplicates right after the original with a new id", () => {
    const after = duplicateOperation(plan(operation("a"), operation("b")), 0);
    expect(ids(after)).toEqual(["a", "a_copy", "b"]);
    expect(after.operations[1].filter).toEqual(after.operations[0].filter);
    expect(after.operations[1].filter).not.toBe(after.operations[0].filter);
    expect(ids(duplicateOperation(after, 0))).toEqual(["a", "a_copy_01", "a_copy", "b"]);
  });

  it("removes an operation and the explicit references to it", () => {
    const before = plan(
      operation("a"),
      operation("b", { depends_on: [] }),
      operation("c", { depends_on: ["a", "b"] }),
    );
    const after = removeOperation(before, 1);
    expect(ids(after)).toEqual(["a", "c"]);
    expect(after.operations[1].depends_on).toEqual(["a"]);
  });

  it("moves operations up and down and ignores moves past either end", () => {
    const before = plan(operation("a"), operation("b"), operation("c"));
    expect(ids(moveOperation(before, 2, -1))).toEqual(["a", "c", "b"]);
    expect(ids(moveOperation(before, 0, 1))).toEqual(["b", "a", "c"]);
    expect(moveOperation(before, 0, -1)).toBe(before);
    expect(moveOperation(before, 2, 1)).toBe(before);
  });

  it("renames an operation and the depends_on entries that name it", () => {
    const before = plan(operation("a"), operation("b", { depends_on: ["a"] }));
    const after = renameOperation(before, 0, "first");
    expect(ids(after)).toEqual(["first", "b"]);
    expect(after.operations[1].depends_on).toEqual(["first"]);
  });

  it("leaves references alone when another operation still has the old id", () => {
    const before = plan(operation("a"), operation("a"), operation("c", { depends_on: ["a"] }));
    const after = renameOperation(before, 1, "b");
    expect(after.operations[2].depends_on).toEqual(["a"]);
  });
});

describe("dependencies", () => {
  it("writes out the implicit previous-operation dependency", () => {
    const p = plan(operation("a"), operation("b"), operation("c", { depends_on: [] }));
    expect(explicitDependencies(p, 0)).toEqual([]);
    expect(explicitDependencies(p, 1)).toEqual(["a"]);
    expect(explicitDependencies(p, 2)).toEqual([]);
  });

  it("sets an explicit list or goes back to the implicit dependency", () => {
    const p = plan(operation("a"), operation("b", { depends_on: [] }));
    const explicit = setDependencies(p, 1, ["a"]);
    expect(explicit.operations[1].depends_on).toEqual(["a"]);
    const implicit = setDependencies(explicit, 1, undefined);
    expect("depends_on" in implicit.operations[1]).toBe(false);
  });
});

describe("actions", () => {
  it("keeps the value and column between numeric actions", () => {
    expect(
      changeActionType({ type: "percent_increase", value: 10, column: "cost" }, "multiply"),
    ).toEqual({ type: "multiply", value: 10, column: "cost" });
    expect(changeActionType({ type: "set_price", value: "${avg}" }, "fixed_decrease")).toEqual({
      type: "fixed_decrease",
      value: "${avg}",
    });
  });

  it("fills in what the new type needs", () => {
    expect(changeActionType({ type: "percent_increase", value: 10 }, "set_stock")).toEqual({
      type: "set_stock",
      value: false,
    });
    expect(changeActionType({ type: "set_stock", value: true }, "percent_decrease")).toEqual({
      type: "percent_decrease",
      value: 0,
    });
    expect(
      changeActionType({ type: "percent_increase", value: 1, column: "price" }, "aggregate"),
    ).toEqual({ type: "aggregate", fn: "avg", column: "price", result_variable: "result" });
    expect(
      changeActionType(
        { type: "aggregate", fn: "max", column: "price", result_variable: "m" },
        "set_value",
      ),
    ).toEqual({ type: "set_value", value: "", column: "price" });
  });
});

describe("conditions", () => {
  it("reshapes the value when the operator changes", () => {
    expect(reshapeConditionValue("fitness", "in")).toEqual(["fitness"]);
    expect(reshapeConditionValue(["fitness", "yoga"], "eq")).toBe("fitness");
    expect(reshapeConditionValue(10, "between")).toEqual([10, ""]);
    expect(reshapeConditionValue([1, 2], "is_empty")).toBeUndefined();
    expect(reshapeConditionValue(undefined, "gt")).toBe("");
  });

  it("drops the value key for operators that take none", () => {
    expect(setConditionOp({ column: "price", op: "gt", value: 3 }, "not_empty")).toEqual({
      column: "price",
      op: "not_empty",
    });
  });

  it("keeps a comparison with another column through operator and column changes", () => {
    const other = { column: "reorder_level" };
    const below = { column: "qty", op: "lt" as const, value: other };
    expect(setConditionOp(below, "gte")).toEqual({ column: "qty", op: "gte", value: other });
    // An operator that cannot compare with a column gets a value of its own shape.
    expect(setConditionOp(below, "in")).toEqual({ column: "qty", op: "in", value: [] });
    expect(setConditionColumn(below, "stock", { type: "integer" })).toEqual({
      column: "stock",
      op: "lt",
      value: other,
    });
    // A value is retyped for the new column.
    expect(
      setConditionColumn({ column: "sku", op: "eq", value: "12" }, "price", { type: "number" }),
    ).toEqual({ column: "price", op: "eq", value: 12 });
  });

  it("adds to a group and removes the group with its last condition", () => {
    const filter = addCondition({ in_stock: true }, "any", { column: "price", op: "gt", value: 1 });
    expect(filter.any).toHaveLength(1);
    expect(removeCondition(filter, "any", 0)).toEqual({ in_stock: true });
  });
});

describe("variables", () => {
  it("renames a variable in place and the references to it", () => {
    const before: ExecutionPlan = {
      ...plan(operation("a", { action: { type: "set_price", value: "${target}" } })),
      variables: { first: 1, target: 20, last: 3 },
    };
    const after = renameVariable(before, "target", "goal");
    expect(Object.keys(after.variables ?? {})).toEqual(["first", "goal", "last"]);
    expect(after.operations[0].action).toEqual({ type: "set_price", value: "${goal}" });
    expect(renameVariable(before, "target", "first")).toBe(before);
  });

  it("drops the variables object with its last variable", () => {
    const before: ExecutionPlan = { ...plan(operation("a")), variables: { x: 1 } };
    expect("variables" in removeVariable(before, "x")).toBe(false);
  });
});

describe("applySuggestion", () => {
  it("fixes a misspelt category and a misspelt key from validation's suggestions", () => {
    const before = plan(
      operation("a", {
        filter: { categories: ["fitnes"], in_stok: true } as Operation["filter"],
      }),
    );
    // The unknown key hides the dataset checks of its operation, so fix as the user would:
    // apply a suggestion, validate again.
    let fixed = before;
    for (let round = 0; round < 3; round++) {
      for (const issue of validatePlan(fixed, seedProfile).issues) {
        fixed = applySuggestion(fixed, issue) ?? fixed;
      }
    }
    expect(fixed.operations[0].filter).toEqual({ categories: ["fitness"], in_stock: true });
    expect(validatePlan(fixed, seedProfile).issues).toEqual([]);
  });

  it("offers nothing when the suggestion is not a replacement value", () => {
    const issue = {
      code: "ending_precision",
      path: ["operations", 0, "options", "ending"],
      suggestion: "2",
    };
    expect(applySuggestion(plan(operation("a")), issue)).toBeUndefined();
    expect(
      applySuggestion(plan(operation("a")), { code: "unknown_column", path: ["x"] }),
    ).toBeUndefined();
  });
});

describe("planVariableNames", () => {
  it("lists plan variables, then aggregate results, once each", () => {
    const p: ExecutionPlan = {
      ...plan(
        operation("a", {
          action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg" },
        }),
        operation("b", {
          action: { type: "aggregate", fn: "max", column: "price", result_variable: "target" },
        }),
      ),
      variables: { target: 10 },
    };
    expect(planVariableNames(p)).toEqual(["target", "avg"]);
  });
});
