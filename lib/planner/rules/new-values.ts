import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { sourceText } from "./tokenize";

/**
 * Words that may follow a new value: where the rows are said, or the next clause starts. A value
 * followed by anything else ("set customer to Acme Fitness", where "fitness" names rows) is not
 * read as new: its words stay unknown and are refused by name rather than split in two.
 */
const AFTER_VALUE = new Set([
  "where",
  "for",
  "if",
  "when",
  "whose",
  "with",
  "that",
  "which",
  "who",
  "in",
  "on",
  "of",
  "unless",
  "except",
  "but",
  "and",
  "then",
  ",",
  ".",
  ";",
  ":",
  "!",
]);

/**
 * "set status to closed": a value no row holds yet, unquoted. The grammar reads only values the
 * table has, so such words come out of the lexer unknown. A run of them right after the "to" of
 * a set verb that named a text column, ending the clause, is that column's new value, as if it
 * had been quoted (the plan notes that it is new). Every other unknown word stays unknown.
 */
export function readNewTextValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const item = lexed[at];
    let end = at + 1;
    while (lexed[end]?.kind === "unknown") end++;
    const column = item.kind === "to" && end > at + 1 ? textColumnSet(scan, read) : undefined;
    const next = lexed[end];
    if (column === undefined || (next && !AFTER_VALUE.has(scan.tokens[next.from].norm))) {
      read.push(item);
      continue;
    }
    const text = sourceText(scan.instruction, scan.tokens, lexed[at + 1].from, lexed[end - 1].to);
    read.push({
      kind: "setText",
      refs: [],
      text,
      from: item.from,
      to: lexed[end - 1].to,
      note: `“${text}” is a new value: no row has it in ${column} yet.`,
    });
    at = end - 1;
  }
  return read;
}

/**
 * The text column a set verb names before this point of its sentence (the nearest column back
 * to the verb), or undefined when the clause so far is not "set <text column> … ".
 */
function textColumnSet(scan: Scan, before: LexItem[]): string | undefined {
  let column: string | undefined;
  for (let at = before.length - 1; at >= 0; at--) {
    const item = before[at];
    if (item.kind === "boundary" || item.kind === "join" || item.kind === "unknown") return;
    if (item.kind === "amount" || item.kind === "bool" || item.kind === "setText") return;
    if (item.kind === "column" && column === undefined && "column" in item.ref) {
      column = item.ref.column;
    }
    if (item.kind === "verb") {
      if (item.verb !== "set" || column === undefined) return;
      return scan.vocabulary.columns.get(column)?.type === "text" ? column : undefined;
    }
  }
  return undefined;
}
