import type { Clause, DraftOperation } from "./draft";
import { refuse } from "./draft";
import type { Scan } from "./patterns";

/**
 * "Give Engineering a 5% raise. Sales gets 3%. Everyone else gets 2%.": the rows no earlier
 * change named ("everyone else's bonus" too). Each earlier change's rows are left out; an
 * earlier change whose rows are several conditions at once cannot be left out so (a plan's
 * `none` leaves out rows matching any one condition), and is refused.
 */

const REST = [["else"], ["otherwise"], ["the", "rest"], ["others"], ["all", "other"]];

/** Words that say a change is about every row. */
export const EVERY_ROW: ReadonlySet<string> = new Set([
  "every",
  "all",
  "each",
  "everything",
  "everyone",
  "everybody",
]);

/** Whether a clause says it is about every row ("set every discount to 0"). */
export function saysEveryRow(scan: Scan, clause: Clause): boolean {
  const first = clause.entries[0]?.item.from ?? 0;
  const last = clause.entries.at(-1)?.item.to ?? 0;
  return scan.tokens.slice(first, last).some((token) => EVERY_ROW.has(token.norm));
}

/** Whether a clause speaks of the rest of the rows. */
export function saysTheRest(scan: Scan, clause: Clause): boolean {
  const first = clause.entries[0]?.item.from ?? 0;
  const last = clause.entries.at(-1)?.item.to ?? 0;
  const norms = scan.tokens.slice(first, last).map((token) => token.norm);
  return REST.some((words) =>
    norms.some((_, at) => words.every((word, k) => norms[at + k] === word)),
  );
}

/** The operation at `index`, less the rows earlier operations name. */
export function leaveOutEarlierRows(
  operations: DraftOperation[],
  index: number,
  clauseText: string,
): void {
  const rest = operations[index];
  const named = operations
    .slice(0, index)
    .filter((earlier) => earlier.all.length + earlier.any.length + earlier.none.length > 0);
  // "leave nutrition alone and raise everything else": the rest of what an exclusion leaves
  // out, which applies to every change anyway.
  if (index === 0) return;
  if (named.length === 0) {
    refuse(
      `${JSON.stringify(clauseText)} speaks of the rest, but no change before it names its rows.`,
      [clauseText],
    );
  }
  for (const earlier of named) {
    if (earlier.none.length > 0 || (earlier.all.length > 0 && earlier.any.length > 0)) {
      refuse(
        `${JSON.stringify(clauseText)}: the rows of an earlier change are not one list; name the rest's rows.`,
        [clauseText],
      );
    }
    if (earlier.all.length > 1) {
      refuse(
        `${JSON.stringify(clauseText)}: an earlier change names its rows by several conditions at once; name the rest's rows.`,
        [clauseText],
      );
    }
    rest.none.push(...earlier.all, ...earlier.any);
  }
}
