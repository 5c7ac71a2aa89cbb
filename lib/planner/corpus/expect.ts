import Decimal from "decimal.js";

/**
 * Helpers for writing the corpus's expected outcomes by hand: plain decimal arithmetic with
 * half-up rounding (docs/plan-format.md "How a plan runs"), independent of the planner and the
 * executor, so the corpus checks them rather than echoing them.
 */

export type Row = Readonly<Record<string, string>>;

/** One changed cell: row key, column, value after the plan. */
export type Change = readonly [key: string, column: string, after: string];

export type CorpusExpectation =
  | { changes: readonly Change[] }
  /** For the 300-row catalog: the expected cells computed from its rows by a small oracle. */
  | { oracle: (rows: readonly Row[]) => Change[] }
  /** A refusal that names exactly these unplaced phrases. */
  | { refuse: readonly string[] };

export interface CorpusCase {
  catalog: "seed" | "generated" | "books";
  instruction: string;
  expect: CorpusExpectation;
}

const HALF_UP = Decimal.ROUND_HALF_UP;

function round(value: Decimal, places: number): string {
  return value.toDecimalPlaces(places, HALF_UP).toString();
}

/** `value` changed by `percent` (negative to decrease), rounded half-up. */
export function pct(value: string, percent: number, places = 2): string {
  return round(new Decimal(value).times(new Decimal(100).plus(percent)).div(100), places);
}

export function plus(value: string, amount: number, places = 2): string {
  return round(new Decimal(value).plus(amount), places);
}

export function times(value: string, factor: number, places = 2): string {
  return round(new Decimal(value).times(factor), places);
}

/**
 * Clamp a result into [min, max]. With `from` (the value before the change), a bound never moves
 * a value against the change: a value already above the cap of a rise, or below the floor of a
 * cut, stays as it was.
 */
export function clamp(
  value: string,
  bounds: { min?: number; max?: number; from?: string },
): string {
  let result = new Decimal(value);
  if (bounds.from !== undefined) {
    const before = new Decimal(bounds.from);
    const rises = result.greaterThan(before);
    const falls = result.lessThan(before);
    if (rises && bounds.max !== undefined && before.greaterThan(bounds.max)) return bounds.from;
    if (falls && bounds.min !== undefined && before.lessThan(bounds.min)) return bounds.from;
  }
  if (bounds.min !== undefined && result.lessThan(bounds.min)) result = new Decimal(bounds.min);
  if (bounds.max !== undefined && result.greaterThan(bounds.max)) result = new Decimal(bounds.max);
  return result.toString();
}

export function num(value: string): number {
  return Number(value);
}

/**
 * The cells an operation changes: `after` for each row `where` selects, skipping rows whose
 * value would not change (an unchanged cell is not a change).
 */
export function cells(
  rows: readonly Row[],
  key: string,
  column: string,
  where: (row: Row) => boolean,
  after: (row: Row) => string,
): Change[] {
  return rows.flatMap((row) => {
    if (!where(row)) return [];
    const next = after(row);
    return sameValue(row[column], next) ? [] : [[row[key], column, next] as const];
  });
}

function sameValue(before: string, after: string): boolean {
  const a = Number(before);
  const b = Number(after);
  if (before.trim() !== "" && after.trim() !== "" && Number.isFinite(a) && Number.isFinite(b))
    return a === b;
  return before === after;
}
