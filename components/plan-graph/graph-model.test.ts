import { describe, expect, it } from "vitest";
import { operationOrder } from "@/lib/plan/dag";
import type { ExecutionPlan, Operation } from "@/lib/plan/schema";
import {
  testPlan as plan,
  readFixtureJson,
  seedProfile,
  testOperation,
} from "@/lib/plan/test-support";
import { connectOperations, disconnectOperations, planGraph } from "./graph-model";

function operation(id: string, depends_on?: string[]): Operation {
  return testOperation(id, depends_on === undefined ? {} : { depends_on });
}

const edgePairs = (p: ExecutionPlan) =>
  planGraph(p).edges.map(
    (edge) => `${edge.source}->${edge.target}${edge.implicit ? " (implicit)" : ""}`,
  );

describe("planGraph", () => {
  it("makes a seed plan a chain of implicit edges in list order", () => {
    const seed = readFixtureJson("seed-plan-mixed.json") as ExecutionPlan;
    const graph = planGraph(seed, {
      profile: seedProfile,
      stats: { op_01: { matched: 2, changed: 2, skipped: 0 } },
    });
    expect(graph.nodes.map((node) => node.id)).toEqual(["op_01", "op_02"]);
    expect(graph.edges).toEqual([
      { id: "op_01->op_02", source: "op_01", target: "op_02", implicit: true },
    ]);
    expect(graph.batches).toEqual([["op_01"], ["op_02"]]);
    expect(graph.nodes[0]).toMatchObject({
      filterSummary: "category in fitness · in_stock = true",
      actionSummary: "price +15%",
      stats: { matched: 2, changed: 2, skipped: 0 },
      batch: 0,
    });
    expect(graph.nodes[1].stats).toBeUndefined();
  });

  it("draws explicit depends_on and puts independent operations in one batch", () => {
    const graph = planGraph(plan(operation("a"), operation("b", []), operation("c", ["a", "b"])));
    expect(graph.edges.map((edge) => `${edge.source}->${edge.target}`)).toEqual(["a->c", "b->c"]);
    expect(graph.batches).toEqual([["a", "b"], ["c"]]);
  });

  it("still draws a plan whose dependencies form a cycle, and says why it has no order", () => {
    const graph = planGraph(plan(operation("a", ["b"]), operation("b", ["a"])));
    expect(graph.nodes).toHaveLength(2);
    expect(graph.edges).toHaveLength(2);
    expect(graph.batches).toBeUndefined();
    expect(graph.problem).toMatch(/cycle/);
  });

  it("gives repeated ids distinct nodes", () => {
    const graph = planGraph(plan(operation("a"), operation("a")));
    expect(graph.nodes.map((node) => node.id)).toEqual(["a", "a~1"]);
    expect(graph.problem).toMatch(/share the id a/);
  });

  it("skips dependencies on operations that do not exist", () => {
    expect(edgePairs(plan(operation("a"), operation("b", ["a", "ghost"])))).toEqual(["a->b"]);
  });
});

describe("connectOperations", () => {
  it("adds the source to the target's explicit depends_on", () => {
    const before = plan(operation("a", []), operation("b", []), operation("c", ["a"]));
    const result = connectOperations(before, "b", "c");
    expect(result.ok && result.plan.operations[2].depends_on).toEqual(["a", "b"]);
  });

  it("keeps the implicit previous-operation dependency when making it explicit", () => {
    const before = plan(operation("a"), operation("b", []), operation("c"));
    // c implicitly runs after b; connecting a → c must keep b.
    const result = connectOperations(before, "a", "c");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.operations[2].depends_on).toEqual(["b", "a"]);
    const order = operationOrder(result.plan);
    expect(order.ok && order.batches).toEqual([["a", "b"], ["c"]]);
    expect(edgePairs(result.plan)).toEqual(["b->c", "a->c"]);
  });

  it("changes nothing for an edge that is already there", () => {
    const before = plan(operation("a"), operation("b"));
    const result = connectOperations(before, "a", "b");
    expect(result).toEqual({ ok: true, plan: before });
  });

  it("refuses an edge that closes a cycle, naming it", () => {
    const before = plan(operation("a"), operation("b"), operation("c"));
    const result = connectOperations(before, "c", "a");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain("a cannot run after c");
    expect(result.message).toContain("a → b → c → a");
  });

  it("refuses a self-edge and unknown operations", () => {
    const before = plan(operation("a"), operation("b"));
    expect(connectOperations(before, "a", "a")).toEqual({
      ok: false,
      message: "a cannot run after itself.",
    });
    expect(connectOperations(before, "a", "zzz").ok).toBe(false);
  });
});

describe("disconnectOperations", () => {
  it("removes an explicit dependency", () => {
    const before = plan(operation("a", []), operation("b", []), operation("c", ["a", "b"]));
    expect(disconnectOperations(before, "a", "c").operations[2].depends_on).toEqual(["b"]);
  });

  it("turns an implicit edge into an explicit empty list", () => {
    const before = plan(operation("a"), operation("b"), operation("c"));
    const after = disconnectOperations(before, "b", "c");
    expect(after.operations[2].depends_on).toEqual([]);
    expect(after.operations[1].depends_on).toBeUndefined();
    expect(edgePairs(after)).toEqual(["a->b (implicit)"]);
  });

  it("changes nothing when there is no such edge", () => {
    const before = plan(operation("a"), operation("b", []));
    expect(disconnectOperations(before, "a", "b")).toBe(before);
  });
});
