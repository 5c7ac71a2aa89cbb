import type { GuardName, GuardResult } from "@/lib/executor/types";

/** Plain-language labels and figures for guard results, shared by the summary and the dialog. */

const GUARD_LABELS: Record<GuardName, string> = {
  max_rows_changed: "Rows changed",
  max_change_percent: "Largest change per cell",
  min_value: "Smallest new value",
  max_value: "Largest new value",
};

export function guardLabel(guard: GuardName): string {
  return GUARD_LABELS[guard] ?? guard;
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

function figure(guard: GuardName, value: number): string {
  if (value === Number.POSITIVE_INFINITY) return "∞ (from 0)";
  const text = number.format(value);
  return guard === "max_change_percent" ? `${text}%` : text;
}

/** "≤ 500" / "≥ 1.5": the limit as a comparison. */
export function guardLimit(result: Pick<GuardResult, "guard" | "limit">): string {
  const comparison = result.guard === "min_value" ? "≥" : "≤";
  return `${comparison} ${figure(result.guard, result.limit)}`;
}

/** The measured figure, or a dash when nothing numeric changed. */
export function guardActual(result: Pick<GuardResult, "guard" | "actual">): string {
  return result.actual === null ? "—" : figure(result.guard, result.actual);
}

export function failedGuards<T extends Pick<GuardResult, "passed">>(guards: readonly T[]): T[] {
  return guards.filter((guard) => !guard.passed);
}
