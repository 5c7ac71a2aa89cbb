import { isParticiple } from "./bare-values";
import { givesValue, namesRows, setVerbAt } from "./clause-items";
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

/**
 * "Comedy Hour sold out", "Rex vaccinated": a yes/no phrase that is a participle, straight after
 * the rows and ending the instruction with no verb, is news of it. A phrase that is no
 * participle ("Rex microchipped" is one; "Jazz Night on sale" is not) still says which rows.
 */
export function readFlagNews(scan: Scan, lexed: LexItem[]): LexItem[] {
  const flag = lexed.at(-1);
  if (flag?.kind !== "flag" || flag.marker !== null || lexed.length < 2) return lexed;
  if (lexed.some((item) => item.kind === "verb")) return lexed;
  const words = scan.tokens.slice(flag.from, flag.to).map((token) => token.norm);
  if (!isParticiple(words[0]) || words.length > 2) return lexed;
  const rows = lexed.slice(0, -1);
  if (rows.at(-1)?.kind !== "scope" || !namesRows(rows) || givesValue(rows)) return lexed;
  const verb = setVerbAt({ kind: "stop", from: flag.from, to: flag.from });
  return [...rows, verb, { ...flag, marker: "as" }];
}
