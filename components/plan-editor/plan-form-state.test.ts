import { describe, expect, it } from "vitest";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { testOperation as operation, testPlan as plan } from "@/lib/plan/test-support";
import { writeAt } from "./plan-form-state";

describe("writeAt", () => {
  it("writes a value and copies only the objects along its path", () => {
    const before = plan(operation("a"), operation("b"));
    const after = writeAt(before, ["operations", 1, "action", "value"], 12);
    expect(after.operations[1].action).toMatchObject({ value: 12 });
    expect(after.operations[0]).toBe(before.operations[0]);
    expect(after.operations[1].filter).toBe(before.operations[1].filter);
    expect(before.operations[1].action).toMatchObject({ value: 10 });
  });

  it("removes a cleared field (undefined, or null from an input) instead of writing it", () => {
    const before = plan(operation("a", { description: "why" }));
    for (const cleared of [undefined, null]) {
      const after = writeAt(before, ["operations", 0, "description"], cleared);
      expect(Object.keys(after.operations[0])).not.toContain("description");
    }
  });

  it("drops an object the cleared field leaves empty, as clearing the last option drops options", () => {
    const before = {
      ...plan(operation("a", { options: { round_to: 2 } })),
      guards: { max_rows_changed: 10 },
    } as ExecutionPlan;
    const noOptions = writeAt(before, ["operations", 0, "options", "round_to"], undefined);
    expect(Object.keys(noOptions.operations[0])).not.toContain("options");
    const noGuards = writeAt(before, ["guards", "max_rows_changed"], null);
    expect(Object.keys(noGuards)).not.toContain("guards");
  });

  it("keeps an object that still has members, and one that was empty already", () => {
    const before = plan(operation("a", { options: { round_to: 2, min_value: 0 }, filter: {} }));
    const after = writeAt(before, ["operations", 0, "options", "min_value"], undefined);
    expect(after.operations[0].options).toEqual({ round_to: 2 });
    // Clearing what is not there changes nothing: no empty `options` or `filter` appears or goes.
    const same = writeAt(before, ["operations", 0, "filter", "in_stock"], undefined);
    expect(same).toBe(before);
    expect(writeAt(plan(operation("b")), ["operations", 0, "options", "round_to"], null)).toEqual(
      plan(operation("b")),
    );
  });

  it("keeps a list's length when one of its items is cleared", () => {
    const before = plan(operation("a", { filter: { categories: ["fitness", "yoga"] } }));
    const after = writeAt(before, ["operations", 0, "filter", "categories", 0], undefined);
    expect(after.operations[0].filter.categories).toEqual([null, "yoga"]);
  });

  it("never removes an operation, even one left with nothing", () => {
    const before = plan(operation("a"));
    let after = before;
    for (const key of Object.keys(before.operations[0])) {
      after = writeAt(after, ["operations", 0, key], undefined);
    }
    expect(after.operations).toHaveLength(1);
    expect(after.operations[0]).toEqual({});
  });
});
