import type { DateSpan } from "./dates";
import type { CompareOp, ItemPayload } from "./grammar";
import { type Caps, type Scan, when } from "./patterns";
import type { Num } from "./patterns-number";
import {
  type ColumnRef,
  isMoneyColumn,
  isNumeric,
  percentOf,
  type ValueRef,
  type ValueWord,
} from "./vocabulary";

/** What the grammar's rules build from what they matched: comparisons, ranges, date and value scopes */

export const n = (caps: Caps, name = "n") => caps[name] as Num;
const isNonPercent = (value: Num) => value.unit !== "percent";

export function clamp(side: "min_value" | "max_value") {
  return (caps: Caps): ItemPayload | undefined => {
    const value = n(caps);
    return isNonPercent(value) ? { kind: "option", option: { [side]: value.value } } : undefined;
  };
}

export function smallInt(value: Num): number | undefined {
  return value.unit === "plain" &&
    Number.isInteger(value.value) &&
    value.value >= 0 &&
    value.value <= 6
    ? value.value
    : undefined;
}

export function ending(value: Num): number | undefined {
  if (value.unit === "percent") return undefined;
  if (value.value > 0 && value.value < 1) return value.value;
  if (
    value.unit === "plain" &&
    Number.isInteger(value.value) &&
    value.value >= 1 &&
    value.value <= 99
  ) {
    return value.value / 100;
  }
  return undefined;
}

export function rowCount(value: Num): number | undefined {
  return value.unit === "plain" && Number.isInteger(value.value) && value.value >= 0
    ? value.value
    : undefined;
}

/** The column of a comparison: the named numeric column, or the price column (null). */
function compareColumn(caps: Caps, scan: Scan): string | null | undefined {
  const ref = caps.c as ColumnRef | undefined;
  if (ref === undefined) return null;
  if (!("column" in ref)) return undefined;
  return isNumeric(scan.vocabulary, ref.column) ? ref.column : undefined;
}

/**
 * An amount in money compares the money column, whatever noun stands before it: "bottles
 * between $40 and $60" are bottles priced so, not stock levels.
 */
function moneyAware(columnName: string | null, unit: Num["unit"], scan: Scan): string | null {
  if (columnName === null || unit !== "currency") return columnName;
  return isMoneyColumn(scan.vocabulary, columnName) ? columnName : null;
}

export function compare(caps: Caps, scan: Scan): ItemPayload | undefined {
  const named = compareColumn(caps, scan);
  if (named === undefined) return undefined;
  // "attendance under 75%": a column of percentages compares with the number it holds.
  const percent = named === null ? undefined : percentOf(scan.vocabulary, named, n(caps));
  const value: Num =
    percent === undefined ? n(caps) : { ...n(caps), value: percent, unit: "plain" };
  if (value.unit === "percent") return undefined;
  const columnName = moneyAware(named, value.unit, scan);
  // "the unit cost of 3301": a row's key, not a cost of 3301.
  if (
    caps.op === "eq" &&
    columnName !== scan.vocabulary.keyColumn &&
    scan.vocabulary.knownKeys?.has(value.text.toLowerCase())
  ) {
    return undefined;
  }
  return {
    kind: "scope",
    cond: {
      type: "compare",
      column: columnName,
      op: caps.op as CompareOp,
      value: value.value,
      unit: value.unit,
    },
  };
}

/** "2-bedroom units", "4-credit courses", "a zero balance": a count of a numeric column. */
export function countScope(caps: Caps, scan: Scan): ItemPayload | undefined {
  const ref = caps.c as ColumnRef;
  const value = n(caps);
  // "2 extra bonus points" is an amount, not which rows.
  if (!("column" in ref) || value.unit !== "plain" || !Number.isInteger(value.value)) return;
  if (value.more || scan.vocabulary.timeColumns.has(ref.column)) return;
  // Whole things are counted; of an amount, only none ("a zero balance").
  const type = scan.vocabulary.columns.get(ref.column)?.type;
  if (type !== "integer" && (value.value !== 0 || type !== "number")) return;
  return {
    kind: "scope",
    cond: { type: "compare", column: ref.column, op: "eq", value: value.value, unit: "plain" },
  };
}

export function between(caps: Caps, scan: Scan): ItemPayload | undefined {
  const named = compareColumn(caps, scan);
  if (named === undefined) return undefined;
  const low = n(caps, "low");
  const high = n(caps, "high");
  if (low.unit === "percent" || high.unit === "percent") return undefined;
  const unit = low.unit === "currency" || high.unit === "currency" ? "currency" : "plain";
  const columnName = moneyAware(named, unit, scan);
  return {
    kind: "scope",
    cond: {
      type: "between",
      column: columnName,
      low: Math.min(low.value, high.value),
      high: Math.max(low.value, high.value),
      unit,
    },
  };
}

type DateOp = "before" | "until" | "after" | "since" | "in";

/**
 * A date condition: on the column named, or the table's one column of dates (or of years).
 * "before 2016" on a date column is start_date < 2016-01-01; on a column of years, year < 2016.
 */
export function dateScope(caps: Caps, scan: Scan): ItemPayload | undefined {
  const { timeColumns } = scan.vocabulary;
  const span = caps.d as DateSpan;
  let column = caps.c as string | undefined;
  if (column === undefined) {
    // A bare year goes to the column of years ("cars from 2020" is the model year), any other
    // date to the column of dates.
    const of = (kind: string) =>
      [...timeColumns].filter(([, each]) => each === kind).map(([name]) => name);
    const [years, dates] = [of("year"), of("date")];
    if (span.year !== undefined && years.length === 1) column = years[0];
    else if (dates.length === 1) column = dates[0];
    else return undefined;
  }
  const kind = timeColumns.get(column);
  // "from 2000 to 2500" with no date column named is more likely an amount than a range of years.
  if (caps.until !== undefined && caps.c === undefined && span.year !== undefined) return undefined;
  const until = (caps.until as DateSpan | undefined) ?? span;
  const op = (caps.post ?? caps.op ?? "in") as DateOp;
  if (kind === "year") {
    if (span.year === undefined || until.year === undefined) return undefined;
    if (caps.until !== undefined) {
      return {
        kind: "scope",
        cond: { type: "between", column, low: span.year, high: until.year, unit: "plain" },
      };
    }
    const compareOp = { before: "lt", until: "lte", after: "gt", since: "gte", in: "eq" } as const;
    return {
      kind: "scope",
      cond: { type: "compare", column, op: compareOp[op], value: span.year, unit: "plain" },
    };
  }
  if (kind !== "date") return undefined;
  const range: { from?: string; to?: string } =
    op === "before"
      ? { to: span.start }
      : op === "until"
        ? { to: until.end }
        : op === "after"
          ? { from: span.end }
          : op === "since"
            ? { from: span.start }
            : { from: span.start, to: until.end };
  return { kind: "scope", cond: { type: "dateRange", column, ...range } };
}

/** The rows whose value is the word's value, or has the word ("pizza" of "Pizza Margherita"). */
export function valueWordScope(ref: ValueWord): ItemPayload {
  return {
    kind: "scope",
    cond:
      ref.value !== undefined
        ? { type: "values", column: ref.column, values: [ref.value] }
        : { type: "text", column: ref.column, op: "contains", value: ref.word },
  };
}

export function valueScope(refs: ValueRef[]): ItemPayload {
  const distinctColumns = [...new Set(refs.map((ref) => ref.column))];
  if (distinctColumns.length === 1) {
    return {
      kind: "scope",
      cond: {
        type: "values",
        column: distinctColumns[0],
        values: [...new Set(refs.map((ref) => ref.value))],
      },
    };
  }
  // Two columns hold this value: which one is meant is the user's to say, not ours to guess.
  return { kind: "ambiguousValue", refs };
}

export function textColumn(name: string) {
  return when((caps) => {
    const ref = caps[name] as ColumnRef | undefined;
    return ref !== undefined && "column" in ref;
  });
}
