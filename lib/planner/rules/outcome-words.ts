import { givesValue, namesRows } from "./clause-items";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/** Words for how something ended, said as what "we" did to the rows. */
const OUTCOMES = new Set(["won", "lost"]);
const WE = new Set(["we", "just", "finally"]);

/**
 * "we won Globex", "we lost the Initech deal": "won" or "lost" said of the rows, where one value
 * of a text column ends in that word ("closed won", "closed lost"), sets it.
 */
export function readOutcomes(scan: Scan, lexed: LexItem[]): LexItem[] {
  const norm = (item: LexItem) => scan.tokens[item.from]?.norm ?? "";
  // The word alone, or read as the rows whose value has it ("lost" in "closed lost").
  const at = lexed.findIndex(
    (item) =>
      (item.kind === "unknown" ||
        item.kind === "stop" ||
        (item.kind === "scope" && item.cond.type === "text" && item.cond.op === "contains")) &&
      item.to === item.from + 1 &&
      OUTCOMES.has(norm(item)),
  );
  if (at < 0 || !lexed.slice(0, at).every((item) => item.kind === "stop" && WE.has(norm(item)))) {
    return lexed;
  }
  const rows = lexed.slice(at + 1);
  if (rows.length === 0 || !namesRows(rows) || givesValue(rows)) return lexed;
  const word = norm(lexed[at]);
  const endings = new Map<string, { column: string; value: string }>();
  for (const refs of scan.vocabulary.valuePhrases.values()) {
    for (const ref of refs) {
      const words = ref.value.toLowerCase().split(/\s+/);
      if (words.length > 1 && words.at(-1) === word)
        endings.set(`${ref.column}\0${ref.value}`, ref);
    }
  }
  if (endings.size !== 1) return lexed;
  const [ref] = endings.values();
  const { from, to } = lexed[at];
  const end = rows[rows.length - 1].to;
  return [
    ...lexed.slice(0, at),
    { kind: "verb", verb: "set", word: "set", from, to },
    ...rows,
    { kind: "setText", refs: [ref], text: ref.value, from: end, to: end },
  ];
}
