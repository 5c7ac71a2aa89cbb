import type { DatasetProfile } from "@/lib/dataset/types";
import { type PlanIssue, planIssue } from "@/lib/plan/issues";
import {
  type NormalizedAction,
  type NormalizedFilter,
  type NormalizedOperation,
  normalizePlan,
} from "@/lib/plan/normalize";
import { type Condition, type ExecutionPlan, isColumnReference } from "@/lib/plan/schema";
import { planWithRules } from "./rules/rules-planner";

/**
 * A second reading of a plan that did not come from the rules planner (a model's plan, or one
 * edited by hand): the rules planner reads the plan's own instruction, and wherever the two
 * disagree on direction, amount, column or rows, the plan gets a warning that names both
 * readings. "Increase yoga prices by 10%" answered with "set every price to 0" is caught here.
 *
 * When the rules planner cannot read the instruction there is nothing to compare and no warning:
 * the check only speaks when it has a reading of its own.
 */

export interface SecondReadingLookups {
  knownKeys?: ReadonlySet<string>;
  knownValues?: ReadonlyMap<string, readonly string[]>;
}

export function secondReading(
  plan: ExecutionPlan,
  profile: DatasetProfile,
  lookups: SecondReadingLookups = {},
): PlanIssue[] {
  const instruction = plan.source_instruction.trim();
  if (instruction === "") return [];
  const reading = planWithRules(
    { instruction, profile, now: new Date(plan.created_at), ...lookups },
    () => new Date(plan.created_at),
    () => 0,
  );
  if (!reading.ok) return [];
  let ours: NormalizedOperation[];
  let theirs: NormalizedOperation[];
  try {
    ours = normalizePlan(reading.plan, profile).operations;
    theirs = normalizePlan(plan, profile).operations;
  } catch {
    return []; // a plan that does not normalise has errors of its own to show
  }
  if (ours.length !== theirs.length) {
    return [
      planIssue(
        "second_reading",
        ["operations"],
        `The instruction reads as ${count(ours.length)}, and this plan has ${count(theirs.length)}: ${ours.map((op) => describeOperation(op)).join("; then ")}.`,
      ),
    ];
  }
  return theirs.flatMap((op, index) => compareOperation(op, ours[index], index));
}

function compareOperation(
  theirs: NormalizedOperation,
  ours: NormalizedOperation,
  index: number,
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const at = (...path: (string | number)[]) => ["operations", index, ...path];
  const step = `Step ${index + 1}`;
  const [a, b] = [theirs.action, ours.action];
  if (a.column !== b.column) {
    issues.push(
      planIssue(
        "second_reading",
        at("action"),
        `${step} changes ${a.column}; the instruction reads as a change to ${b.column}.`,
      ),
    );
  } else if (effect(a) !== effect(b)) {
    issues.push(
      planIssue(
        "second_reading",
        at("action"),
        `${step} ${describeAction(a)}; the instruction reads as: ${describeAction(b)}.`,
      ),
    );
  } else if (amountOf(a) !== amountOf(b)) {
    issues.push(
      planIssue(
        "second_reading",
        at("action", "value"),
        `${step} ${describeAction(a)}; the instruction reads as: ${describeAction(b)}.`,
      ),
    );
  }
  const [mine, yours] = [filterKey(ours.filter), filterKey(theirs.filter)];
  if (mine !== yours) {
    issues.push(
      planIssue(
        "second_reading",
        at("filter"),
        `${step} changes ${describeFilter(theirs.filter)}; the instruction reads as ${describeFilter(ours.filter)}.`,
      ),
    );
  }
  return issues;
}

function count(n: number): string {
  return `${n} step${n === 1 ? "" : "s"}`;
}

type Effect = "up" | "down" | "set" | "other";

function effect(action: NormalizedAction): Effect {
  if (action.kind === "set") return "set";
  if (action.kind !== "numeric") return "other";
  const value = Number(action.value);
  switch (action.type) {
    case "percent_increase":
    case "fixed_increase":
      return value >= 0 ? "up" : "down";
    case "percent_decrease":
    case "fixed_decrease":
      return value >= 0 ? "down" : "up";
    case "multiply":
      return value >= 1 ? "up" : "down";
  }
}

function amountOf(action: NormalizedAction): string {
  if (action.kind === "numeric") return `${action.type}:${Number(action.value)}`;
  if (action.kind === "set") return `set:${String(action.value)}`;
  return action.kind;
}

function describeAction(action: NormalizedAction): string {
  if (action.kind === "set") return `sets ${action.column} to ${JSON.stringify(action.value)}`;
  if (action.kind !== "numeric") return `${action.kind}s ${action.column}`;
  const value = action.value;
  switch (action.type) {
    case "percent_increase":
      return `raises ${action.column} by ${value}%`;
    case "percent_decrease":
      return `lowers ${action.column} by ${value}%`;
    case "fixed_increase":
      return `raises ${action.column} by ${value}`;
    case "fixed_decrease":
      return `lowers ${action.column} by ${value}`;
    case "multiply":
      return `multiplies ${action.column} by ${value}`;
  }
}

function describeOperation(op: NormalizedOperation): string {
  return `${describeAction(op.action).replace(/^\w+/, (verb) => verb.replace(/s$/, ""))} for ${describeFilter(op.filter)}`;
}

/** A filter's conditions in a canonical form: "eq x" is "in [x]", value lists sorted. */
function filterKey(filter: NormalizedFilter): string {
  const canon = (conditions: Condition[]) =>
    conditions
      .map((condition) => {
        let op: string = condition.op;
        let value = condition.value;
        if (op === "eq") [op, value] = ["in", [value as never]];
        if (Array.isArray(value) && op !== "between") {
          value = [...value].map((item) => String(item).toLowerCase()).sort();
        }
        return JSON.stringify([condition.column, op, value]);
      })
      .sort();
  return JSON.stringify([canon(filter.all), canon(filter.any), canon(filter.none)]);
}

const OP_WORDS: Record<string, string> = {
  eq: "is",
  neq: "is not",
  in: "is one of",
  not_in: "is none of",
  gt: "over",
  gte: "at least",
  lt: "under",
  lte: "at most",
  between: "between",
  contains: "contains",
  starts_with: "starts with",
  is_empty: "is empty",
  not_empty: "is not empty",
};

function describeCondition(condition: Condition): string {
  const value = Array.isArray(condition.value)
    ? condition.op === "between"
      ? condition.value.join(" and ")
      : condition.value.join(", ")
    : condition.value === undefined
      ? ""
      : isColumnReference(condition.value)
        ? `its ${condition.value.column}`
        : String(condition.value);
  const single = Array.isArray(condition.value) && condition.value.length === 1;
  const op =
    single && condition.op === "in"
      ? "eq"
      : single && condition.op === "not_in"
        ? "neq"
        : condition.op;
  return `${condition.column} ${OP_WORDS[op] ?? op} ${value}`.trim();
}

function describeFilter(filter: NormalizedFilter): string {
  const parts = [
    ...filter.all.map(describeCondition),
    ...(filter.any.length > 0 ? [`(${filter.any.map(describeCondition).join(" or ")})`] : []),
    ...filter.none.map((condition) => `not ${describeCondition(condition)}`),
  ];
  return parts.length === 0 ? "every row" : `rows where ${parts.join(" and ")}`;
}
