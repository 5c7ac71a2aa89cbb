import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/**
 * "raise the par level by 5 for anything flagged for reorder", "… for items marked organic",
 * "… for projects marked done": after the change's own verb, "flagged" or "marked" before a
 * yes/no phrase or a text column's value say which rows have it, not a second change that sets
 * it for every row.
 */

const PARTICIPLES = new Set(["flagged", "marked"]);
/** Words a yes/no phrase may follow the participle with ("flagged for reorder", "marked as …"). */
const LINKS = new Set(["for", "as"]);

export function readParticipleConditions(scan: Scan, lexed: LexItem[]): LexItem[] {
  let verbBefore = false;
  let afterParticiple = false;
  return lexed.map((item, at): LexItem => {
    if (item.kind === "boundary") verbBefore = false;
    // "… marked as done": the grammar read "as done" as a new value; it is the rows' value.
    if (afterParticiple && item.kind === "setText" && item.refs.length === 1) {
      afterParticiple = false;
      const [{ column, value }] = item.refs;
      return { kind: "scope", cond: { type: "values", column, values: [value] }, ...span(item) };
    }
    afterParticiple = false;
    if (verbBefore && saysWhichRows(scan, lexed, at)) {
      afterParticiple = true;
      return { kind: "stop", ...span(item) };
    }
    if (item.kind === "verb") verbBefore = true;
    return item;
  });
}

const span = ({ from, to }: LexItem) => ({ from, to });

/** Whether the item at `at` is "flagged" or "marked" after the rows, before a yes/no phrase. */
function saysWhichRows(scan: Scan, lexed: LexItem[], at: number): boolean {
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from]?.norm : undefined);
  const item = lexed[at];
  const participle =
    (item.kind === "verb" || item.kind === "unknown") &&
    item.to === item.from + 1 &&
    PARTICIPLES.has(norm(item) ?? "");
  if (!participle) return false;
  // After the rows ("anything", "items", "that's been"), not after "and" (a second change).
  const before = lexed[at - 1];
  if (before?.kind !== "stop" && before?.kind !== "column" && before?.kind !== "scope")
    return false;
  const link = lexed[at + 1]?.kind === "stop" && LINKS.has(norm(lexed[at + 1]) ?? "") ? 1 : 0;
  const flag = lexed[at + 1 + link];
  if (flag?.kind === "flag") return flag.marker === null;
  // "… for projects marked done" or "marked as done": a value of a text column.
  if (flag?.kind === "setText") return link === 0 && flag.refs.length === 1;
  return flag?.kind === "scope" && flag.cond.type === "values";
}
