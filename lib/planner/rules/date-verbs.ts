import { isoDayPlus } from "./dates";
import type { LexItem } from "./lex";
import { nameWords } from "./name-forms";
import type { Scan } from "./patterns";

/**
 * A day said as what happened to the rows, where a column of dates records when it last did:
 * "repot the monstera today", "service V002 on 2026-11-20", "the monstera was repotted today".
 * The column's name gives the verb (last_repotted, serviced_on, last_service); the day, which
 * the grammar read as a condition on that column, is its new value. Read before the clauses are
 * built (interpret.ts), and only in a clause that gives no other new value.
 */
export function readDateVerbs(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  let start = 0;
  for (let at = 0; at <= lexed.length; at++) {
    const item = lexed[at];
    if (item && item.kind !== "boundary") continue;
    let sentence = lexed.slice(start, at);
    for (const day of sentence.filter((one): one is DayScope => isOneDay(scan, one))) {
      sentence = dayAsNewValue(scan, sentence, day) ?? sentence;
    }
    read.push(...sentence);
    if (item) read.push(item);
    start = at + 1;
  }
  return read;
}

type DayScope = Extract<LexItem, { kind: "scope" }> & {
  cond: { type: "dateRange"; column: string; from: string; to: string };
};

/** Words that say a row's day happened, before its column's verb: "was repotted today". */
const HAPPENED = new Set(["was", "were", "got", "get", "has", "have", "is", "are"]);

/** Items that give a new value or a change of their own. */
const ACTION_KINDS = new Set(["verb", "to", "amount", "bool", "setText", "goal", "flag"]);

/**
 * The sentence with `day` read as its column's new value, when a verb of the column comes before
 * it with nothing between them that changes anything ("repot the monstera and the pothos
 * today"), or when a sentence that changes nothing else states it ("the pothos got repotted
 * yesterday").
 */
function dayAsNewValue(scan: Scan, sentence: LexItem[], day: DayScope): LexItem[] | undefined {
  const column = day.cond.column;
  const dayAt = sentence.indexOf(day);
  const verbAt = sentence.findLastIndex(
    (item, at) => at < dayAt && item.to === item.from + 1 && isVerbOf(scan, item, column),
  );
  const newValue: LexItem = {
    kind: "setText",
    refs: [],
    text: day.cond.from,
    column,
    from: day.from,
    to: day.to,
  };
  if (verbAt >= 0) {
    if (sentence.slice(verbAt + 1, dayAt).some((item) => ACTION_KINDS.has(item.kind))) {
      return undefined;
    }
    const verb = sentence[verbAt];
    return sentence.map((item) =>
      item === verb ? setVerb(verb.from, verb.to) : item === day ? newValue : item,
    );
  }
  // "the monstera was repotted today": a sentence with no verb, stating what happened. Beside
  // a change ("… was repotted today, so raise its price"), it says which rows.
  if (sentence.some((item) => ACTION_KINDS.has(item.kind))) return undefined;
  const before = sentence[dayAt - 1];
  const said = (item: LexItem | undefined) =>
    HAPPENED.has(scan.tokens[item?.from ?? -1]?.norm ?? "");
  if (before?.kind === "unknown" && said(before)) {
    return sentence.flatMap((item) =>
      item === before ? [] : item === day ? [setVerb(before.from, before.to), newValue] : [item],
    );
  }
  if (!said(day)) return undefined;
  return sentence.flatMap((item) =>
    item === day ? [setVerb(day.from, day.from), newValue] : [item],
  );
}

/** A condition on a column of dates that names one day ("today", "on 2026-11-20"). */
function isOneDay(scan: Scan, item: LexItem): item is DayScope {
  if (item.kind !== "scope" || item.cond.type !== "dateRange") return false;
  const { column, from, to } = item.cond;
  return (
    scan.vocabulary.columns.get(column)?.type === "date" &&
    from?.length === 10 &&
    to === isoDayPlus(from, 1)
  );
}

/** "set", over the words it stands for (none, before a stated day). */
function setVerb(from: number, to: number): LexItem {
  return { kind: "verb", verb: "set", word: "set", from, to };
}

/**
 * A word no rule took ("repot") or the column's own word opening the clause ("service V002
 * today"), that is the verb of a word of the column's name: repotted, serviced, last_service.
 */
function isVerbOf(scan: Scan, item: LexItem, column: string): boolean {
  const ownWord = item.kind === "column" && "column" in item.ref && item.ref.column === column;
  if (item.kind !== "unknown" && !ownWord) return false;
  const word = scan.tokens[item.from]?.norm ?? "";
  return nameWords(column).some((name) => verbForms(name).includes(word));
}

/** "repotted" → repot; "serviced" → service; "watered" → water; "service" → service. */
function verbForms(name: string): string[] {
  if (!name.endsWith("ed") || name.length < 5) return [name];
  const stem = name.slice(0, -2);
  const doubled = stem.at(-1) === stem.at(-2) ? [stem.slice(0, -1)] : [];
  return [name, stem, `${stem}e`, ...doubled];
}
