import type { Guards } from "@/lib/plan/schema";
import {
  abs,
  compare,
  type Decimal,
  decimalFromNumber,
  isZero,
  multiply,
  parseDecimal,
  subtract,
} from "./decimal";
import { type GuardResult, OFFENDING_KEYS_SHOWN } from "./types";

/**
 * Guards are checked on the preview (docs/plan-format.md "How a plan runs"): rows changed, the change of
 * each numeric cell in percent of its old value, and the smallest/largest resulting value. They
 * look at net changes (first value → final value of each cell) in number and integer columns;
 * text and boolean changes count only towards rows changed. Comparisons are exact decimals, so
 * 20.00 → 22.00 passes max_change_percent 10.
 */

/** A cell whose final value differs from its input value. */
export interface NetChange {
  rowKey: string;
  column: string;
  before: string;
  after: string;
  numeric: boolean;
}

export function evaluateGuards(
  guards: Guards,
  net: readonly NetChange[],
  rowsChanged: number,
): GuardResult[] {
  const results: GuardResult[] = [];
  if (guards.max_rows_changed !== undefined) {
    results.push(maxRowsChanged(guards.max_rows_changed, rowsChanged));
  }
  const numeric =
    guards.max_change_percent !== undefined ||
    guards.min_value !== undefined ||
    guards.max_value !== undefined
      ? numericChanges(net)
      : [];
  if (guards.max_change_percent !== undefined) {
    results.push(maxChangePercent(guards.max_change_percent, numeric));
  }
  for (const guard of ["min_value", "max_value"] as const) {
    const limit = guards[guard];
    if (limit !== undefined) results.push(valueLimit(guard, limit, numeric));
  }
  return results;
}

/** A changed numeric cell, its values read as decimals (`before` undefined when it was not one). */
interface NumericChange {
  change: NetChange;
  before?: Decimal;
  after: Decimal;
}

function numericChanges(net: readonly NetChange[]): NumericChange[] {
  const numeric: NumericChange[] = [];
  for (const change of net) {
    if (!change.numeric) continue;
    const after = parseDecimal(change.after);
    if (after === undefined) continue;
    numeric.push({ change, before: parseDecimal(change.before), after });
  }
  return numeric;
}

function maxRowsChanged(limit: number, rowsChanged: number): GuardResult {
  const passed = rowsChanged <= limit;
  return {
    guard: "max_rows_changed",
    limit,
    actual: rowsChanged,
    passed,
    message: passed
      ? `${rowsChanged} rows change; the limit is ${limit}.`
      : `${rowsChanged} rows would change, more than the limit of ${limit}.`,
  };
}

function maxChangePercent(limit: number, numeric: readonly NumericChange[]): GuardResult {
  const limitDecimal = decimalFromNumber(limit);
  let actual: number | null = null;
  const offending: string[] = [];
  for (const { change, before, after } of numeric) {
    if (before === undefined) continue;
    const delta = abs(subtract(after, before));
    const base = abs(before);
    const percent = isZero(base)
      ? Number.POSITIVE_INFINITY
      : (toFloat(delta) / toFloat(base)) * 100;
    actual = actual === null ? percent : Math.max(actual, percent);
    // |after − before| × 100 ≤ limit × |before|, exactly.
    const within =
      !isZero(base) &&
      compare(multiply(delta, { m: 100, s: 0 }), multiply(limitDecimal, base)) <= 0;
    if (!within && !(isZero(base) && isZero(delta))) offending.push(change.rowKey);
  }
  const passed = offending.length === 0;
  return {
    guard: "max_change_percent",
    limit,
    actual: actual === null ? null : round(actual, 4),
    passed,
    message: passed
      ? actual === null
        ? "No numeric cell changes."
        : `The largest change is ${round(actual, 2)}%; the limit is ${limit}%.`
      : `${offending.length} cell${offending.length === 1 ? "" : "s"} would change by more than ${limit}%.`,
    ...(passed ? {} : { offendingKeys: unique(offending) }),
  };
}

function valueLimit(
  guard: "min_value" | "max_value",
  limit: number,
  numeric: readonly NumericChange[],
): GuardResult {
  const limitDecimal = decimalFromNumber(limit);
  const below = guard === "min_value";
  let extreme: Decimal | undefined;
  let extremeText = "";
  const offending: string[] = [];
  for (const { change, after } of numeric) {
    if (
      extreme === undefined ||
      (below ? compare(after, extreme) < 0 : compare(after, extreme) > 0)
    ) {
      extreme = after;
      extremeText = change.after;
    }
    const order = compare(after, limitDecimal);
    if (below ? order < 0 : order > 0) offending.push(change.rowKey);
  }
  const passed = offending.length === 0;
  return {
    guard,
    limit,
    actual: extreme === undefined ? null : Number(extremeText),
    passed,
    message: passed
      ? extreme === undefined
        ? "No numeric cell changes."
        : `The ${below ? "smallest" : "largest"} new value is ${extremeText}; the ${below ? "minimum" : "maximum"} is ${limit}.`
      : `${offending.length} new value${offending.length === 1 ? " is" : "s are"} ${below ? "below the minimum" : "above the maximum"} of ${limit}.`,
    ...(passed ? {} : { offendingKeys: unique(offending) }),
  };
}

function toFloat(d: Decimal): number {
  return typeof d.m === "number" && d.s <= 22 ? d.m / 10 ** d.s : Number(`${d.m}e-${d.s}`);
}

function round(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

function unique(keys: string[]): string[] {
  return [...new Set(keys)].slice(0, OFFENDING_KEYS_SHOWN);
}
