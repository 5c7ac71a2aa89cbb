import type { ExpressionNode } from "@/lib/plan/expression";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import type { NumericActionType } from "@/lib/plan/schema";
import {
  add,
  DECIMAL_ONE_HUNDRED,
  type Decimal,
  decimalFromNumber,
  shiftDown,
  subtract,
} from "./decimal";

/**
 * The everyday numeric action — a price times a percentage, plus or minus an amount, or set —
 * computed on plain safe integers without making Decimal objects, for tables with hundreds of
 * thousands of matched rows. It handles plain decimals ("29.99", "-3", "15.5") and operations
 * without an `ending`; for anything else (exponents, more than 15 digits, a product past 2^53) it
 * answers `undefined` and the caller takes the exact Decimal path, which stays the reference: a
 * property test checks that both agree.
 */

/** The cell keeps its value. */
export const UNCHANGED = Symbol("unchanged");

/** The cell keeps its value only because rounding gave back the value it had. */
export const SWALLOWED = Symbol("swallowed");

/**
 * New text for a cell, UNCHANGED, SWALLOWED, or undefined when the general path must decide.
 */
export type FastNumeric = (
  current: string,
) => string | typeof UNCHANGED | typeof SWALLOWED | undefined;

/** Result texts one operation keeps for reuse (a few MB at most). */
const WRITTEN_TEXTS_KEPT = 1 << 16;

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

export function fastNumeric(
  op: NormalizedOperation,
  type: NumericActionType | "set",
  operand: Decimal,
  direction: -1 | 0 | 1,
  held: { count: number },
): FastNumeric | undefined {
  if (op.ending !== undefined) return undefined;
  const roundTo = op.roundTo;
  const constant = constantOf(type, operand);
  if (!constant || constant.s > 15 || typeof constant.m !== "number") return undefined;
  const cm = constant.m;
  const cs = constant.s;
  const multiplies =
    type === "percent_increase" || type === "percent_decrease" || type === "multiply";
  const adds = type === "fixed_increase" || type === "fixed_decrease";
  const min = scaledLimit(op.minValue, roundTo);
  const max = scaledLimit(op.maxValue, roundTo);
  if (min === undefined || max === undefined || roundTo > 15) return undefined;

  // The text of each result, by its integer at the rounding scale. Prices repeat a lot across a
  // large table, and sharing one string per value spares the garbage collector hundreds of
  // thousands of short strings that would otherwise live as long as the change set.
  const written = new Map<number, string>();
  return (current) => {
    if (!readPlainDecimal(current)) return undefined;
    const m = readM;
    const s = readS;
    // A value already past the bound the action moves towards stays as it is (see numericStep).
    const bound = direction < 0 ? min : direction > 0 ? max : null;
    if (bound !== null) {
      const order = compareScaled(m, s, bound, roundTo);
      if (order === undefined) return undefined;
      if (order === direction) {
        held.count++;
        return UNCHANGED;
      }
    }
    // value = p / 10^ps
    let p: number;
    let ps: number;
    if (multiplies) {
      p = m * cm;
      ps = s + cs;
    } else if (adds) {
      ps = Math.max(s, cs);
      if (ps > 15) return undefined;
      p = m * POW10[ps - s] + cm * POW10[ps - cs];
    } else {
      p = cm;
      ps = cs;
    }
    if (!Number.isSafeInteger(p) || ps > 30) return undefined;
    let q = roundHalfUp(p, ps, roundTo);
    if (Number.isNaN(q)) return undefined;
    const rounded = q;
    if (min !== null && q < min) q = min;
    if (max !== null && q > max) q = max;
    // Unchanged when q / 10^roundTo equals m / 10^s.
    const scale = Math.max(roundTo, s);
    const a = q * POW10[scale - roundTo];
    const b = m * POW10[scale - s];
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return undefined;
    if (a === b) {
      if (rounded !== q) return UNCHANGED;
      const exact = compareScaled(p, ps, m, s);
      if (exact === undefined) return undefined;
      return exact === 0 ? UNCHANGED : SWALLOWED;
    }
    let text = written.get(q);
    if (text === undefined) {
      text = fixed(q, roundTo);
      if (written.size < WRITTEN_TEXTS_KEPT) written.set(q, text);
    }
    return text;
  };
}

/**
 * A min or max option as an integer at the rounding scale: null when there is none, undefined
 * when it is finer than round_to (the general path handles it).
 */
function scaledLimit(limit: number | undefined, roundTo: number): number | null | undefined {
  if (limit === undefined) return null;
  const d = decimalFromNumber(limit);
  if (typeof d.m !== "number" || d.s > roundTo) return undefined;
  const scaled = d.m * POW10[roundTo - d.s];
  return Number.isSafeInteger(scaled) ? scaled : undefined;
}

/** p / 10^ps rounded half-up (away from zero) to roundTo decimals, as q (q / 10^roundTo); NaN when unsafe. */
function roundHalfUp(p: number, ps: number, roundTo: number): number {
  if (ps <= roundTo) {
    const q = p * POW10[roundTo - ps];
    return Number.isSafeInteger(q) ? q : Number.NaN;
  }
  const drop = ps - roundTo;
  if (drop > 15) return Number.NaN;
  const unit = POW10[drop];
  const rest = p % unit;
  const q = (p - rest) / unit;
  return Math.abs(rest) * 2 >= unit ? q + (p < 0 ? -1 : 1) : q;
}

function constantOf(type: NumericActionType | "set", v: Decimal): Decimal | undefined {
  switch (type) {
    case "percent_increase":
      return shiftDown(add(DECIMAL_ONE_HUNDRED, v), 2);
    case "percent_decrease":
      return shiftDown(subtract(DECIMAL_ONE_HUNDRED, v), 2);
    case "fixed_increase":
    case "multiply":
    case "set":
      return v;
    case "fixed_decrease":
      return typeof v.m === "number" ? { m: -v.m, s: v.s } : undefined;
  }
}

// The last plain decimal read, as mantissa and scale (module state keeps the hot path free of
// allocations; JavaScript runs this single-threaded).
let readM = 0;
let readS = 0;

/** Reads `[+-]digits[.digits]` with at most 15 digits into readM/readS. */
function readPlainDecimal(text: string): boolean {
  return readPlainRange(text, 0, text.length);
}

/** The order of a / 10^as and b / 10^bs, or undefined when safe integers cannot tell it. */
function compareScaled(a: number, as: number, b: number, bs: number): number | undefined {
  const scale = Math.max(as, bs);
  if (scale > 15) return undefined;
  const x = a * POW10[scale - as];
  const y = b * POW10[scale - bs];
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** q / 10^places as fixed-point text. */
function fixed(q: number, places: number): string {
  const negative = q < 0;
  let digits = String(negative ? -q : q);
  if (places === 0) return negative ? `-${digits}` : digits;
  if (digits.length <= places) digits = "0".repeat(places - digits.length + 1) + digits;
  const point = digits.length - places;
  return `${negative ? "-" : ""}${digits.slice(0, point)}.${digits.slice(point)}`;
}

// ── Expressions ──────────────────────────────────────────────────────────────────────────────

/**
 * A set_expression made only of columns, numbers, number variables, negation, +, − and ×,
 * computed on safe integers: the result rounded half-up to `roundTo` decimals, as an integer q
 * meaning q / 10^roundTo, or undefined when the row needs the exact path (an empty or unusual
 * cell, a product past 2^53). Division and functions always take the exact path.
 */
export type FastExpression = (row: number) => number | undefined;

/**
 * Reads a cell's value as a plain decimal (`readPlainRange` on its text or bytes); false when
 * it is not one.
 */
export type PlainCellReader = (row: number, col: number) => boolean;

/** A node's value as mantissa; its scale is left in `evalS` (no allocation per row). */
type ScaledNode = (row: number) => number;

let evalS = 0;

export function fastExpression(
  node: ExpressionNode,
  readCell: PlainCellReader,
  columnIndex: (name: string) => number,
  constant: (variable: string) => Decimal | undefined,
  roundTo: number,
): FastExpression | undefined {
  if (roundTo > 15) return undefined;
  const compiled = scaledNode(node, readCell, columnIndex, constant);
  if (!compiled) return undefined;
  return (row) => {
    const p = compiled(row);
    const ps = evalS;
    if (Number.isNaN(p) || !Number.isSafeInteger(p) || ps > 30) return undefined;
    if (ps <= roundTo) {
      const q = p * POW10[roundTo - ps];
      return Number.isSafeInteger(q) ? q : undefined;
    }
    const drop = ps - roundTo;
    if (drop > 15) return undefined;
    const unit = POW10[drop];
    const rest = p % unit;
    let q = (p - rest) / unit;
    if (Math.abs(rest) * 2 >= unit) q += p < 0 ? -1 : 1;
    return q;
  };
}

function scaledNode(
  node: ExpressionNode,
  readCell: PlainCellReader,
  columnIndex: (name: string) => number,
  constant: (variable: string) => Decimal | undefined,
): ScaledNode | undefined {
  switch (node.kind) {
    case "number":
    case "variable": {
      const value = node.kind === "number" ? decimalFromText(node.text) : constant(node.name);
      if (!value || typeof value.m !== "number" || value.s > 15) return undefined;
      const { m, s } = value;
      return () => {
        evalS = s;
        return m;
      };
    }
    case "column": {
      const col = columnIndex(node.name);
      return (row) => {
        if (!readCell(row, col)) return Number.NaN;
        evalS = readS;
        return readM;
      };
    }
    case "negate": {
      const operand = scaledNode(node.operand, readCell, columnIndex, constant);
      if (!operand) return undefined;
      return (row) => -operand(row);
    }
    case "binary": {
      if (node.op === "/") return undefined;
      const left = scaledNode(node.left, readCell, columnIndex, constant);
      const right = scaledNode(node.right, readCell, columnIndex, constant);
      if (!left || !right) return undefined;
      if (node.op === "*") {
        return (row) => {
          const a = left(row);
          const as = evalS;
          const b = right(row);
          evalS += as;
          return a * b;
        };
      }
      const sign = node.op === "+" ? 1 : -1;
      return (row) => {
        const a = left(row);
        const as = evalS;
        const b = right(row);
        const bs = evalS;
        const s = Math.max(as, bs);
        if (s > 15) return Number.NaN;
        evalS = s;
        return a * POW10[s - as] + sign * b * POW10[s - bs];
      };
    }
    case "call":
      return undefined;
  }
}

function decimalFromText(text: string): Decimal | undefined {
  return readPlainDecimal(text) ? { m: readM, s: readS } : undefined;
}

/**
 * Whether a cell's text equals q / 10^places as a number; undefined when safe integers cannot
 * tell (the caller compares exactly).
 */
export function sameScaledValue(text: string, q: number, places: number): boolean | undefined {
  if (!readPlainDecimal(text)) return text.trim() === "" ? false : undefined;
  const order = compareScaled(q, places, readM, readS);
  return order === undefined ? undefined : order === 0;
}

/** Text for q / 10^places, shared across rows with the same value (see fastNumeric). */
export function scaledText(): (q: number, places: number) => string {
  const written = new Map<number, string>();
  return (q, places) => {
    let text = written.get(q);
    if (text === undefined) {
      text = fixed(q, places);
      if (written.size < WRITTEN_TEXTS_KEPT) written.set(q, text);
    }
    return text;
  };
}

// ── Comparisons and sums ─────────────────────────────────────────────────────────────────────

/**
 * The order of a plain decimal cell (`text` from `from` to `to`) against a bound, computed on
 * safe integers: -1, 0 or 1, or undefined when the cell is not plain or the integers would not
 * be safe (the caller compares exactly).
 */
export function rawOrder(
  text: string | Uint8Array,
  from: number,
  to: number,
  boundM: number,
  boundS: number,
): number | undefined {
  if (!readPlainRange(text, from, to)) return undefined;
  return compareScaled(readM, readS, boundM, boundS);
}

/**
 * Sums of plain decimals as one safe integer at the largest scale seen; `add` answers false when
 * a value is not plain or the sum would leave the safe range, and the caller adds it exactly.
 */
export class ScaledSum {
  m = 0;
  s = 0;

  add(text: string | Uint8Array, from: number, to: number): boolean {
    if (!readPlainRange(text, from, to)) return false;
    let m = this.m;
    let s = this.s;
    if (readS > s) {
      if (readS > 15) return false;
      m *= POW10[readS - s];
      s = readS;
    }
    const sum = m + readM * POW10[s - readS];
    if (!Number.isSafeInteger(sum) || !Number.isSafeInteger(m)) return false;
    this.m = sum;
    this.s = s;
    return true;
  }
}

/**
 * readPlainDecimal over a range of a longer text, or of an ASCII file's bytes (a lazily read
 * table's, whose cells are not made into strings to be compared).
 */
export function readPlainRange(source: string | Uint8Array, from: number, to: number): boolean {
  const bytes = typeof source === "string" ? null : source;
  const text = bytes === null ? (source as string) : "";
  let at = from;
  let negative = false;
  const first = bytes !== null ? bytes[at] : text.charCodeAt(at);
  if (first === 45 || first === 43) {
    negative = first === 45;
    at++;
  }
  let m = 0;
  let digits = 0;
  let scale = 0;
  let dot = false;
  for (; at < to; at++) {
    const c = bytes !== null ? bytes[at] : text.charCodeAt(at);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (dot) scale++;
    } else if (c === 46 && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  if (digits === 0 || digits > 15) return false;
  readM = negative ? -m : m;
  readS = scale;
  return true;
}
