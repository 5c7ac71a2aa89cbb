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
  const read = [...lexed];
  let verbBefore = false;
  for (let at = 0; at < read.length; at++) {
    const item = read[at];
    if (item.kind === "boundary") verbBefore = false;
    if (item.kind === "verb" && !verbBefore) {
      verbBefore = true;
      continue;
    }
    if (!verbBefore) continue;
    // "… for claims not flagged for fraud": the rows without it.
    const not = item.kind === "except" && scan.tokens[item.from]?.norm === "not";
    const participleAt = not ? at + 1 : at;
    const target = rowsNamedAt(scan, read, participleAt, at - 1);
    if (target === undefined || (not && read[target].kind !== "flag")) continue;
    read[at] = { kind: "stop", ...span(item) };
    read[participleAt] = { kind: "stop", ...span(read[participleAt]) };
    read[target] = asCondition(read[target], not);
    at = target;
  }
  return read;
}

const span = ({ from, to }: LexItem) => ({ from, to });

/**
 * What follows the participle, read as the rows' own value: a yes/no phrase (switched off after
 * "not"), or "as done", which the grammar read as a new value.
 */
function asCondition(item: LexItem, not: boolean): LexItem {
  if (item.kind === "flag") {
    return {
      ...item,
      ref: { ...item.ref, value: not ? !item.ref.value : item.ref.value },
      marker: null,
    };
  }
  if (item.kind === "setText") {
    const [{ column, value }] = item.refs;
    return { kind: "scope", cond: { type: "values", column, values: [value] }, ...span(item) };
  }
  return item;
}

/**
 * Where the yes/no phrase or value is, when the item at `at` is "flagged" or "marked" after the
 * rows (the item at `beforeAt`) and before it; undefined otherwise.
 */
function rowsNamedAt(
  scan: Scan,
  lexed: LexItem[],
  at: number,
  beforeAt: number,
): number | undefined {
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from]?.norm : undefined);
  const item = lexed[at];
  const participle =
    item !== undefined &&
    (item.kind === "verb" || item.kind === "unknown") &&
    item.to === item.from + 1 &&
    PARTICIPLES.has(norm(item) ?? "");
  if (!participle) return undefined;
  // After the rows ("anything", "items", "that's been"), not after "and" (a second change).
  const before = lexed[beforeAt];
  if (before?.kind !== "stop" && before?.kind !== "column" && before?.kind !== "scope") {
    return undefined;
  }
  const link = lexed[at + 1]?.kind === "stop" && LINKS.has(norm(lexed[at + 1]) ?? "") ? 1 : 0;
  const targetAt = at + 1 + link;
  const target = lexed[targetAt];
  // A yes/no phrase, "as" and one ("marked as fraud"), a text column's value, or "as" and one.
  const named =
    (target?.kind === "flag" &&
      (target.marker === null || (link === 0 && target.marker === "as"))) ||
    (target?.kind === "setText" && link === 0 && target.refs.length === 1) ||
    (target?.kind === "scope" && target.cond.type === "values");
  return named ? targetAt : undefined;
}
