import type { CheckContext } from "./check-context";
import { q } from "./check-context";
import type { VariableLookup, VariableScope } from "./check-variables";
import { dependsTransitively, effectiveDependencies, findCycle } from "./dag";
import type { ExecutionPlan } from "./schema";
import { didYouMean, didYouMeanText } from "./suggest";

/**
 * Checks of the plan as a whole: operation ids, `depends_on` (unknown ids, cycles) and the
 * variables that aggregate operations define, which only exist for the operations that depend
 * on them.
 */

/** Report duplicate ids and bad `depends_on` entries; true when the graph is sound. */
export function checkGraph(context: CheckContext, plan: ExecutionPlan): boolean {
  let sound = true;
  const ids = plan.operations.map((operation) => operation.operation_id);
  const firstIndex = new Map<string, number>();

  plan.operations.forEach((operation, index) => {
    const id = operation.operation_id;
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return;
    }
    sound = false;
    context.report(
      "duplicate_operation_id",
      ["operations", index, "operation_id"],
      `operation id ${q(id)} is already used by operations[${first}]; every operation needs its own id`,
    );
  });

  plan.operations.forEach((operation, index) => {
    const seen = new Set<string>();
    operation.depends_on?.forEach((dependency, k) => {
      const path = ["operations", index, "depends_on", k];
      if (seen.has(dependency)) {
        context.report("duplicate_dependency", path, `${q(dependency)} is listed twice`);
        return;
      }
      seen.add(dependency);
      if (dependency === operation.operation_id) {
        sound = false;
        context.report(
          "dependency_cycle",
          path,
          `operation ${q(dependency)} cannot depend on itself`,
        );
        return;
      }
      if (!firstIndex.has(dependency)) {
        sound = false;
        const suggestion = didYouMean(dependency, ids);
        context.report(
          "unknown_dependency",
          path,
          suggestion
            ? `no operation ${q(dependency)} in this plan${didYouMeanText(suggestion)}`
            : `no operation ${q(dependency)} in this plan; its operations are ${ids.join(", ")}`,
          suggestion,
        );
      }
    });
  });
  if (!sound) return false;

  const deps = effectiveDependencies(plan);
  const cycle = findCycle(ids, deps);
  if (cycle) {
    // findCycle walks in execution order (each id runs before the next); say it as "depends on".
    const walk = [...cycle].reverse();
    const parts = walk.slice(0, -1).map((id, k) => {
      const next = walk[k + 1];
      const index = firstIndex.get(id) ?? 0;
      const implicit = plan.operations[index].depends_on === undefined;
      return `${id} depends on ${next}${implicit ? " (implicitly: it has no depends_on and follows it in the list)" : ""}`;
    });
    const anchor =
      walk.find((id) => plan.operations[firstIndex.get(id) ?? 0].depends_on !== undefined) ??
      walk[0];
    context.report(
      "dependency_cycle",
      ["operations", firstIndex.get(anchor) ?? 0, "depends_on"],
      `depends_on forms a cycle: ${parts.join("; ")}; remove one of these dependencies`,
    );
    return false;
  }
  return true;
}

/**
 * The variables an operation can use: the plan's `variables`, and the result of every aggregate
 * operation it depends on (directly or through others). Records which plan variables were used.
 */
export function variableScope(
  context: CheckContext,
  plan: ExecutionPlan,
  graphSound: boolean,
): VariableScope & { reportUnused(): void } {
  const planVariables = plan.variables ?? {};
  const producers = new Map<string, string>();
  const perGroup = new Map<string, string>();
  const used = new Set<string>();

  plan.operations.forEach((operation, index) => {
    const action = operation.action;
    if (action.type !== "aggregate") return;
    const name = action.result_variable;
    const path = ["operations", index, "action", "result_variable"];
    if (Object.hasOwn(planVariables, name)) {
      context.report(
        "variable_redefined",
        path,
        `${q(name)} is already defined in "variables"; give the aggregate result its own name`,
      );
      return;
    }
    const producer = producers.get(name);
    if (producer !== undefined) {
      context.report(
        "variable_redefined",
        path,
        `${q(name)} is already computed by ${producer}; give this result its own name`,
      );
      return;
    }
    producers.set(name, operation.operation_id);
    if (action.group_by !== undefined) perGroup.set(name, action.group_by);
  });

  const deps = graphSound ? effectiveDependencies(plan) : undefined;
  const allNames = [...Object.keys(planVariables), ...producers.keys()];

  return {
    resolve(name: string, operationIndex: number): VariableLookup {
      if (Object.hasOwn(planVariables, name)) {
        used.add(name);
        return { status: "defined", value: planVariables[name] };
      }
      const producer = producers.get(name);
      if (producer === undefined) {
        return { status: "undefined", suggestion: didYouMean(name, allNames) };
      }
      const id = plan.operations[operationIndex].operation_id;
      if (deps && producer !== id && !dependsTransitively(deps, id, producer)) {
        return { status: "not_ready", producer };
      }
      const group = perGroup.get(name);
      return group === undefined
        ? { status: "defined", value: "number" }
        : { status: "defined", value: "number", perGroup: group };
    },
    reportUnused(): void {
      for (const name of Object.keys(planVariables)) {
        if (used.has(name)) continue;
        context.report(
          "unused_variable",
          ["variables", name],
          `variable ${q(name)} is defined but no action uses it ("\${${name}}")`,
        );
      }
    },
  };
}
