import { isoDayPlus } from "./dates";
import { type LexItem, readInParts } from "./lex";
import { nameWords } from "./name-forms";
import type { Scan } from "./patterns";

/**
 * A value said with the verb its column's name makes, where the grammar read the value as a
 * condition on that column: "repot the monstera today" (last_repotted), "service V002 on
 * 2026-11-20" (last_service), "water the calathea weekly" (watering), and, in a sentence that
 * changes nothing else, "the pothos got repotted yesterday" or "the calathea is watered weekly".
 * The value, a day of a column of dates or a value of a text column, is then the new value. Read
 * before the clauses are built (interpret.ts).
 */
export function readColumnVerbValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (sentence) => {
    let read = sentence;
    for (const value of sentence.filter((one) => saidValue(scan, one) !== undefined)) {
      read = asNewValue(scan, read, value) ?? read;
    }
    return read;
  });
}

/** Words that say a value happened or holds, before the column's verb: "was repotted today". */
const HAPPENED = new Set(["was", "were", "got", "get", "gets", "has", "have", "is", "are"]);

/** Items that give a new value or a change of their own. */
const ACTION_KINDS = new Set(["verb", "to", "amount", "bool", "setText", "goal", "flag"]);

/**
 * The sentence with `value` read as its column's new value: after a verb of the column that
 * opens its clause, with nothing between them that changes anything ("repot the monstera and
 * the pothos today"), or in a sentence that changes nothing else and states it ("the pothos got
 * repotted yesterday"). Beside a change, "plants repotted today" still names the rows.
 */
function asNewValue(scan: Scan, sentence: LexItem[], value: LexItem): LexItem[] | undefined {
  const said = saidValue(scan, value);
  if (!said) return undefined;
  const valueAt = sentence.indexOf(value);
  const norm = (item: LexItem | undefined) => scan.tokens[item?.from ?? -1]?.norm ?? "";
  const verbAt = sentence.findLastIndex(
    (item, at) =>
      at < valueAt &&
      item.to === item.from + 1 &&
      (opensClause(sentence, at)
        ? isVerbOf(scan, item, said.column, "base")
        : HAPPENED.has(norm(sentence[at - 1])) && isVerbOf(scan, item, said.column, "done")),
  );
  const newValue: LexItem = {
    kind: "setText",
    refs: said.date ? [] : [{ column: said.column, value: said.value }],
    text: said.value,
    column: said.column,
    from: value.from,
    to: value.to,
  };
  const replaced = (verb: LexItem) =>
    sentence.map((item) =>
      item === verb ? setVerb(verb.from, verb.to) : item === value ? newValue : item,
    );
  const stated = !sentence.some((item, at) => at !== verbAt && ACTION_KINDS.has(item.kind));
  if (verbAt >= 0) {
    if (sentence.slice(verbAt + 1, valueAt).some((item) => ACTION_KINDS.has(item.kind))) {
      return undefined;
    }
    return opensClause(sentence, verbAt) || stated ? replaced(sentence[verbAt]) : undefined;
  }
  const before = sentence[valueAt - 1];
  // "plants watered weekly get 5% off": beside a change, the participle says which rows.
  if (!stated && before?.kind === "unknown" && isVerbOf(scan, before, said.column, "done")) {
    return sentence.map((item): LexItem => (item === before ? { ...before, kind: "stop" } : item));
  }
  // "the pothos got repotted yesterday": the verb is in the day's own words.
  if (!stated || !said.date) return undefined;
  if ((before?.kind === "unknown" || before?.kind === "stop") && HAPPENED.has(norm(before))) {
    return replaced(before);
  }
  if (!HAPPENED.has(norm(value))) return undefined;
  return sentence.flatMap((item) =>
    item === value ? [setVerb(value.from, value.from), newValue] : [item],
  );
}

/** The item opens its clause: only stop words stand between it and the sentence or a join. */
function opensClause(sentence: readonly LexItem[], at: number): boolean {
  for (let before = at - 1; before >= 0; before--) {
    const kind = sentence[before].kind;
    if (kind === "join") return true;
    if (kind !== "stop") return false;
  }
  return true;
}

/**
 * The new value a condition would say: one day of a column of dates ("today", "on 2026-11-20")
 * or one value of a text column ("weekly").
 */
function saidValue(
  scan: Scan,
  item: LexItem,
): { column: string; value: string; date: boolean } | undefined {
  if (item.kind !== "scope") return undefined;
  const { cond } = item;
  const type = "column" in cond ? scan.vocabulary.columns.get(cond.column ?? "")?.type : undefined;
  if (cond.type === "dateRange" && type === "date") {
    const { from, to } = cond;
    if (from?.length !== 10 || to !== isoDayPlus(from, 1)) return undefined;
    return { column: cond.column, value: from, date: true };
  }
  if (cond.type === "values" && type === "text" && cond.values.length === 1) {
    return { column: cond.column, value: cond.values[0], date: false };
  }
  return undefined;
}

/** "set", over the words it stands for (none, before a stated day). */
function setVerb(from: number, to: number): LexItem {
  return { kind: "verb", verb: "set", word: "set", from, to };
}

/**
 * A word no rule took ("repot", "water") or the column's own word ("service V002 today") that
 * is the verb of a word of the column's name (repotted, watering, last_service): its base form
 * when it opens a clause ("repot the monstera"), its past participle after "is" or "got" ("is
 * watered weekly").
 */
function isVerbOf(scan: Scan, item: LexItem, column: string, form: "base" | "done"): boolean {
  const ownWord = item.kind === "column" && "column" in item.ref && item.ref.column === column;
  if (item.kind !== "unknown" && !ownWord) return false;
  const word = scan.tokens[item.from]?.norm ?? "";
  return nameWords(column).some((name) => verbForms(name)[form].includes(word));
}

/** The verb a name's word is made of: repotted → repot, repotted; service → service, serviced. */
function verbForms(name: string): { base: string[]; done: string[] } {
  const ending = /(ed|ing)$/.exec(name)?.[0];
  if (!ending || name.length < ending.length + 3) {
    return { base: [name], done: [`${name}d`, `${name}ed`] };
  }
  const stem = name.slice(0, -ending.length);
  const bases = [stem, `${stem}e`, ...(stem.at(-1) === stem.at(-2) ? [stem.slice(0, -1)] : [])];
  const done = bases.map((base) => `${base}ed`);
  return { base: bases, done: ending === "ed" ? [name, ...done] : done };
}
