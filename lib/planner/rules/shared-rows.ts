import { isValue } from "./clauses";
import type { Clause, DraftOperation, Entry } from "./draft";

/**
 * Rows that changes joined in one sentence share. A change that borrows the verb before it and
 * names a column but no rows ("raise Support salaries by 3% and bonuses by 1 point") is about
 * the same rows; rows said after the last such change ("raise salaries by 3% and bonuses by 1
 * point, only for Support") are the rows of the changes before it that named none. A change with
 * its own verb keeps its own rows when it names some, or when the one before named none: "raise
 * salaries by 3% and set bonus to 5 for Support" could mean either. One that names none after
 * one that did is about the same rows ("mark U105 vacant and clear the tenant"): the whole
 * table, taken instead, is the costlier mistake, and "every" or "all" says it when meant.
 */
export function shareRows(
  clauses: Clause[],
  /**
   * Whether a clause speaks of rows by itself: the rest of them ("everyone else"), or all of
   * them ("every bonus"). It shares none.
   */
  standsAlone: (clause: Clause) => boolean,
): Clause[] {
  const shared = clauses.map((clause) => ({ ...clause, entries: [...clause.entries] }));
  for (let k = 1; k < shared.length; k++) {
    const clause = shared[k];
    const before = shared[k - 1];
    if (clause.kind !== "action" || before.kind !== "action" || standsAlone(clause)) continue;
    const rows = rowEntries(clause);
    if (!borrowsVerb(clause)) {
      if (rows.length === 0) clause.entries.push(...rowEntries(before));
      continue;
    }
    if (rows.length === 0 && namesColumn(clause)) {
      clause.entries.push(...rowEntries(before));
    } else if (rows.length > 0 && rowsAfterValue(clause)) {
      // Back over the changes this one is coordinated with, while they name no rows.
      for (let j = k - 1; j >= 0; j--) {
        const earlier = shared[j];
        if (earlier.kind !== "action" || rowEntries(earlier).length > 0 || standsAlone(earlier))
          break;
        earlier.entries.push(...rows);
        if (!borrowsVerb(earlier)) break;
      }
    }
  }
  return shared;
}

function borrowsVerb(clause: Clause): boolean {
  return (
    clause.kind === "action" &&
    // A yes/no column's own verb ("insure", "vaccinate") is the clause's verb.
    !clause.entries.some(
      ({ item }) => item.kind === "verb" || (item.kind === "flag" && item.ref.verb === true),
    ) &&
    clause.entries.some(({ item }) => isValue(item))
  );
}

function namesColumn(clause: Clause): boolean {
  return clause.entries.some(({ item }) => item.kind === "column");
}

/** What names rows: scopes, and yes/no phrases of a change by an amount (not the value set). */
function rowEntries(clause: Clause): Entry[] {
  const byAmount = clause.entries.some(({ item }) => item.kind === "amount");
  return clause.entries.filter(
    ({ item }) =>
      item.kind === "scope" || (byAmount && item.kind === "flag" && item.marker === null),
  );
}

/** Whether every row the clause names is said after its value ("… by 1 point for Support"). */
function rowsAfterValue(clause: Clause): boolean {
  const value = clause.entries.find(({ item }) => isValue(item));
  return value !== undefined && rowEntries(clause).every(({ item }) => item.from >= value.item.to);
}

/**
 * Two changes of the same rows, the first writing a column the rows are chosen by: "move
 * everyone in Paris to London and give them 2000 more". Run in the order said, the second would
 * find no one left in Paris. It runs first instead when it writes no such column itself, so both
 * reach the rows named.
 */
export function orderChangesOfSameRows(operations: DraftOperation[]): void {
  for (let k = 1; k < operations.length; k++) {
    const [first, second] = [operations[k - 1], operations[k]];
    if (rowsOf(first) !== rowsOf(second)) continue;
    const chosenBy = new Set(
      [...first.all, ...first.any, ...first.none].map((condition) => condition.column),
    );
    if (chosenBy.has(first.action.column) && !chosenBy.has(second.action.column)) {
      operations[k - 1] = second;
      operations[k] = first;
    }
  }
}

const rowsOf = ({ all, any, none }: DraftOperation) => JSON.stringify([all, any, none]);
