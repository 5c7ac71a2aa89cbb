import { ageColumn } from "./column-captures";
import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";

/**
 * "cats over 5", "Texels under 2": a plain number compared right after a kind of animal (a
 * value of a species, breed or animal column) is an age, in a table with one column of ages,
 * not the price the bare comparison would otherwise be. Read before the clauses are built
 * (interpret.ts), as "drivers under 25" is for people (`personAge`).
 */
export function readKindAges(scan: Scan, lexed: LexItem[]): LexItem[] {
  const age = ageColumn(scan);
  if (!age) return lexed;
  return readInParts(lexed, (sentence) =>
    sentence.map((item, at) => {
      const kind = sentence[at - 1];
      if (item.kind !== "scope" || item.cond.type !== "compare") return item;
      if (item.cond.column !== null || item.cond.unit !== "plain") return item;
      if (kind?.kind !== "scope" || kind.cond.type !== "values" || !KIND.test(kind.cond.column))
        return item;
      return { ...item, cond: { ...item.cond, column: age } };
    }),
  );
}

/** Names of a column of kinds of animal. */
const KIND = /species|breed|animal/i;
