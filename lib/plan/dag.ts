import type { ExecutionPlan, Operation } from "./schema";

/**
 * The operation graph of a plan (docs/plan-format.md "How a plan runs").
 *
 * An operation without `depends_on` depends on the one listed before it, so a plan that never
 * mentions `depends_on` is a chain in list order. `depends_on: []` makes an operation independent.
 */

type PlanOperations = Pick<ExecutionPlan, "operations">;

/** Prerequisites of every operation, with the implicit "previous operation" edge made explicit. */
export function effectiveDependencies(plan: PlanOperations): Map<string, string[]> {
  const deps = new Map<string, string[]>();
  plan.operations.forEach((op: Operation, index: number) => {
    if (op.depends_on !== undefined) {
      deps.set(op.operation_id, [...new Set(op.depends_on)]);
    } else {
      deps.set(op.operation_id, index === 0 ? [] : [plan.operations[index - 1].operation_id]);
    }
  });
  return deps;
}

export type OperationOrder =
  | {
      ok: true;
      /** Operation ids in execution order: topological, ties broken by list order. */
      order: string[];
      /**
       * Operations grouped by depth: every operation in a batch has all its prerequisites in
       * earlier batches, so the members of one batch are independent of each other.
       */
      batches: string[][];
    }
  | { ok: false; reason: "cycle"; cycle: string[] }
  | { ok: false; reason: "unknown_dependency"; operationId: string; dependency: string }
  | { ok: false; reason: "duplicate_id"; operationId: string };

export function operationOrder(plan: PlanOperations): OperationOrder {
  const ids = plan.operations.map((op) => op.operation_id);
  const position = new Map<string, number>();
  for (const [index, id] of ids.entries()) {
    if (position.has(id)) return { ok: false, reason: "duplicate_id", operationId: id };
    position.set(id, index);
  }

  const deps = effectiveDependencies(plan);
  for (const [id, prerequisites] of deps) {
    for (const dependency of prerequisites) {
      if (!position.has(dependency)) {
        return { ok: false, reason: "unknown_dependency", operationId: id, dependency };
      }
    }
  }

  const cycle = findCycle(ids, deps);
  if (cycle) return { ok: false, reason: "cycle", cycle };

  // Kahn's algorithm, always taking the ready operation that comes first in the list.
  const remaining = new Map(ids.map((id) => [id, deps.get(id)?.length ?? 0]));
  const dependents = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [id, prerequisites] of deps) {
    for (const dependency of prerequisites) dependents.get(dependency)?.push(id);
  }
  const depth = new Map<string, number>();
  const order: string[] = [];
  const ready = ids.filter((id) => remaining.get(id) === 0);
  while (ready.length > 0) {
    ready.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    const id = ready.shift() as string;
    order.push(id);
    const prerequisites = deps.get(id) ?? [];
    depth.set(
      id,
      prerequisites.length === 0
        ? 0
        : Math.max(...prerequisites.map((d) => (depth.get(d) ?? 0) + 1)),
    );
    for (const dependent of dependents.get(id) ?? []) {
      const left = (remaining.get(dependent) ?? 0) - 1;
      remaining.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }

  const batches: string[][] = [];
  for (const id of order) {
    const level = depth.get(id) ?? 0;
    batches[level] ??= [];
    batches[level].push(id);
  }
  return { ok: true, order, batches };
}

/** A cycle as a closed walk of ids (first id repeated at the end), or null. */
export function findCycle(ids: string[], deps: Map<string, string[]>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === "done") return null;
    if (state.get(id) === "visiting") return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, "visiting");
    stack.push(id);
    for (const dependency of deps.get(id) ?? []) {
      if (!deps.has(dependency)) continue;
      const cycle = visit(dependency);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, "done");
    return null;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return cycle.reverse();
  }
  return null;
}

/** True when `to` can be reached from `from` by following prerequisites (from depends on to). */
export function dependsTransitively(
  deps: Map<string, string[]>,
  from: string,
  to: string,
): boolean {
  const seen = new Set<string>();
  const pending = [...(deps.get(from) ?? [])];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(deps.get(id) ?? []));
  }
  return false;
}
