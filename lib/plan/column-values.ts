import type { ColumnProfile, ColumnType } from "@/lib/dataset/types";
import { isIsoDate, isNumberText, parseBooleanText } from "@/lib/dataset/values";
import type { Scalar } from "./schema";

/**
 * Does a plan value fit a column's type? Validation's view of typed values: it reads the profile,
 * never rows, and answers with the words a message needs. Text is read as lib/dataset/values.ts
 * reads cells, so validation and the executor agree on what is a number, a boolean or a date.
 */

export function isNumericColumn(column: ColumnProfile): boolean {
  return column.type === "number" || column.type === "integer";
}

/** The number a value stands for (a JSON number or a numeric string), or undefined. */
export function numberOf(value: Scalar): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && isNumberText(value)) return Number(value.trim());
  return undefined;
}

/** true/false, yes/no, 1/0 in any case (docs/plan-format.md "How a plan runs"). */
export function booleanOf(value: Scalar): boolean | undefined {
  if (typeof value === "boolean") return value;
  return parseBooleanText(String(value));
}

function isDateLike(value: Scalar): boolean {
  return typeof value === "string" && isIsoDate(value);
}

/** "holds numbers", "holds true/false values", … */
export function columnTypeWords(type: ColumnType): string {
  switch (type) {
    case "number":
      return "numbers";
    case "integer":
      return "whole numbers";
    case "boolean":
      return "true/false values";
    case "date":
      return "dates";
    case "text":
      return "text";
  }
}

/** Longest text a message quotes in full; a pasted megabyte is cut, not echoed back. */
const QUOTED_TEXT_LIMIT = 120;

/** A value as a message quotes it: `"abc"`, `12`, `true`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  // A server action's arguments may carry a BigInt, which JSON.stringify refuses.
  if (typeof value === "bigint") return `the big integer ${value}`;
  if (typeof value === "string" && value.length > QUOTED_TEXT_LIMIT) {
    return `${JSON.stringify(value.slice(0, QUOTED_TEXT_LIMIT))}… (${value.length} characters)`;
  }
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
    return `a ${typeof value}`;
  }
  return JSON.stringify(value);
}

/**
 * Why `value` cannot be a cell of `column`, or undefined when it can. Text columns take any
 * scalar (numbers and booleans are compared as the text they are written as).
 */
export function valueMismatch(value: Scalar, column: ColumnProfile): string | undefined {
  const quoted = describeValue(value);
  const holds = `column ${JSON.stringify(column.name)} holds ${columnTypeWords(column.type)}`;
  switch (column.type) {
    case "number":
    case "integer":
      return numberOf(value) === undefined ? `${holds}; ${quoted} is not a number` : undefined;
    case "boolean":
      return booleanOf(value) === undefined
        ? `${holds}; ${quoted} is not one of true/false, yes/no, 1/0`
        : undefined;
    case "date":
      return isDateLike(value) ? undefined : `${holds}; ${quoted} is not a date like 2024-06-01`;
    case "text":
      return undefined;
  }
}
