import type { BooleanStyle } from "./types";

/**
 * How cell text reads as typed values. Shared by profiling (which decides a column's type) and
 * the executor (which compares and writes typed values), so both read a cell the same way.
 * Surrounding spaces are ignored when reading a value; the cell's bytes are never changed by it.
 */

/** A decimal number: optional sign, digits with an optional fraction, optional exponent. */
export const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER_TEXT = /^[+-]?\d+$/;
/** ISO 8601 date, optionally with a time and zone. */
const ISO_DATE =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text.trim());
}

export function isIntegerText(text: string): boolean {
  return INTEGER_TEXT.test(text.trim());
}

/**
 * Digits with a leading zero ("007", "01234") are identifiers such as codes or postcodes, not
 * numbers: treating them as numbers would let an action rewrite "007" as "7".
 */
export function hasLeadingZero(text: string): boolean {
  const t = text.trim().replace(/^[+-]/, "");
  return t.length > 1 && t[0] === "0" && t[1] !== ".";
}

export function isIsoDate(text: string): boolean {
  return ISO_DATE.test(text.trim());
}

/**
 * true/false, yes/no, y/n, 1/0 in any case (docs/plan-format.md "How a plan runs"), or undefined. The
 * common spellings are matched without lower-casing, which keeps this cheap on hot paths.
 */
export function parseBooleanText(text: string): boolean | undefined {
  switch (text) {
    case "true":
    case "TRUE":
    case "True":
    case "yes":
    case "Yes":
    case "YES":
    case "1":
    case "Y":
    case "y":
      return true;
    case "false":
    case "FALSE":
    case "False":
    case "no":
    case "No":
    case "NO":
    case "0":
    case "N":
    case "n":
      return false;
  }
  const word = text.trim().toLowerCase();
  if (word === "true" || word === "yes" || word === "1" || word === "y") return true;
  if (word === "false" || word === "no" || word === "0" || word === "n") return false;
  return undefined;
}

/** The style a boolean spelling belongs to ("TRUE" → "TRUE/FALSE"), or undefined. */
export function booleanStyleOf(text: string): BooleanStyle | undefined {
  const t = text.trim();
  switch (t.toLowerCase()) {
    case "true":
    case "false":
      return t === t.toLowerCase()
        ? "true/false"
        : t === t.toUpperCase()
          ? "TRUE/FALSE"
          : "True/False";
    case "yes":
    case "no":
      return t === t.toLowerCase() ? "yes/no" : t === t.toUpperCase() ? "YES/NO" : "Yes/No";
    case "y":
    case "n":
      return t === t.toLowerCase() ? "y/n" : "Y/N";
    case "1":
    case "0":
      return "1/0";
  }
  return undefined;
}

/** A boolean written in a column's own style; "true/false" when the style is unknown. */
export function renderBoolean(value: boolean, style: BooleanStyle | undefined): string {
  const [yes, no] = (style ?? "true/false").split("/");
  return value ? yes : no;
}

const OPPOSITES: Record<string, string> = {
  true: "false",
  TRUE: "FALSE",
  True: "False",
  yes: "no",
  Yes: "No",
  YES: "NO",
  y: "n",
  Y: "N",
  "1": "0",
};
for (const [yes, no] of Object.entries(OPPOSITES)) OPPOSITES[no] = yes;

/**
 * The opposite of a yes/no cell in its own spelling ("Yes" → "No", "Y" → "N", "1" → "0"),
 * surrounding spaces kept; undefined for a cell that is not a yes/no value (an empty one).
 */
export function flipBooleanText(text: string): string | undefined {
  const trimmed = text.trim();
  const opposite = OPPOSITES[trimmed];
  if (opposite === undefined) return undefined;
  const start = text.indexOf(trimmed);
  return text.slice(0, start) + opposite + text.slice(start + trimmed.length);
}

/** Empty, or only whitespace. */
export function isBlankText(text: string): boolean {
  return text.trim() === "";
}
