import { describe, expect, it } from "vitest";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { testOperation as operation, testPlan as plan, seedProfile } from "@/lib/plan/test-support";
import { validatePlan } from "@/lib/plan/validate";
import { forgetDependency, renameOperation, renameVariable, setIn } from "./draft-edits";
import { isFieldPath } from "./field-paths";
import {
  errorMessagesAt,
  errorPath,
  FormErrorStore,
  formName,
  planFieldErrors,
  planResolver,
  planUpdates,
  snapshotPlan,
} from "./plan-form-state";

/** What RHF's form values look like: cleared fields and registered absent ones as undefined. */
function applyUpdates(values: unknown, updates: [(string | number)[], unknown][]): unknown {
  return updates.reduce((next, [path, value]) => setIn(next, path, value), values);
}

describe("formName", () => {
  it("joins a plan path into an RHF field name", () => {
    expect(formName(["operations", 2, "filter", "all", 0, "value"])).toBe(
      "operations.2.filter.all.0.value",
    );
  });
});

describe("snapshotPlan", () => {
  it("drops undefined members and objects RHF made of nothing but them", () => {
    const values = {
      ...plan(operation("a", { description: undefined, options: { round_to: undefined } })),
      guards: { max_rows_changed: undefined, min_value: undefined },
    };
    expect(snapshotPlan(values)).toEqual(plan(operation("a")));
    expect(Object.keys(snapshotPlan(values).operations[0])).not.toContain("options");
  });

  it("drops fields the form cleared (null) as absent", () => {
    const values = plan(
      operation("a", {
        description: null as unknown as string,
        options: { round_to: 2, min_value: null as unknown as number },
      }),
    );
    expect(snapshotPlan(values).operations[0]).toEqual({
      ...operation("a"),
      options: { round_to: 2 },
    });
  });

  it("keeps an empty filter, which matches every row, and set members", () => {
    const values = plan(
      operation("a", { filter: {}, options: { round_to: 0, ending: undefined } }),
    );
    expect(snapshotPlan(values).operations[0]).toEqual({
      operation_id: "a",
      filter: {},
      action: { type: "percent_increase", value: 10 },
      options: { round_to: 0 },
    });
  });

  it("is a copy: changing the form values later leaves it alone", () => {
    const values = plan(operation("a"));
    const copy = snapshotPlan(values);
    values.operations[0].filter.categories?.push("yoga");
    expect(copy.operations[0].filter.categories).toEqual(["fitness"]);
  });
});

describe("planUpdates", () => {
  it("writes only the fields an edit changes", () => {
    const before = plan(operation("a"), operation("b", { depends_on: ["a"] }), operation("c"));
    const after = renameOperation(before, 0, "first");
    const updates = planUpdates(before, after);
    expect(updates).toEqual([
      [["operations", 0, "operation_id"], "first"],
      [["operations", 1, "depends_on", 0], "first"],
    ]);
    expect(applyUpdates(before, updates)).toEqual(after);
  });

  it("writes a list whose length changes whole", () => {
    const before = plan(operation("a"), operation("b", { depends_on: ["a", "c"] }), operation("c"));
    const after = forgetDependency(before, "c");
    expect(planUpdates(before, after)).toEqual([[["operations", 1, "depends_on"], ["a"]]]);
  });

  it("writes an object that loses a member whole, so no undefined is left behind", () => {
    const before = plan(operation("a", { filter: { categories: ["fitness"], in_stock: true } }));
    const after = setIn(before, ["operations", 0, "filter", "in_stock"], undefined);
    expect(planUpdates(before, after)).toEqual([
      [["operations", 0, "filter"], { categories: ["fitness"] }],
    ]);
  });

  it("clears a removed member of the plan itself instead of rewriting the plan", () => {
    const before = {
      ...plan(operation("a", { action: { type: "set_price", value: "${x}" } })),
      variables: { x: 1 },
    };
    const renamed = renameVariable(before, "x", "y");
    const updates = planUpdates(before, renamed);
    expect(updates).toContainEqual([["variables"], { y: 1 }]);
    expect(updates).toContainEqual([["operations", 0, "action", "value"], "${y}"]);
    const removed = { ...before, variables: undefined };
    expect(planUpdates(before, removed)).toEqual([[["variables"], undefined]]);
  });

  it("writes an object whole when one of its keys is not an RHF name", () => {
    const before = { ...plan(operation("a")), variables: { "odd.name": 1, fine: 2 } };
    const after = setIn(before, ["variables", "odd.name"], 3);
    expect(planUpdates(before, after)).toEqual([[["variables"], { "odd.name": 3, fine: 2 }]]);
  });

  it("has nothing to write for an edit that changes nothing", () => {
    const before = plan(operation("a"));
    expect(planUpdates(before, before)).toEqual([]);
  });
});

describe("planFieldErrors", () => {
  it("puts each error at its field and a section's under root; warnings stay out", () => {
    const broken = plan(
      operation("a", {
        filter: { categories: ["fitnes"] },
        action: { type: "percent_increase", value: "abc" as unknown as number },
      }),
    );
    const { issues } = validatePlan(broken, seedProfile);
    const errors = planFieldErrors(issues);
    const valueErrors = errorMessagesAt(errors, ["operations", 0, "action", "value"]);
    expect(valueErrors).toHaveLength(1);
    expect(valueErrors[0]).toMatch(/abc/);
    for (const issue of issues.filter((candidate) => candidate.severity === "warning")) {
      expect(JSON.stringify(errors)).not.toContain(issue.detail);
    }
  });

  it("keeps every message of a field and separates a section from its fields", () => {
    const errors = planFieldErrors([
      issue(["operations", 0, "filter", "categories", 0], "first"),
      issue(["operations", 0, "filter", "categories", 2], "second"),
      issue(["operations", 0, "filter", "bogus"], "unknown key"),
      issue(["operations", 0, "action", "type"], "bad type"),
      issue(["operations", 0, "action"], "bad action"),
      issue([], "plan-level"),
    ]);
    expect(errorMessagesAt(errors, ["operations", 0, "filter", "categories"])).toEqual([
      "first",
      "second",
    ]);
    expect(errorMessagesAt(errors, ["operations", 0, "filter"])).toEqual(["unknown key"]);
    // "type" is a field of the action: its error is not the action section's own.
    expect(errorMessagesAt(errors, ["operations", 0, "action", "type"])).toEqual(["bad type"]);
    expect(errorMessagesAt(errors, ["operations", 0, "action"])).toEqual(["bad action"]);
    expect(errorMessagesAt(errors, [])).toEqual(["plan-level"]);
    expect(errorMessagesAt(errors, ["operations", 1])).toEqual([]);
  });

  it("addresses sections under root and fields as themselves", () => {
    expect(isFieldPath(["operations", 0, "action", "value"])).toBe(true);
    expect(isFieldPath(["operations", 0, "filter"])).toBe(false);
    expect(errorPath(["operations", 0, "filter"])).toEqual(["operations", 0, "filter", "root"]);
    expect(errorPath(["guards", "min_value"])).toEqual(["guards", "min_value"]);
    expect(errorPath([])).toEqual(["root"]);
  });
});

function issue(path: (string | number)[], detail: string) {
  return {
    path,
    pathText: "",
    severity: "error" as const,
    code: "wrong_type" as const,
    message: detail,
    detail,
  };
}

describe("planResolver", () => {
  const resolve = (values: unknown) =>
    planResolver(seedProfile)(values as ExecutionPlan, undefined, {
      shouldUseNativeValidation: false,
      fields: {},
    });

  it("passes a valid plan through as its values", async () => {
    const valid = plan(operation("a"));
    const result = await resolve(valid);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(validatePlan(valid, seedProfile).parsed);
  });

  it("validates the form values as the draft will hold them", async () => {
    // Undefined members left by RHF are not "unknown fields": the resolver sees the clean copy.
    const values = plan(operation("a", { options: { round_to: undefined } }));
    expect((await resolve(values)).errors).toEqual({});
    const broken = plan(operation("a", { action: { type: "percent_increase", value: -1000 } }));
    const result = await resolve({ ...broken, execution_id: "" });
    expect(result.values).toEqual({});
    expect(errorMessagesAt(result.errors, ["execution_id"]).length).toBeGreaterThan(0);
  });
});

describe("FormErrorStore", () => {
  it("tells subscribers about new errors and keeps a field's messages as one stable string", () => {
    const store = new FormErrorStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const errors = planFieldErrors([issue(["operations", 0, "action", "value"], "bad")]);
    store.update(errors);
    store.update(errors);
    expect(calls).toBe(1);
    expect(store.messagesAt(["operations", 0, "action", "value"])).toBe("bad");
    expect(store.messagesAt(["operations", 0, "action", "type"])).toBe("");
    unsubscribe();
    store.update({});
    expect(calls).toBe(1);
  });
});
