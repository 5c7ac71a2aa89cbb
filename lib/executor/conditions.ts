import { asciiText } from "@/lib/dataset/ascii";
import { DICTIONARY_LIMIT } from "@/lib/dataset/csv-dictionary";
import type { ColumnProfile } from "@/lib/dataset/types";
import { parseBooleanText } from "@/lib/dataset/values";
import type { NormalizedFilter } from "@/lib/plan/normalize";
import {
  COLUMN_COMPARISON_OPS,
  type Condition,
  isColumnReference,
  VARIABLE_REFERENCE,
} from "@/lib/plan/schema";
import { type CellTest, rowTest, selectByDictionary, type WorkingCells } from "./cells";
import { compare, type Decimal, parseDecimal } from "./decimal";
import { rawOrder } from "./fast-numeric";
import { type CompiledTop, compileTop, selectTop, topColumns } from "./top";
import {
  type GroupedValue,
  type GroupedVariables,
  type PlanValue,
  resolveValue,
  textOf,
  type Variables,
} from "./variables";

/**
 * Filter conditions as typed tests of a cell (docs/plan-format.md "How a plan runs").
 *
 * Comparison follows the column's profiled type:
 * - number/integer columns compare numerically (15 equals "15.00"); a cell that is not a number
 *   never equals, and is neither greater nor less than, anything;
 * - boolean columns compare by truth value: true matches "true", "Yes", "1"…; a cell that is not a
 *   boolean matches neither true nor false;
 * - text and date columns compare text exactly and case-sensitively for eq/neq/in/not_in (as the
 *   seed did, and as a category value picked from the profile's list expects). gt/gte/lt/lte/
 *   between compare numerically when both sides are numbers, otherwise by code point, which
 *   orders ISO dates correctly.
 * - contains and starts_with ignore case on every column type: people type "Mat" for "yoga mat".
 * - is_empty/not_empty treat whitespace-only cells as empty.
 * neq and not_in are exactly "not eq" and "not in", so they match cells that are not numbers or
 * not booleans. Values may be "${variable}" references, resolved when the operation runs.
 */

export type ConditionTests = {
  all: CellTest[];
  any: CellTest[];
  none: CellTest[];
  /** The N highest or lowest of the rows the conditions select (top.ts). */
  top?: CompiledTop;
};

export function compileFilter(
  filter: NormalizedFilter,
  columns: Map<string, ColumnProfile>,
  variables: Variables,
  grouped: GroupedVariables = new Map(),
): ConditionTests {
  const compile = (c: Condition) => {
    const name = typeof c.value === "string" ? VARIABLE_REFERENCE.exec(c.value)?.[1] : undefined;
    const perGroup = name === undefined ? undefined : grouped.get(name);
    return perGroup
      ? compileGroupedCondition(c, perGroup, columns)
      : compileCondition(c, columns, variables);
  };
  const tests: ConditionTests = {
    all: filter.all.map(compile),
    any: filter.any.map(compile),
    none: filter.none.map(compile),
  };
  if (filter.top) tests.top = compileTop(filter.top, columns);
  return tests;
}

/** Rows that pass the filter, ascending, given the current cells. */
export function selectRows(tests: ConditionTests, cells: WorkingCells): Int32Array {
  const n = cells.table.rowCount;
  let selected: Int32Array | null = null;
  // `col`: the column the predicate reads, read ahead when the rows are a selection.
  const keep = (predicate: (row: number) => boolean, col = -1) => {
    const from = selected;
    const kept = new Int32Array(from ? from.length : n);
    let count = 0;
    if (from) {
      for (let k = 0, ahead = col < 0 ? from.length : 0; k < from.length; k++) {
        if (k === ahead) ahead = cells.readAhead(from, k, col);
        if (predicate(from[k])) kept[count++] = from[k];
      }
    } else {
      for (let row = 0; row < n; row++) if (predicate(row)) kept[count++] = row;
    }
    selected = kept.subarray(0, count);
  };
  for (const t of tests.all) {
    const direct: Int32Array | null = selected === null ? selectByDictionary(cells, t) : null;
    if (direct) selected = direct;
    else keep(rowTest(cells, t, selected === null), t.col);
  }
  if (tests.any.length > 0) {
    const anyOf = tests.any.map((t) => rowTest(cells, t));
    keep((row) => anyOf.some((p) => p(row)));
  }
  for (const t of tests.none) {
    const p = rowTest(cells, t);
    keep((row) => !p(row), t.col);
  }
  let rows: Int32Array;
  if (selected) rows = selected;
  else {
    rows = new Int32Array(n);
    for (let row = 0; row < n; row++) rows[row] = row;
  }
  return tests.top ? selectTop(tests.top, rows, cells) : rows;
}

/** Does a row pass the filter, given its cells' values by column index? */
export function filterHolds(tests: ConditionTests, cellValue: (col: number) => string): boolean {
  const holds = (t: CellTest) =>
    t.group
      ? (t.group.testFor(cellValue(t.group.col))?.test(cellValue(t.col)) ?? false)
      : t.test(cellValue(t.col));
  return (
    tests.all.every(holds) &&
    (tests.any.length === 0 || tests.any.some(holds)) &&
    !tests.none.some(holds)
  );
}

/** Column indexes a filter reads. */
export function filterColumns(tests: ConditionTests): Set<number> {
  const columns = [...tests.all, ...tests.any, ...tests.none].flatMap((t) =>
    t.group ? [t.col, t.group.col] : [t.col],
  );
  if (tests.top) columns.push(...topColumns(tests.top));
  return new Set(columns);
}

export class ConditionError extends Error {}

/**
 * A comparison with a per-group aggregate: one test per group, each with that group's value as
 * its bound; a row whose group has no value (no numbers in it) matches nothing.
 */
function compileGroupedCondition(
  condition: Condition,
  perGroup: GroupedValue,
  columns: Map<string, ColumnProfile>,
): CellTest {
  if (!["eq", "neq", "gt", "gte", "lt", "lte"].includes(condition.op)) {
    throw new ConditionError(
      `${condition.op} cannot compare with a value worked out per ${perGroup.groupColumn}; use eq, neq, gt, gte, lt or lte.`,
    );
  }
  const tests = new Map<string, CellTest>();
  for (const [group, value] of perGroup.values) {
    tests.set(
      group,
      compileTest({ ...condition, value: "${group}" }, columns, new Map([["group", value]])),
    );
  }
  const column = columns.get(condition.column);
  if (!column) throw new ConditionError(`There is no column '${condition.column}'.`);
  return {
    col: column.index,
    test: () => false,
    group: { col: perGroup.groupCol, testFor: (group) => tests.get(group) },
  };
}

/** Compiled tests kept per value of the other column, beyond which they are made afresh. */
const COLUMN_COMPARISON_CACHE = 4096;

/**
 * A comparison with another column of the same row ("qty_on_hand lt reorder_level"): the row's
 * own cell is tested against the other cell's current value, exactly as against that value
 * written in the plan. An empty other cell matches nothing for gt/gte/lt/lte (there is nothing to
 * be above or below); eq and neq compare it as the empty value it is.
 */
function compileColumnComparison(
  condition: Condition,
  otherName: string,
  columns: Map<string, ColumnProfile>,
): CellTest {
  if (!COLUMN_COMPARISON_OPS.includes(condition.op)) {
    throw new ConditionError(
      `${condition.op} cannot compare with another column; use eq, neq, gt, gte, lt or lte.`,
    );
  }
  const column = columns.get(condition.column);
  if (!column) throw new ConditionError(`There is no column '${condition.column}'.`);
  const other = columns.get(otherName);
  if (!other) throw new ConditionError(`There is no column '${otherName}'.`);
  const ordering = condition.op !== "eq" && condition.op !== "neq";
  const tests = new Map<string, CellTest>();
  return {
    col: column.index,
    test: () => false,
    group: {
      col: other.index,
      testFor(value) {
        if (ordering && isEmpty(value)) return undefined;
        let test = tests.get(value);
        if (!test) {
          if (tests.size >= COLUMN_COMPARISON_CACHE) tests.clear();
          test = compileTest({ ...condition, value }, columns, new Map());
          tests.set(value, test);
        }
        return test;
      },
    },
  };
}

function compileCondition(
  condition: Condition,
  columns: Map<string, ColumnProfile>,
  variables: Variables,
): CellTest {
  const test = compileTest(condition, columns, variables);
  const column = columns.get(condition.column);
  if (column && fewValues(column)) test.lowCardinality = true;
  return test;
}

/** A column with few enough distinct values that a full pass goes through its dictionary. */
export function fewValues(column: ColumnProfile): boolean {
  return column.distinctCount <= DICTIONARY_LIMIT;
}

function compileTest(
  condition: Condition,
  columns: Map<string, ColumnProfile>,
  variables: Variables,
): CellTest {
  const column = columns.get(condition.column);
  if (!column) throw new ConditionError(`There is no column '${condition.column}'.`);
  const col = column.index;
  const raw = condition.value;
  if (isColumnReference(raw)) return compileColumnComparison(condition, raw.column, columns);
  const list: PlanValue[] =
    raw === undefined
      ? []
      : (Array.isArray(raw) ? raw : [raw]).map((v) => resolveValue(v, variables));
  const numeric = column.type === "number" || column.type === "integer";

  switch (condition.op) {
    case "is_empty":
      return { col, test: isEmpty };
    case "not_empty":
      return { col, test: (v) => !isEmpty(v) };
    case "contains":
    case "starts_with": {
      const needle = (list[0] === undefined ? "" : textOf(list[0])).toLowerCase();
      const starts = condition.op === "starts_with";
      return {
        col,
        test: (v) =>
          starts ? v.toLowerCase().startsWith(needle) : v.toLowerCase().includes(needle),
      };
    }
    case "eq":
    case "in":
    case "neq":
    case "not_in": {
      const equals = equalityTest(col, column, list);
      if (condition.op === "eq" || condition.op === "in") return equals;
      return {
        col,
        test: (v) => !equals.test(v),
        testRaw: equals.testRaw ? (t, s, e) => !equals.testRaw?.(t, s, e) : undefined,
      };
    }
    case "gt":
    case "gte":
    case "lt":
    case "lte":
    case "between": {
      const bounds = condition.op === "between" ? [list[0], list[1]] : [list[0]];
      if (bounds.some((b) => b === undefined)) {
        throw new ConditionError(
          `Condition ${condition.op} on '${condition.column}' needs a value.`,
        );
      }
      return rangeTest(col, condition.op, bounds as PlanValue[], numeric);
    }
  }
}

/**
 * gt/gte/lt/lte/between. Bounds are normalised to an inclusive or exclusive low and high, so the
 * per-row work is one or two comparisons with no allocation.
 */
function rangeTest(
  col: number,
  op: "gt" | "gte" | "lt" | "lte" | "between",
  bounds: PlanValue[],
  numeric: boolean,
): CellTest {
  const lowIndex = op === "gt" || op === "gte" || op === "between" ? 0 : -1;
  const highIndex = op === "lt" || op === "lte" ? 0 : op === "between" ? 1 : -1;
  const lowInclusive = op !== "gt";
  const highInclusive = op !== "lt";
  const accepts = (low: number, high: number) =>
    (lowIndex < 0 || (lowInclusive ? low >= 0 : low > 0)) &&
    (highIndex < 0 || (highInclusive ? high <= 0 : high < 0));

  const decimals = bounds.map(numberOf);
  const texts = bounds.map(textOf);
  const byText = (v: string) =>
    accepts(
      lowIndex < 0 ? 0 : compareText(v, texts[lowIndex]),
      highIndex < 0 ? 0 : compareText(v, texts[highIndex]),
    );
  if (decimals.some((d) => d === undefined)) return { col, test: byText };

  // Numbers: compare numerically; a cell that is not a number fails on a numeric column and is
  // compared as text on other columns.
  const low = lowIndex < 0 ? undefined : (decimals[lowIndex] as Decimal);
  const high = highIndex < 0 ? undefined : (decimals[highIndex] as Decimal);
  const fastBounds = [low, high].every(
    (bound) => bound === undefined || (typeof bound.m === "number" && bound.s <= 15),
  );
  const byNumber = (d: Decimal) =>
    accepts(low === undefined ? 0 : compare(d, low), high === undefined ? 0 : compare(d, high));
  const test = (v: string) => {
    const d = parseDecimal(v);
    if (d !== undefined) return byNumber(d);
    return numeric ? false : byText(v);
  };
  return {
    col,
    test,
    // Safe integers when they can tell; else the cell as text, made from its bytes.
    testBytes:
      numeric && fastBounds
        ? (b, s, e) => {
            const lo = low === undefined ? 0 : rawOrder(b, s, e, low.m as number, low.s);
            const hi = high === undefined ? 0 : rawOrder(b, s, e, high.m as number, high.s);
            return lo !== undefined && hi !== undefined
              ? accepts(lo, hi)
              : test(asciiText(b, s, e));
          }
        : undefined,
    testRaw: numeric
      ? (t, s, e) => {
          // Safe integers first; the exact comparison when they cannot tell.
          if (fastBounds) {
            const lo = low === undefined ? 0 : rawOrder(t, s, e, low.m as number, low.s);
            const hi = high === undefined ? 0 : rawOrder(t, s, e, high.m as number, high.s);
            if (lo !== undefined && hi !== undefined) return accepts(lo, hi);
          }
          const d = parseDecimal(t, s, e);
          return d !== undefined && byNumber(d);
        }
      : undefined,
  };
}

function equalityTest(col: number, column: ColumnProfile, values: PlanValue[]): CellTest {
  if (column.type === "number" || column.type === "integer") {
    const numbers = values.map(numberOf).filter((d): d is Decimal => d !== undefined);
    const texts = new Set(values.filter((v) => numberOf(v) === undefined).map(textOf));
    const equalsNumber = (d: Decimal) => {
      for (const n of numbers) if (compare(d, n) === 0) return true;
      return false;
    };
    return {
      col,
      test: (v) => {
        const d = parseDecimal(v);
        return d !== undefined ? equalsNumber(d) : texts.has(v);
      },
      testRaw: (t, s, e) => {
        const d = parseDecimal(t, s, e);
        return d !== undefined ? equalsNumber(d) : texts.has(t.slice(s, e));
      },
    };
  }
  if (column.type === "boolean") {
    const wanted = new Set(
      values.map((v) => (typeof v === "boolean" ? v : parseBooleanText(textOf(v)))),
    );
    const wantTrue = wanted.has(true);
    const wantFalse = wanted.has(false);
    const matches = (b: boolean | undefined) =>
      b === true ? wantTrue : b === false ? wantFalse : false;
    return {
      col,
      test: (v) => matches(parseBooleanText(v)),
      testRaw: (t, s, e) => matches(booleanAt(t, s, e)),
    };
  }
  const texts = values.map(textOf);
  if (texts.length <= 8) {
    return {
      col,
      test: (v) => texts.includes(v),
      testRaw: (t, s, e) => {
        for (const candidate of texts) {
          if (candidate.length === e - s && t.startsWith(candidate, s)) return true;
        }
        return false;
      },
    };
  }
  const set = new Set(texts);
  return { col, test: (v) => set.has(v) };
}

/** A boolean read from an unquoted cell, without making a string for the usual spellings. */
function booleanAt(text: string, start: number, end: number): boolean | undefined {
  switch (end - start) {
    case 1: {
      const c = text.charCodeAt(start) | 0x20; // "1"/"0" are unchanged; Y/N lower-cased
      return c === 49 || c === 121 ? true : c === 48 || c === 110 ? false : undefined;
    }
    case 2:
      if (lowerAt(text, start) === 110 && lowerAt(text, start + 1) === 111) return false; // no
      break;
    case 3:
      if (isWord(text, start, "yes")) return true;
      break;
    case 4:
      if (isWord(text, start, "true")) return true;
      break;
    case 5:
      if (isWord(text, start, "false")) return false;
      break;
  }
  return parseBooleanText(text.slice(start, end)); // spaces around it, or not a boolean
}

/** A character code, lower-cased if it is an ASCII letter. */
function lowerAt(text: string, at: number): number {
  return text.charCodeAt(at) | 0x20;
}

/** Whether `word` (lower case) is at `start`, in any case. */
function isWord(text: string, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    if (lowerAt(text, start + k) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** A plan value as a decimal: numbers, and strings that read as numbers. */
export function numberOf(value: PlanValue): Decimal | undefined {
  if (typeof value === "number")
    return Number.isFinite(value) ? parseDecimal(String(value)) : undefined;
  if (typeof value === "string") return parseDecimal(value);
  if (typeof value === "boolean") return undefined;
  return value;
}

function compareText(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = x !== undefined ? parseDecimal(b) : undefined;
  if (x !== undefined && y !== undefined) return compare(x, y);
  return a < b ? -1 : a > b ? 1 : 0;
}

function isEmpty(value: string): boolean {
  return value.length === 0 || value.trim() === "";
}
