import {
  asSetText,
  givesValue,
  lastPlaced,
  type Norm,
  namesRows,
  setVerbAt,
  textValue,
  type ValueScope,
} from "./clause-items";
import { GIVE_VERBS, namesEachRow } from "./given-to-one";
import { normPhrase } from "./grammar-words";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { sourceText } from "./tokenize";

/** Words that say what rows end up as, after the rows: "… get a C", "… go to maintenance". */
export const END_UP_WORDS = new Set(["get", "gets", "go", "goes", "going", "become", "becomes"]);

/**
 * "reassign Priya's open tasks to Sam": after "to", ending the clause, a word that the lexer read
 * as the one value of a text column holding it ("Sam" of Sam Okafor) is that value, set, with a
 * note when the value is more than was typed. The grammar reads only whole values after "to".
 * After a verb of giving ("give all of Jon's accounts to Priya") the rows must be named by that
 * column too: given to a row's own name, "to" says which rows get something.
 */
export function toWordOfValue(scan: Scan, items: LexItem[], norm: Norm) {
  const [verb] = items;
  const last = lastPlaced(items);
  const to = items[last - 1];
  const value = textValue(scan, items[last]) ?? onlyValueWithWord(scan, items[last]);
  if (to?.kind !== "to" || !value) return;
  // "Jon's accounts go to Priya": the rows, then a word of ending up as.
  const endUp = items[last - 2];
  const goes = endUp?.kind === "stop" && END_UP_WORDS.has(norm(endUp));
  const rows = verb?.kind === "verb" ? items.slice(1, last - 1) : items.slice(0, last - 2);
  if (verb?.kind === "verb") {
    const given = GIVE_VERBS.has(norm(verb)) && namesColumn(rows, value.cond.column);
    if (verb.verb !== "set" && !given) return undefined;
  } else if (!goes || namesEachRow(scan, value.cond.column)) return undefined;
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  const typed = sourceText(scan.instruction, scan.tokens, value.from, value.to);
  const { column, values } = value.cond;
  const note =
    typed.toLowerCase() === values[0].toLowerCase()
      ? undefined
      : `read ${JSON.stringify(typed)} as ${column} ${JSON.stringify(values[0])}`;
  const set: LexItem = { ...asSetText(value), from: to.from, ...(note ? { note } : {}) };
  const head = verb?.kind === "verb" ? items.slice(0, last - 1) : [...rows, setVerbAt(endUp)];
  return [...head, set, ...items.slice(last + 1)];
}

/** Whether a condition of the rows is on `column`: "Jon's accounts" of a column of managers. */
function namesColumn(rows: readonly LexItem[], column: string): boolean {
  return rows.some(
    (item) => item.kind === "scope" && "column" in item.cond && item.cond.column === column,
  );
}

/**
 * A scope of the rows whose text column has a word ("Priya"), as the one value of the column
 * with that word (Priya Shah); undefined when none or several have it.
 */
export function onlyValueWithWord(scan: Scan, item: LexItem | undefined): ValueScope | undefined {
  if (item?.kind !== "scope" || item.cond.type !== "text" || item.cond.op !== "contains") return;
  const { column, value: word } = item.cond;
  const wanted = normPhrase(word);
  const found = new Set<string>();
  for (const refs of scan.vocabulary.valuePhrases.values()) {
    for (const ref of refs) {
      if (ref.column === column && ` ${normPhrase(ref.value)} `.includes(` ${wanted} `))
        found.add(ref.value);
    }
  }
  if (found.size !== 1) return undefined;
  const cond = { type: "values" as const, column, values: [...found] };
  return { kind: "scope", cond, from: item.from, to: item.to };
}
