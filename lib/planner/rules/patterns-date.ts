import { isRelativeDate, readDate } from "./dates";
import { type Matcher, type Pattern, pattern, phraseCandidates } from "./patterns";

/** Patterns of dates and of the columns that hold them. */

/**
 * A date: "2021", "March 2021", "2021-03-15", "last year" (see dates.ts). A month said without
 * its year takes the year of the column captured as `columnCap` when there is one ("renewing
 * in March": the renewal dates' March, whatever year the start dates have it in).
 */
export function date(name: string, columnCap?: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const column = columnCap === undefined ? undefined : caps[columnCap];
    const { dateRanges } = scan.vocabulary;
    const ranges =
      typeof column === "string"
        ? dateRanges.filter((range) => range.column === column)
        : dateRanges;
    return readDate(scan.tokens, at, scan.today, ranges, scan.vocabulary.earliestYear).map(
      ({ span, end }) => ({
        end,
        caps: { ...caps, [name]: span },
      }),
    );
  };
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
