import { lastPlaced, wordsBetween } from "./clause-items";
import { refuse } from "./draft";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/**
 * "lease costs go up 3% next month": a time said straight after the change's amount, ending the
 * clause and naming no column, says when the change is meant to happen, not which rows it is
 * for. Read as rows, it had raised only the vehicles whose next service falls next month. A plan
 * changes the table when it is approved, so the planner asks instead of guessing.
 */
export function refuseTimedChange(scan: Scan, items: LexItem[]): void {
  const last = lastPlaced(items);
  const [when, amount] = [items[last], items[last - 1]];
  if (when?.kind !== "scope" || when.cond.type !== "dateRange" || amount?.kind !== "amount") return;
  const said = wordsBetween(scan, when.from, when.to);
  const namesColumn = said.split(" ").some((word) => scan.vocabulary.columnPhrases.has(word));
  if (namesColumn) return;
  refuse(
    `"${said}" says when to make the change, and a plan changes the table when it is approved. Leave it out, or say which rows it is for (e.g. "whose ${when.cond.column} is ${said}").`,
    [said],
  );
}
