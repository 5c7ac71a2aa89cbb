import { isRelativeDate, readDate } from "./dates";
import { type Matcher, type Pattern, pattern, phraseCandidates } from "./patterns";

/** Patterns of dates and of the columns that hold them. */

/** A date: "2021", "March 2021", "2021-03-15", "last year" (see dates.ts). */
export function date(name: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    readDate(scan.tokens, at, scan.today, scan.vocabulary.dateRanges).map(({ span, end }) => ({
      end,
      caps: { ...caps, [name]: span },
    }));
  return pattern(match, { classes: new Set(["compact"]) });
}

/** A date said relative to today, which needs no "in" before it: "this year", "next month". */
export function relativeDate(name: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    isRelativeDate(scan.tokens, at)
      ? readDate(scan.tokens, at, scan.today).map(({ span, end }) => ({
          end,
          caps: { ...caps, [name]: span },
        }))
      : [];
  return pattern(match, { classes: new Set(["compact"]) });
}

/** A phrase naming a column of dates or years: "hired", "start date", "vintage", "listed on". */
export function dateColumn(name: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    phraseCandidates(scan, at, scan.vocabulary.maxPhraseWords).flatMap(({ phrase, end }) => {
      const { vocabulary } = scan;
      const ref = vocabulary.columnPhrases.get(phrase);
      const column =
        ref && "column" in ref && vocabulary.timeColumns.has(ref.column)
          ? ref.column
          : vocabulary.datePhrases.get(phrase);
      return column === undefined ? [] : [{ end, caps: { ...caps, [name]: column } }];
    });
  return pattern(match, { classes: new Set(["compact"]) });
}
