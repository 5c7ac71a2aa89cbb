import type { Rule } from "./grammar";
import { n } from "./grammar-builders";
import { nameWords } from "./name-forms";
import { alt, type Caps, opt, type Scan, seq, tag, words } from "./patterns";
import { dateColumn } from "./patterns-date";
import { num } from "./patterns-number";

/** A day (YYYY-MM-DD) moved by whole days, weeks, months or years; a month end is kept in range. */
function shiftDay(day: string, unit: "day" | "week" | "month" | "year", count: number): string {
  const [year, month, date] = day.split("-").map(Number);
  if (unit === "day" || unit === "week") {
    const moved = new Date(Date.UTC(year, month - 1, date + count * (unit === "week" ? 7 : 1)));
    return moved.toISOString().slice(0, 10);
  }
  const months = year * 12 + month - 1 + count * (unit === "year" ? 12 : 1);
  const toYear = Math.floor(months / 12);
  const toMonth = (months % 12) + 1;
  const last = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  return `${String(toYear).padStart(4, "0")}-${String(toMonth).padStart(2, "0")}-${String(Math.min(date, last)).padStart(2, "0")}`;
}

/** What a span of time is said of: "that were", "listed" (a date column), or nothing. */
const SUBJECT = seq(
  opt(words("who", "that", "which")),
  opt(words("is", "are", "was", "were")),
  opt(dateColumn("c")),
);

/** A whole number of days, weeks, months or years. */
const SPAN = seq(
  num("n"),
  alt(
    tag("unit", "day", words("days", "day")),
    tag("unit", "week", words("weeks", "week")),
    tag("unit", "month", words("months", "month")),
    tag("unit", "year", words("years", "year")),
  ),
);

/** The span and the date column it is measured on: the one named, or the table's one. */
function spanOf(caps: Caps, scan: Scan) {
  const amount = n(caps);
  if (amount.unit !== "plain" || !Number.isInteger(amount.value)) return undefined;
  const { timeColumns } = scan.vocabulary;
  const dates = [...timeColumns.keys()].filter((name) => timeColumns.get(name) === "date");
  const column = (caps.c as string | undefined) ?? (dates.length === 1 ? dates[0] : undefined);
  if (column === undefined || timeColumns.get(column) !== "date") return undefined;
  return { column, count: amount.value, unit: caps.unit as "day" | "week" | "month" | "year" };
}

/** Words of a column of end dates: warranty_until, end_date, expiry. */
const END_WORDS = new Set(["until", "end", "ends", "expiry", "expires", "expiration", "expiring"]);

/**
 * Rules of the grammar (grammar.ts) for dates measured from today: a due date passed, and an age
 * in days, weeks, months or years. Among the scope rules, before the calendar dates.
 */
export const TIME_RULES: Rule[] = [
  {
    // "overdue books", "vehicles whose service is overdue": a due date before today.
    name: "overdue",
    pattern: seq(
      opt(dateColumn("c")),
      opt(words("is", "are", "was", "were", "now")),
      words("overdue", "past due", "past its due date", "past their due date", "late"),
    ),
    build: (caps, scan) => {
      const { timeColumns } = scan.vocabulary;
      const named = caps.c as string | undefined;
      const due = [...timeColumns.keys()].filter(
        (name) => timeColumns.get(name) === "date" && /(^|[^a-z])due([^a-z]|$)/i.test(name),
      );
      const column = named ?? (due.length === 1 ? due[0] : undefined);
      if (column === undefined || timeColumns.get(column) !== "date") return undefined;
      return { kind: "scope", cond: { type: "dateRange", column, to: scan.today } };
    },
  },
  {
    // "laptops whose warranty has expired", "with an expired warranty": an end date before today.
    name: "expired",
    pattern: alt(
      seq(
        opt(dateColumn("c")),
        opt(words("has", "have", "had", "is", "are", "was", "were")),
        words("expired", "ended", "lapsed", "run out", "ran out"),
      ),
      seq(words("expired", "lapsed"), dateColumn("c")),
    ),
    build: (caps, scan) => {
      // A table that holds such a word as a value ("expired") means that value.
      const { valuePhrases, timeColumns } = scan.vocabulary;
      if (["expired", "ended", "lapsed"].some((word) => valuePhrases.has(word))) return undefined;
      const ends = [...timeColumns.keys()].filter(
        (name) =>
          timeColumns.get(name) === "date" && nameWords(name).some((word) => END_WORDS.has(word)),
      );
      const column = (caps.c as string | undefined) ?? (ends.length === 1 ? ends[0] : undefined);
      if (column === undefined || timeColumns.get(column) !== "date") return undefined;
      return { kind: "scope", cond: { type: "dateRange", column, to: scan.today } };
    },
  },
  {
    // "listings older than 90 days", "listed more than 6 months ago", "cars older than 5 years".
    name: "age-in-time",
    pattern: seq(
      SUBJECT,
      alt(
        tag("op", "lt", words("older than", "more than", "over")),
        tag(
          "op",
          "gte",
          words(
            "newer than",
            "less than",
            "under",
            "within the last",
            "in the last",
            "from the last",
            "in the past",
            "within the past",
            "over the last",
            "over the past",
            "during the last",
          ),
        ),
      ),
      SPAN,
      opt(words("ago", "old")),
    ),
    build: (caps, scan) => {
      const span = spanOf(caps, scan);
      if (!span) return undefined;
      const cutoff = shiftDay(scan.today, span.unit, -span.count);
      // Older than the cutoff: before it; newer: from it on.
      const { column } = span;
      const cond =
        caps.op === "lt"
          ? { type: "dateRange" as const, column, to: cutoff }
          : { type: "dateRange" as const, column, from: cutoff };
      return { kind: "scope", cond };
    },
  },
  {
    // "renewing in the next 30 days", "due within the next 2 weeks": from today on, for as long.
    name: "next-in-time",
    pattern: seq(
      SUBJECT,
      words("within the next", "in the next", "over the next", "during the next"),
      SPAN,
    ),
    build: (caps, scan) => {
      const span = spanOf(caps, scan);
      if (!span) return undefined;
      const last = shiftDay(scan.today, span.unit, span.count);
      // Today through the last day, both included (a range's end is the day after it).
      return {
        kind: "scope",
        cond: {
          type: "dateRange",
          column: span.column,
          from: scan.today,
          to: shiftDay(last, "day", 1),
        },
      };
    },
  },
];
