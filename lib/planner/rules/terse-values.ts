/**
 * Values said tersely: a grade with its sign ("B+"), the next value of a list ("… and 139 for
 * doubles"), a year before a name ("the 2016 Barolo"), the period an amount is for ("349 a
 * month").
 */

import { wordsBetween } from "./clause-items";
import type { LexItem } from "./lex";
import { nameWords } from "./name-forms";
import type { Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * "set Dev's grade to B+", "Dev gets an A-": a sign written straight after a value, ending the
 * clause, is part of the value. The grammar reads a lone "+" as "and", which had set a B.
 */
export function readSignedValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const item = lexed[at];
    const sign = lexed[at + 1];
    const next = lexed[at + 2];
    const token = sign ? scan.tokens[sign.from] : undefined;
    const signed =
      token !== undefined &&
      !token.spaceBefore &&
      sign.to === sign.from + 1 &&
      (token.text === "+" || token.text === "-") &&
      (next === undefined || next.kind === "boundary" || next.kind === "join");
    const withSign = signed ? signedValue(item, token.text) : undefined;
    if (!withSign) {
      read.push(item);
      continue;
    }
    read.push({ ...withSign, to: sign.to } as LexItem);
    at++;
  }
  return read;
}

function signedValue(item: LexItem, sign: string): LexItem | undefined {
  if (item.kind === "setText" && item.refs.length > 0) {
    const refs = item.refs.map((ref) => ({ ...ref, value: `${ref.value}${sign}` }));
    const columns = new Set(refs.map((ref) => ref.column));
    if (columns.size !== 1) return undefined;
    return { ...item, refs: [], column: refs[0].column, text: refs[0].value };
  }
  if (item.kind === "scope" && item.cond.type === "values" && item.cond.values.length === 1) {
    return { ...item, cond: { ...item.cond, values: [`${item.cond.values[0]}${sign}`] } };
  }
  return undefined;
}

/**
 * "set rate to 99 for singles and 139 for doubles": where the rows are numbered (rooms), a number
 * no row has, opening a clause after "and" and a change that set a value, is that change's next
 * value, not a room that is not there.
 */
export function readListedAmounts(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.map((item, at) => {
    const token = scan.tokens[item.from];
    if (item.kind !== "unknownKey" || token?.kind !== "number" || !token.number) return item;
    if (lexed[at - 1]?.kind !== "join" || lexed[at + 1]?.kind !== "scope") return item;
    const setBefore = lexed
      .slice(0, at - 1)
      .some((before) => before.kind === "amount" && before.mode === "to");
    if (!setBefore) return item;
    const num = { value: token.number.value, unit: "plain" as const, text: token.text };
    return { kind: "amount", mode: "bare", num, from: item.from, to: item.to } as LexItem;
  });
}

/**
 * "the 2016 Barolo is now 99", "raise the 2019 Rioja by 5%": a whole number straight before the
 * rows' name, in the range of the table's one column of years, is their year, not an amount.
 */
export function readYearsOfNamedRows(scan: Scan, lexed: LexItem[]): LexItem[] {
  const { timeColumns, columns } = scan.vocabulary;
  const years = [...timeColumns].filter(([, kind]) => kind === "year").map(([name]) => name);
  if (years.length !== 1) return lexed;
  const column = years[0];
  const { min, max } = columns.get(column) ?? {};
  return lexed.map((item, at): LexItem => {
    const named = lexed[at + 1];
    const token = scan.tokens[item.from];
    const year = Number(token?.text);
    const isYear =
      item.kind === "amount" &&
      item.mode === "bare" &&
      item.to === item.from + 1 &&
      /^\d{4}$/.test(token.text) &&
      year >= Number(min) &&
      year <= Number(max);
    if (!isYear || named?.kind !== "scope" || named.from !== item.to) return item;
    const cond = {
      type: "compare" as const,
      column,
      op: "eq" as const,
      value: year,
      unit: "plain",
    };
    return { kind: "scope", cond, from: item.from, to: item.to } as LexItem;
  });
}

/** Periods an amount is said to be for, by the words that name them in a column's name. */
const PERIODS: [RegExp, Set<string>][] = [
  [/^(?:(?:a|per|each|every) month|monthly)$/, new Set(["month", "monthly", "mo", "mth"])],
  [
    /^(?:(?:a|per|each|every) year|yearly|annually)$/,
    new Set(["year", "yearly", "annual", "annually", "yr"]),
  ],
  [/^(?:(?:a|per|each|every) week|weekly)$/, new Set(["week", "weekly", "wk"])],
  [/^(?:(?:a|per|each|every) day|daily)$/, new Set(["day", "daily"])],
  [/^(?:(?:a|per|each|every) night|nightly)$/, new Set(["night", "nightly"])],
  [/^(?:(?:an|per|each|every) hour|hourly)$/, new Set(["hour", "hourly", "hr"])],
];

/**
 * "bump Enterprise to 349 a month", "set Team to 35 per month": the period said after an amount
 * names the one column of numbers named for it (monthly_price beside annual_price).
 */
export function readPeriodColumns(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const period = lexed[at - 1]?.kind === "amount" ? periodAt(scan, lexed, at) : undefined;
    if (!period) {
      read.push(lexed[at]);
      continue;
    }
    read.push(period.column);
    at = period.last;
  }
  return read;
}

/** The column named for the period said by the items from `at` (one word, or two), if any. */
function periodAt(scan: Scan, lexed: LexItem[], at: number) {
  for (const last of [at + 1, at]) {
    const items = lexed.slice(at, last + 1);
    // "an hour" may be read as a column of hours (hours_per_week) before it is read as a period.
    const wordish = (item: LexItem) => ["stop", "unknown", "column"].includes(item.kind);
    if (items.length === 0 || !items.every(wordish)) continue;
    const said = wordsBetween(scan, items[0].from, items[items.length - 1].to);
    const words = PERIODS.find(([phrase]) => phrase.test(said))?.[1];
    if (!words) continue;
    const named = [...scan.vocabulary.columns.values()].filter(
      (column) =>
        isNumeric(scan.vocabulary, column.name) &&
        // A column of years says when, not how much a year.
        !scan.vocabulary.timeColumns.has(column.name) &&
        nameWords(column.name).some((word) => words.has(word)),
    );
    if (named.length !== 1) return undefined;
    const ref = { column: named[0].name };
    const column: LexItem = {
      kind: "column",
      ref,
      from: items[0].from,
      to: items[items.length - 1].to,
    };
    return { column, last };
  }
  return undefined;
}
