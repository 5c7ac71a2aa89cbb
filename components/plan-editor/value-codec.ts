import type { ColumnProfile, ColumnType } from "@/lib/dataset/types";
import type { Scalar } from "@/lib/plan/schema";
import { VARIABLE_REFERENCE } from "@/lib/plan/schema";

/**
 * Text in a form input ⇄ the value stored in the plan. Input that does not fit (letters in a
 * number field) is stored as the text it is, so validation reports it next to the field and the
 * user's typing is never thrown away.
 */

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number field: "" clears it, "12.5" is a number, anything else stays text. */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : text;
}

/** A numeric action value: a number or a `${variable}` reference (kept as text). */
export function parseNumericValueText(text: string): number | string {
  const trimmed = text.trim();
  if (VARIABLE_REFERENCE.test(trimmed)) return trimmed;
  return parseNumberText(text) ?? "";
}

const BOOLEAN_TEXT = new Map([
  ["true", true],
  ["false", false],
  ["yes", true],
  ["no", false],
]);

/** A cell value typed by its column: numbers for numeric columns, true/false for booleans. */
export function parseScalarText(text: string, type: ColumnType | undefined): Scalar {
  if (type === "number" || type === "integer") {
    const parsed = parseNumberText(text);
    return parsed === undefined ? "" : parsed;
  }
  if (type === "boolean") return BOOLEAN_TEXT.get(text.trim().toLowerCase()) ?? text;
  return text;
}

/** Any stored value as input text; lists and objects (only reachable from JSON) as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Bring a value over to a column's type when it has an obvious reading there ("12" → 12). */
export function coerceScalar(value: Scalar, type: ColumnType | undefined): Scalar {
  if (typeof value === "string") return parseScalarText(value, type);
  if (typeof value === "number" && (type === "text" || type === "date")) return String(value);
  if (typeof value === "boolean" && type !== "boolean") return String(value);
  return value;
}

/** Whether two values read the same in an input (so typing "1." is not reset to "1"). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === "object" || typeof b === "object") {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/** Whether a value can be a cell of a column of this type (text takes anything). */
function fits(value: Scalar, type: ColumnType): boolean {
  if (type === "boolean") return typeof value === "boolean";
  if (type === "number" || type === "integer") return typeof value === "number";
  return true;
}

/**
 * A condition's value when its column changes: kept when it still reads as a value of the new
 * column, else replaced by a starting value from the column (its first known value, true, or
 * nothing for numbers) so the row does not start out as an error. List elements that do not fit
 * are dropped.
 */
export function retypeValue(
  value: Scalar | Scalar[] | undefined,
  column: Pick<ColumnProfile, "type" | "distinctValues"> | undefined,
): Scalar | Scalar[] | undefined {
  if (value === undefined || column === undefined) return value;
  const { type, distinctValues } = column;
  if (Array.isArray(value)) {
    return value
      .map((element) => coerceScalar(element, type))
      .filter((element) => fits(element, type));
  }
  const coerced = coerceScalar(value, type);
  if (!fits(coerced, type)) return type === "boolean" ? true : "";
  if (distinctValues && !distinctValues.includes(String(coerced))) {
    return distinctValues[0] ?? coerced;
  }
  return coerced;
}
