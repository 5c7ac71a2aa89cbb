import { explicitDependencies, setDependencies } from "@/components/plan-editor/draft-edits";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { OperationStats as ExecutorOperationStats } from "@/lib/executor/types";
import {
  dependsTransitively,
  effectiveDependencies,
  findCycle,
  operationOrder,
} from "@/lib/plan/dag";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { actionSummary, filterSummary } from "./operation-summary";

/**
 * The operation graph of a plan as plain data, and the edits a graph makes to a plan. React Flow
 * only ever sees what `planGraph` returns; drawing or deleting an edge goes through
 * `connectOperations` / `disconnectOperations`, which edit `depends_on` and refuse cycles.
 */

/** A preview's counts for one operation (the executor's stats, without the id). */
export type OperationStats = Pick<ExecutorOperationStats, "matched" | "changed" | "skipped">;

export interface GraphNodeModel {
  /** Node id: the operation id (a repeated id gets `~<index>` so every node is distinct). */
  id: string;
  operationId: string;
  index: number;
  description?: string;
  filterSummary: string;
  actionSummary: string;
  /** 0-based batch: operations of one batch have no path between them and may run together. */
  batch?: number;
  stats?: OperationStats;
}

export interface GraphEdgeModel {
  id: string;
  /** The prerequisite. */
  source: string;
  /** The operation that depends on it. */
  target: string;
  /** True for the "previous operation" dependency of an operation without `depends_on`. */
  implicit: boolean;
}

export interface PlanGraphModel {
  nodes: GraphNodeModel[];
  edges: GraphEdgeModel[];
  /** Batches of node ids, or undefined when the graph has no order (a cycle, an unknown id). */
  batches?: string[][];
  /** Why there is no order, in words. */
  problem?: string;
}

function edgeId(source: string, target: string): string {
  return `${source}->${target}`;
}

export function planGraph(
  plan: ExecutionPlan,
  options: { stats?: Record<string, OperationStats>; profile?: DatasetProfile } = {},
): PlanGraphModel {
  const operations = Array.isArray(plan.operations) ? plan.operations : [];
  const firstNode = new Map<string, string>();
  const nodes: GraphNodeModel[] = operations.map((operation, index) => {
    const operationId = String(operation?.operation_id ?? "");
    const id = firstNode.has(operationId) ? `${operationId}~${index}` : operationId;
    if (!firstNode.has(operationId)) firstNode.set(operationId, id);
    const node: GraphNodeModel = {
      id,
      operationId,
      index,
      filterSummary: filterSummary(operation?.filter, options.profile),
      actionSummary: actionSummary(operation?.action, options.profile),
    };
    if (typeof operation?.description === "string" && operation.description !== "") {
      node.description = operation.description;
    }
    const stats = options.stats?.[operationId];
    if (stats) node.stats = stats;
    return node;
  });

  const edges: GraphEdgeModel[] = [];
  const seen = new Set<string>();
  operations.forEach((operation, index) => {
    const explicit = Array.isArray(operation?.depends_on);
    const dependencies = explicit
      ? (operation.depends_on as unknown[]).filter((id): id is string => typeof id === "string")
      : index > 0
        ? [String(operations[index - 1]?.operation_id ?? "")]
        : [];
    const target = nodes[index].id;
    for (const dependency of dependencies) {
      const source = firstNode.get(dependency);
      if (source === undefined || source === target) continue;
      const id = edgeId(source, target);
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({ id, source, target, implicit: !explicit });
    }
  });

  const order = safeOrder(plan);
  if (order.ok) {
    const batchOf = new Map<string, number>();
    order.batches.forEach((batch, b) => {
      for (const id of batch) batchOf.set(id, b);
    });
    for (const node of nodes) node.batch = batchOf.get(node.operationId);
    return { nodes, edges, batches: order.batches };
  }
  return { nodes, edges, problem: order.problem };
}

function safeOrder(
  plan: ExecutionPlan,
): { ok: true; batches: string[][] } | { ok: false; problem: string } {
  const shaped =
    Array.isArray(plan.operations) &&
    plan.operations.every(
      (operation) =>
        typeof operation?.operation_id === "string" &&
        (operation.depends_on === undefined ||
          (Array.isArray(operation.depends_on) &&
            operation.depends_on.every((id) => typeof id === "string"))),
    );
  if (!shaped) return { ok: false, problem: "Some operations have no valid id or depends_on." };
  const order = operationOrder(plan);
  if (order.ok) return { ok: true, batches: order.batches };
  switch (order.reason) {
    case "cycle":
      return { ok: false, problem: `The dependencies form a cycle: ${order.cycle.join(" → ")}.` };
    case "unknown_dependency":
      return {
        ok: false,
        problem: `${order.operationId} depends on ${order.dependency}, which is not in the plan.`,
      };
    case "duplicate_id":
      return { ok: false, problem: `Two operations share the id ${order.operationId}.` };
  }
}

export type GraphEdit = { ok: true; plan: ExecutionPlan } | { ok: false; message: string };

/**
 * Make `target` run after `source` (an edge source → target): `source` joins target's
 * `depends_on`. An operation that had no `depends_on` depended on the one before it; that
 * dependency is written out so it is kept. Refused when it would close a cycle.
 */
export function connectOperations(plan: ExecutionPlan, source: string, target: string): GraphEdit {
  if (source === target) return { ok: false, message: `${source} cannot run after itself.` };
  const targetIndex = plan.operations.findIndex((operation) => operation.operation_id === target);
  const sourceExists = plan.operations.some((operation) => operation.operation_id === source);
  if (targetIndex === -1 || !sourceExists) {
    return { ok: false, message: `There is no operation ${targetIndex === -1 ? target : source}.` };
  }
  const deps = effectiveDependencies(plan);
  if (deps.get(target)?.includes(source)) return { ok: true, plan };
  if (dependsTransitively(deps, source, target)) {
    const withEdge = new Map(deps);
    withEdge.set(target, [...(deps.get(target) ?? []), source]);
    const cycle = findCycle(
      plan.operations.map((operation) => operation.operation_id),
      withEdge,
    );
    return {
      ok: false,
      message: `${target} cannot run after ${source}: ${source} already runs after ${target}, so this would make a cycle${cycle ? ` (${cycle.join(" → ")})` : ""}.`,
    };
  }
  return {
    ok: true,
    plan: setDependencies(plan, targetIndex, [...explicitDependencies(plan, targetIndex), source]),
  };
}

/**
 * Remove the edge source → target. For an implicit edge this makes the target independent of
 * the previous operation: its `depends_on` becomes an explicit list without it.
 */
export function disconnectOperations(
  plan: ExecutionPlan,
  source: string,
  target: string,
): ExecutionPlan {
  const targetIndex = plan.operations.findIndex((operation) => operation.operation_id === target);
  if (targetIndex === -1) return plan;
  const current = explicitDependencies(plan, targetIndex);
  if (!current.includes(source)) return plan;
  return setDependencies(
    plan,
    targetIndex,
    current.filter((id) => id !== source),
  );
}
