"use client";

import { useState } from "react";
import { effectiveDependencies } from "@/lib/plan/dag";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { planVariableNames } from "./draft-edits";

export interface PlanOutline {
  /** Every operation's id, in list order. */
  operationIds: readonly string[];
  /** Each operation's prerequisites, the implicit "previous operation" written out. */
  dependencies: Map<string, string[]>;
  /** Names an action value can reference. */
  variables: readonly string[];
}

/**
 * What every operation card needs to know about the rest of the plan, as values that keep their
 * identity while only field values change: typing in one card then leaves the others alone.
 */
export function usePlanOutline(
  operations: ExecutionPlan["operations"],
  variables: ExecutionPlan["variables"],
): PlanOutline {
  const plan = { operations, variables } as ExecutionPlan;
  const key = JSON.stringify([
    operations.map((operation) => [operation.operation_id, operation.depends_on ?? null]),
    planVariableNames(plan),
  ]);
  const [outline, setOutline] = useState(() => ({ key, value: outlineOf(plan) }));
  if (outline.key === key) return outline.value;
  const next = { key, value: outlineOf(plan) };
  setOutline(next);
  return next.value;
}

function outlineOf(plan: ExecutionPlan): PlanOutline {
  return {
    operationIds: plan.operations.map((operation) => String(operation.operation_id ?? "")),
    dependencies: effectiveDependencies(plan),
    variables: planVariableNames(plan),
  };
}
