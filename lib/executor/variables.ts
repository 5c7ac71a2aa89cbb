import type { Scalar } from "@/lib/plan/schema";
import { VARIABLE_REFERENCE } from "@/lib/plan/schema";
import { type Decimal, formatDecimal, toNumber } from "./decimal";

/**
 * Plan variables and aggregate results, referenced as "${name}" in action and condition values.
 * Aggregates hold exact decimals, so "${avg_price}" feeds an action without a binary-float detour.
 */

/** A value as the executor uses it: a plan scalar, or an exact decimal from an aggregate. */
export type PlanValue = Scalar | Decimal;

export type Variables = Map<string, PlanValue>;

/**
 * An aggregate worked out per group ("the average price of each category"): compared row by row
 * with the value of the row's own group, in filters and formulas.
 */
export interface GroupedValue {
  groupColumn: string;
  groupCol: number;
  /** Group cell text → the aggregate over the group's matched rows. */
  values: Map<string, Decimal>;
}

export type GroupedVariables = Map<string, GroupedValue>;

export class UnknownVariableError extends Error {
  constructor(readonly variable: string) {
    super(`The variable '${variable}' has no value here.`);
  }
}

/** The value itself, or the variable's value when it is a "${name}" reference. */
export function resolveValue(value: Scalar, variables: Variables): PlanValue {
  if (typeof value !== "string") return value;
  const reference = VARIABLE_REFERENCE.exec(value);
  if (!reference) return value;
  const resolved = variables.get(reference[1]);
  if (resolved === undefined) throw new UnknownVariableError(reference[1]);
  return resolved;
}

/** The names a value refers to. */
export function referencedVariables(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => {
    const reference = typeof v === "string" ? VARIABLE_REFERENCE.exec(v) : null;
    return reference ? [reference[1]] : [];
  });
}

export function isDecimal(value: PlanValue): value is Decimal {
  return typeof value === "object" && value !== null;
}

/** A value as text: decimals in their shortest exact form, booleans as true/false. */
export function textOf(value: PlanValue): string {
  return isDecimal(value) ? formatDecimal(value) : String(value);
}

/** Variables as plain JSON scalars for the result (aggregates become numbers). */
export function variablesToJson(variables: Variables): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [name, value] of [...variables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out[name] = isDecimal(value) ? toNumber(value) : value;
  }
  return out;
}
