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
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from]?.norm : undefined);
  let verbBefore = false;
  return lexed.map((item, at) => {
    if (item.kind === "boundary") verbBefore = false;
    const participle =
      (item.kind === "verb" || item.kind === "unknown") &&
      item.to === item.from + 1 &&
      PARTICIPLES.has(norm(item) ?? "");
    if (!participle) {
      if (item.kind === "verb") verbBefore = true;
      return item;
    }
    const link = lexed[at + 1]?.kind === "stop" && LINKS.has(norm(lexed[at + 1]) ?? "") ? 1 : 0;
    const flag = lexed[at + 1 + link];
    // After the rows ("anything", "items", "that's been"), not after "and" (a second change).
    const before = lexed[at - 1];
    const afterRows =
      before?.kind === "stop" || before?.kind === "column" || before?.kind === "scope";
    const saysRows = flag?.kind === "flag" && flag.marker === null && afterRows;
    if (!verbBefore || !saysRows) {
      if (item.kind === "verb") verbBefore = true;
      return item;
    }
    return { kind: "stop", from: item.from, to: item.to };
  });
}
