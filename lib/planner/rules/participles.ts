import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/**
 * "raise the par level by 5 for anything flagged for reorder", "… for items marked organic":
 * after the change's own verb, "flagged" or "marked" before a yes/no phrase say which rows have
 * it, not a second change that sets it for every row.
 */

const PARTICIPLES = new Set(["flagged", "marked"]);
/** Words a yes/no phrase may follow the participle with ("flagged for reorder", "marked as …"). */
const LINKS = new Set(["for", "as"]);

export function readParticipleConditions(scan: Scan, lexed: LexItem[]): LexItem[] {
  let verbBefore = false;
  return lexed.map((item, at) => {
    if (item.kind === "boundary") verbBefore = false;
    if (verbBefore && saysWhichRows(scan, lexed, at)) {
      return { kind: "stop", from: item.from, to: item.to };
    }
    if (item.kind === "verb") verbBefore = true;
    return item;
  });
}

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
  return flag?.kind === "flag" && flag.marker === null;
}
