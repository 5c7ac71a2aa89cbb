import type { Token } from "./tokenize";

/**
 * Dates as people write them in instructions: a year ("2021"), a month ("March 2021",
 * "Mar 2021"), an ISO date ("2021-03-15") or a relative year ("last year", "this year"), each
 * read as a span of days [start, end) against the day the caller passes in, so a plan never
 * depends on the clock.
 */

export interface DateSpan {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** The day after the last one, YYYY-MM-DD. */
  end: string;
  /** Whether the span is a bare year ("2021"), which also fits a column of years. */
  year?: number;
}

/** Each month's name and its abbreviations, in order. */
const MONTH_WORDS = [
  ["january", "jan"],
  ["february", "feb"],
  ["march", "mar"],
  ["april", "apr"],
  ["may", "may"],
  ["june", "jun"],
  ["july", "jul"],
  ["august", "aug"],
  ["september", "sep", "sept"],
  ["october", "oct"],
  ["november", "nov"],
  ["december", "dec"],
];

const MONTHS = new Map<string, number>(
  MONTH_WORDS.flatMap((names, index) => names.map((name) => [name, index + 1] as [string, number])),
);

const RELATIVE_YEARS: Record<string, number> = {
  last: -1,
  previous: -1,
  this: 0,
  current: 0,
  next: 1,
};

const RELATIVE_DAYS: Record<string, number> = { yesterday: -1, today: 0, tomorrow: 1 };

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const iso = (year: number, month: number, day: number) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** A year from 1900 to 2100, or from `earliest` on in a table whose years go further back. */
function isYear(token: Token | undefined, earliest = 1900): boolean {
  return (
    token?.kind === "number" &&
    /^\d{4}$/.test(token.text) &&
    Number(token.text) >= earliest &&
    Number(token.text) <= 2100
  );
}

function yearSpan(year: number): DateSpan {
  return { start: iso(year, 1, 1), end: iso(year + 1, 1, 1), year };
}

function monthSpan(year: number, month: number): DateSpan {
  return {
    start: iso(year, month, 1),
    end: month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1),
  };
}

/** The one day, or undefined when there is no such day (31 June). */
function daySpan(year: number, month: number, day: number): DateSpan | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { start: iso(year, month, day), end: nextDay(year, month, day) };
}

/** The ISO day `days` after (or, negative, before) an ISO day. */
export function isoDayPlus(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function nextDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day + 1));
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The first and last day (YYYY-MM-DD) of a column of dates, from its profile. */
export interface DateRange {
  min: string;
  max: string;
  /** The column whose first and last day these are. */
  column?: string;
}

/** Words before a month written without its year ("in October", "before 1 November"). */
const MONTH_PREPOSITIONS = new Set([
  "in",
  "between",
  "on",
  "before",
  "after",
  "since",
  "from",
  "until",
  "till",
  "during",
  "of",
  "through",
  "by",
]);

/**
 * The year of a month written without one: the only year in which that month falls within the
 * table's dates ("shipped in October" in a table of 2026 shipments). When the dates reach that
 * month in several years, or in none, the month is not read, and the planner asks for the year.
 */
export function yearOfMonth(ranges: readonly DateRange[], month: number): number | undefined {
  const years = yearsWithMonth(ranges, month);
  return years.length === 1 ? years[0] : undefined;
}

/** The years, latest first, in which `month` falls within some range of the table's dates. */
function yearsWithMonth(ranges: readonly DateRange[], month: number): number[] {
  const years = new Set<number>();
  for (const { min, max } of ranges) {
    for (let year = Number(min.slice(0, 4)); year <= Number(max.slice(0, 4)); year++) {
      const span = monthSpan(year, month);
      if (span.start <= max && span.end > min) years.add(year);
    }
  }
  return [...years].sort((a, b) => b - a);
}

/**
 * For a month the planner could not place (its year is not clear from the table's dates): the
 * month with each year the dates have it in, latest first ("October 2026 or October 2025"), or
 * with this year when they have it in none; undefined for a word that is not a month.
 */
export function monthWithYears(
  word: string,
  ranges: readonly DateRange[],
  today: string,
): string | undefined {
  const month = MONTHS.get(word);
  if (month === undefined) return undefined;
  const years = yearsWithMonth(ranges, month);
  const full = MONTH_WORDS[month - 1][0];
  const name = `${full[0].toUpperCase()}${full.slice(1)}`;
  const choices = years.length > 0 ? years.slice(0, 3) : [today.slice(0, 4)];
  return choices.map((year) => `${name} ${year}`).join(" or ");
}

/**
 * A date written at `at`, with the position after it; `today` is YYYY-MM-DD, `ranges` the
 * table's dates, which give a month written without its year its year (`yearOfMonth`).
 */
export function readDate(
  tokens: Token[],
  at: number,
  today: string,
  ranges: readonly DateRange[] = [],
  earliestYear = 1900,
): { span: DateSpan; end: number }[] {
  const isYearHere = (token: Token | undefined) => isYear(token, earliestYear);
  const token = tokens[at];
  if (!token) return [];
  // 2021-03-15, written without spaces.
  if (token.kind === "number" && isYearHere(token)) {
    const [dash1, month, dash2, day] = tokens.slice(at + 1, at + 5);
    if (
      dash1?.text === "-" &&
      dash2?.text === "-" &&
      !dash1.spaceBefore &&
      month?.kind === "number" &&
      day?.kind === "number" &&
      !month.spaceBefore &&
      !day.spaceBefore
    ) {
      const span = daySpan(Number(token.text), Number(month.text), Number(day.text));
      if (span) return [{ span, end: at + 5 }];
    }
    return [{ span: yearSpan(Number(token.text)), end: at + 1 }];
  }
  // 31 December 2026; 1 November, in the one year the table's dates have it; the 1st of … too.
  const dayFirst = dayOfMonth(token);
  if (dayFirst > 0) {
    const ofAt = tokens[at + 1]?.norm === "of" ? at + 2 : at + 1;
    const month = MONTHS.get(tokens[ofAt]?.norm ?? "");
    if (!month) return [];
    const year = tokens[ofAt + 1];
    if (isYearHere(year)) {
      const span = daySpan(Number(year.text), month, dayFirst);
      return span ? [{ span, end: ofAt + 2 }] : [];
    }
    const implied =
      afterPreposition(tokens, at) || newDay(tokens, at) ? yearOfMonth(ranges, month) : undefined;
    const span = implied !== undefined && daySpan(implied, month, dayFirst);
    return span ? [{ span, end: ofAt + 1 }] : [];
  }
  if (token.kind !== "word") return [];
  const month = MONTHS.get(token.norm);
  if (month !== undefined && isYearHere(tokens[at + 1])) {
    return [{ span: monthSpan(Number(tokens[at + 1].text), month), end: at + 2 }];
  }
  // December 31 2026, December 31, 2026, December 31st.
  const dayOf = dayOfMonth(tokens[at + 1]);
  if (month !== undefined && dayOf > 0) {
    const yearAt = tokens[at + 2]?.text === "," ? at + 3 : at + 2;
    const year = tokens[yearAt];
    const span = isYearHere(year) && daySpan(Number(year.text), month, dayOf);
    if (span) return [{ span, end: yearAt + 1 }];
  }
  if (month !== undefined && (afterPreposition(tokens, at) || (dayOf > 0 && newDay(tokens, at)))) {
    const implied = yearOfMonth(ranges, month);
    const span =
      implied === undefined
        ? undefined
        : dayOf > 0
          ? daySpan(implied, month, dayOf)
          : monthSpan(implied, month);
    if (span) return [{ span, end: dayOf > 0 ? at + 2 : at + 1 }];
  }
  return relativeDateAt(tokens, at, today);
}

/** "last year", "next month", "this week", "yesterday": a date said relative to `today`. */
function relativeDateAt(
  tokens: Token[],
  at: number,
  today: string,
): { span: DateSpan; end: number }[] {
  const token = tokens[at];
  const thisYear = Number(today.slice(0, 4));
  const next = tokens[at + 1]?.norm;
  if (next === "year") {
    const offset = RELATIVE_YEARS[token.norm];
    if (offset !== undefined) return [{ span: yearSpan(thisYear + offset), end: at + 2 }];
  }
  if (next === "month") {
    const offset = RELATIVE_YEARS[token.norm];
    if (offset !== undefined) {
      const month = Number(today.slice(5, 7)) - 1 + offset;
      const year = thisYear + Math.floor(month / 12);
      return [{ span: monthSpan(year, (((month % 12) + 12) % 12) + 1), end: at + 2 }];
    }
  }
  // "this week", "last week": Monday to Sunday.
  if (next === "week") {
    const offset = RELATIVE_YEARS[token.norm];
    if (offset !== undefined) {
      const monday = new Date(`${today}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + 7 * offset);
      const after = new Date(monday);
      after.setUTCDate(after.getUTCDate() + 7);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      return [{ span: { start: day(monday), end: day(after) }, end: at + 2 }];
    }
  }
  const dayOffset = RELATIVE_DAYS[token.norm];
  if (dayOffset !== undefined) {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + dayOffset);
    const span = daySpan(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
    if (span) return [{ span, end: at + 1 }];
  }
  return [];
}

/** Whether the word before `at` introduces a date ("in", "before", "since" …). */
function afterPreposition(tokens: Token[], at: number): boolean {
  // "after the 10th of November".
  if (tokens[at - 1]?.norm === "the") return afterPreposition(tokens, at - 1);
  const before = tokens[at - 1]?.norm ?? "";
  if (MONTH_PREPOSITIONS.has(before)) return true;
  // The second day of a span: "between November 5 and November 15", "from 5 Nov to 15 Nov".
  if (before !== "and" && before !== "to" && before !== "-" && before !== "–") return false;
  const opened = tokens.slice(Math.max(0, at - 6), at - 1);
  return opened.some((token) => token.norm === "between" || token.norm === "from");
}

/**
 * A day said as the new value ("reschedule T03 to Dec 5", "move it to the 5th of December"):
 * its year is the one the table's dates have that month in, as after "in" or "on".
 */
function newDay(tokens: Token[], at: number): boolean {
  if (tokens[at - 1]?.norm === "the") return newDay(tokens, at - 1);
  return tokens[at - 1]?.norm === "to";
}

/** The day a token gives of a month, as a number or an ordinal ("15", "15th"); 0 if none. */
function dayOfMonth(token: Token | undefined): number {
  if (token?.kind !== "number" && token?.kind !== "word") return 0;
  const day = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(token.norm);
  if (!day || (token.kind === "number" && token.norm !== day[1])) return 0;
  return Number(day[1]);
}

/** Whether a date written at `at` is said relative to today ("this year", "next month"). */
export function isRelativeDate(tokens: Token[], at: number): boolean {
  const norm = tokens[at]?.norm ?? "";
  return RELATIVE_DAYS[norm] !== undefined || RELATIVE_YEARS[norm] !== undefined;
}
