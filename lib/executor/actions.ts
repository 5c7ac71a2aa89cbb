import type { ColumnProfile } from "@/lib/dataset/types";
import { isIsoDate, isNumberText, parseBooleanText, renderBoolean } from "@/lib/dataset/values";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import type { NumericActionType } from "@/lib/plan/schema";
import {
  add,
  ceil,
  compare,
  DECIMAL_ONE_HUNDRED,
  type Decimal,
  decimalFromNumber,
  decimalsOf,
  floor,
  formatFixed,
  multiply,
  roundHalfUp,
  shiftDown,
  subtract,
} from "./decimal";
import { type FastNumeric, fastNumeric } from "./fast-numeric";
import { isDecimal, type PlanValue, textOf } from "./variables";

/**
 * What an action does to one cell's value (docs/plan-format.md "How a plan runs").
 *
 * Numbers: the action's arithmetic is exact; then the result is rounded half-up to `round_to`
 * decimals; then `ending` snaps it to the nearest value with that fraction (0.99 → x.99; a tie
 * goes up), choosing within [min_value, max_value] when such a value exists; then the bounds
 * apply. A bound never moves a value against its action: an action that raises leaves a value
 * already above its max_value as it is (and caps the others), one that lowers leaves a value
 * already below its min_value as it is ("raise by 5%, never above 100" must not lower a 163.76
 * price to 100). Setting a value has no direction, so both bounds simply clamp it. A changed number is written with `round_to` decimals (15 → "15.00" in a price column,
 * whole numbers in an integer column whose plan gives no round_to) or more if the ending or a
 * clamp needs them.
 *
 * set_value: a number (or a variable holding one) written to a numeric column goes through the
 * same rounding, ending and clamps; a boolean is written in the column's own style (TRUE/FALSE,
 * yes/no…); a string is written exactly as given, after checking that it reads as the column's
 * type (an empty string clears the cell). Writing strings verbatim is what lets an inverse plan
 * restore a cell's exact text.
 */

/** The numeric pipeline of one operation, with its constants prepared once. */
export interface NumericStep {
  /** The new value from the current one (the current one when a bound holds it). */
  apply(current: Decimal): Decimal;
  /** Values left as they were because they were already past the bound the action moves to. */
  readonly held: { count: number };
  /**
   * Whether the action would move `current` but rounding gives it back (2 + 10% in whole
   * numbers is 2). Asked only of values `apply` left as they were.
   */
  swallowed(current: Decimal): boolean;
  /** Text for a result. */
  render(result: Decimal): string;
  /** The same computation on plain cell text, when it can be done without Decimal objects. */
  fast?: FastNumeric;
}

export function numericStep(
  op: NormalizedOperation,
  type: NumericActionType | "set",
  operand: Decimal,
): NumericStep {
  const arithmetic = arithmeticOf(type, operand);
  const { settle, render, min, max } = settleStep(op);
  const direction = directionOf(type, operand);
  const held = { count: 0 };
  const hold = (current: Decimal) => {
    held.count++;
    return current;
  };
  return {
    fast: fastNumeric(op, type, operand, direction, held),
    held,
    apply(current) {
      if (direction < 0 && min && compare(current, min) < 0) return hold(current);
      if (direction > 0 && max && compare(current, max) > 0) return hold(current);
      return settle(arithmetic(current));
    },
    swallowed(current) {
      if (direction < 0 && min && compare(current, min) < 0) return false;
      if (direction > 0 && max && compare(current, max) > 0) return false;
      const exact = arithmetic(current);
      return (
        compare(exact, current) !== 0 && compare(roundHalfUp(exact, op.roundTo), current) === 0
      );
    },
    render,
  };
}

/**
 * What happens to a computed number before it is written: rounded half-up to `round_to`, snapped
 * to the ending, clamped to the bounds; and its text.
 */
export function settleStep(op: NormalizedOperation): {
  settle(value: Decimal): Decimal;
  render(result: Decimal): string;
  min: Decimal | undefined;
  max: Decimal | undefined;
} {
  const min = op.minValue === undefined ? undefined : decimalFromNumber(op.minValue);
  const max = op.maxValue === undefined ? undefined : decimalFromNumber(op.maxValue);
  const ending = op.ending === undefined ? undefined : decimalFromNumber(op.ending);
  const places = Math.max(op.roundTo, ending ? decimalsOf(ending) : 0);
  return {
    min,
    max,
    settle(exact) {
      let value = roundHalfUp(exact, op.roundTo);
      if (ending) value = snapToEnding(value, ending, min, max);
      if (min && compare(value, min) < 0) value = min;
      if (max && compare(value, max) > 0) value = max;
      return value;
    },
    render(result) {
      return formatFixed(result, Math.max(places, decimalsOf(result)));
    },
  };
}

/**
 * Which way an action moves a value: +1 up, -1 down, 0 either or neither (set, or an amount of
 * zero). A bound the action moves towards is a cap on that movement; see `numericStep`.
 */
function directionOf(type: NumericActionType | "set", v: Decimal): -1 | 0 | 1 {
  let sign: number;
  switch (type) {
    case "percent_increase":
    case "fixed_increase":
      sign = compare(v, { m: 0, s: 0 });
      break;
    case "percent_decrease":
    case "fixed_decrease":
      sign = -compare(v, { m: 0, s: 0 });
      break;
    case "multiply":
      sign = compare(v, { m: 1, s: 0 });
      break;
    case "set":
      sign = 0;
      break;
  }
  return sign > 0 ? 1 : sign < 0 ? -1 : 0;
}

function arithmeticOf(type: NumericActionType | "set", v: Decimal): (x: Decimal) => Decimal {
  switch (type) {
    case "percent_increase": {
      const factor = shiftDown(add(DECIMAL_ONE_HUNDRED, v), 2); // 10 → 1.10
      return (x) => multiply(x, factor);
    }
    case "percent_decrease": {
      const factor = shiftDown(subtract(DECIMAL_ONE_HUNDRED, v), 2); // 5 → 0.95
      return (x) => multiply(x, factor);
    }
    case "fixed_increase":
      return (x) => add(x, v);
    case "fixed_decrease":
      return (x) => subtract(x, v);
    case "multiply":
      return (x) => multiply(x, v);
    case "set":
      return () => v;
  }
}

/**
 * The value nearest to `x` whose fraction is `ending` (k + ending for a whole k); a tie goes to
 * the larger. When that falls outside [min, max], the nearest such value inside is taken, if any.
 */
function snapToEnding(
  x: Decimal,
  ending: Decimal,
  min: Decimal | undefined,
  max: Decimal | undefined,
): Decimal {
  const below = add(floor(subtract(x, ending)), ending); // largest k + ending ≤ x
  const above = add(below, { m: 1, s: 0 });
  let snapped = compare(subtract(x, below), subtract(above, x)) < 0 ? below : above;
  if (min && compare(snapped, min) < 0) {
    const lowest = add(ceil(subtract(min, ending)), ending); // smallest k + ending ≥ min
    if (!max || compare(lowest, max) <= 0) snapped = lowest;
  }
  if (max && compare(snapped, max) > 0) {
    const highest = add(floor(subtract(max, ending)), ending); // largest k + ending ≤ max
    if (!min || compare(highest, min) >= 0) snapped = highest;
  }
  return snapped;
}

export type SetOutcome =
  | { kind: "numeric"; operand: Decimal }
  | { kind: "text"; text: string; same: (current: string) => boolean }
  | { kind: "mismatch"; message: string };

/** How a set_value writes `value` into `column`. */
export function setOutcome(value: PlanValue, column: ColumnProfile): SetOutcome {
  const numericColumn = column.type === "number" || column.type === "integer";
  const mismatch = (what: string) => ({
    kind: "mismatch" as const,
    message: `Column '${column.name}' holds ${what}; ${JSON.stringify(textOf(value))} is not one.`,
  });
  if (isDecimal(value)) {
    if (numericColumn) return { kind: "numeric", operand: value };
    if (column.type === "text") return verbatim(textOf(value));
    return mismatch(column.type === "boolean" ? "true/false values" : "dates");
  }
  if (typeof value === "number") {
    if (numericColumn) return { kind: "numeric", operand: decimalFromNumber(value) };
    if (column.type === "text") return verbatim(String(value));
    return mismatch(column.type === "boolean" ? "true/false values" : "dates");
  }
  if (typeof value === "boolean") {
    if (column.type === "boolean") {
      return {
        kind: "text",
        text: renderBoolean(value, column.booleanStyle),
        same: (current) => parseBooleanText(current) === value,
      };
    }
    if (column.type === "text") return verbatim(String(value));
    return mismatch(numericColumn ? "numbers" : "dates");
  }
  // A string: written as given once it reads as the column's type; empty clears the cell.
  if (value.trim() === "" && value === "") return verbatim(value);
  switch (column.type) {
    case "number":
    case "integer":
      return isNumberText(value) ? verbatim(value) : mismatch("numbers");
    case "boolean":
      return parseBooleanText(value) !== undefined
        ? verbatim(value)
        : mismatch("true/false values");
    case "date":
      return isIsoDate(value) ? verbatim(value) : mismatch("dates");
    case "text":
      return verbatim(value);
  }
}

function verbatim(text: string): SetOutcome {
  return { kind: "text", text, same: (current) => current === text };
}
