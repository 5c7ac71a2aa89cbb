import { ARTICLES, newValueNote, textValue } from "./clause-items";
import { ROW_NOUN_SET } from "./grammar-nouns";
import { normPhrase } from "./grammar-words";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { onlyValueWithWord } from "./to-word-values";
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
    // After "to", or after "to" and a value of the column ("to pending review").
    const toValue =
      item.kind === "setText" &&
      scan.tokens[item.from].norm === "to" &&
      lexed[at + 1]?.kind === "unknown";
    // "set status to sold out" beside a sold_out column: words of that flag, for status.
    const toFlag = item.kind === "flag" && item.marker === "to";
    // "Alice's title is now Principal": after "is now", the text column named before it.
    const said = scan.tokens.slice(item.from, item.to).map((token) => token.norm);
    const stated = item.kind === "verb" && item.verb === "set" && NOW_BEING.has(said.join(" "));
    let column =
      item.kind === "to" || toValue || toFlag
        ? textColumnSet(scan, read, toFlag ? undefined : lexed.slice(at + 1))
        : stated
          ? columnStatedOf(scan, read)
          : undefined;
    if (toValue && !item.refs.some((ref) => ref.column === column)) column = undefined;
    if (toFlag && item.ref.column === column) column = undefined;
    // "Staff Engineer", "Engineer III": a new value may have words of the column's values in it.
    let end = at + 1;
    let named = toFlag ? 1 : 0;
    // "on time", "in review", "at risk": a state may open with a little word.
    if (column !== undefined && opensState(scan, lexed[end], lexed[end + 1])) end++;
    for (; column !== undefined && partOfNewValue(scan, lexed[end], column); end++) {
      const item = lexed[end];
      // "Staff" of "Staff Engineer": a capitalised little word is a word of the value's own.
      const own = item.kind === "stop" && !ARTICLES.has(scan.tokens[item.from].norm);
      if (own || (item.kind !== "stop" && !(item.kind === "scope" && item.cond.type === "values")))
        named++;
    }
    const next = lexed[end];
    if (
      column === undefined ||
      named === 0 ||
      (next && !AFTER_VALUE.has(scan.tokens[next.from].norm))
    ) {
      read.push(item);
      continue;
    }
    const start = toValue || toFlag ? item.from + 1 : lexed[at + 1].from;
    // The verb stays: the value is what follows it.
    if (stated) read.push(item);
    const from = stated ? start : item.from;
    const text = sourceText(scan.instruction, scan.tokens, start, lexed[end - 1].to);
    // "set status to done" beside a done column, where some status is done already.
    const held = scan.vocabulary.valuePhrases
      .get(normPhrase(text))
      ?.find((ref) => ref.column === column);
    if (held) {
      read.push({
        kind: "setText",
        refs: [held],
        text: held.value,
        from,
        to: lexed[end - 1].to,
      });
      at = end - 1;
      continue;
    }
    read.push({
      kind: "setText",
      refs: [],
      text,
      column,
      from,
      to: lexed[end - 1].to,
      note: newValueNote(text, column),
    });
    at = end - 1;
  }
  return read;
}

/**
 * Whether an item can be part of a new value of the column: a word nothing knows, a word of the
 * column's values ("Engineer" of Senior Engineer, in "Lead Engineer"), or a capitalised little
 * word ("Staff").
 */
function partOfNewValue(scan: Scan, item: LexItem | undefined, column: string): boolean {
  // "Free" as a plan's name, not a price of nothing.
  if (item?.kind === "unknown" || (item?.kind === "amount" && item.num.text === "free"))
    return true;
  if (item?.kind === "stop") return /^\p{Lu}/u.test(scan.tokens[item.from].text);
  // "pending review" where "pending" is a value: a value of the column is a word of a new one
  // (a value alone is no new value: the run needs a word of its own).
  if (item?.kind !== "scope" || !("column" in item.cond) || item.cond.column !== column)
    return false;
  if (item.cond.type === "text") return item.cond.op === "contains";
  // Not "for loaned": a value said with its preposition names rows.
  return item.cond.type === "values" && !AFTER_VALUE.has(scan.tokens[item.from].norm);
}

/** Verbs that say what a value is now, after the column named. */
const NOW_BEING = new Set(["is now", "are now", "should be", "should now be", "becomes"]);

/** The text column named right before a verb of being now, after whose rows it is. */
function columnStatedOf(scan: Scan, before: LexItem[]): string | undefined {
  const named = before.at(-1);
  if (named?.kind !== "column" || !("column" in named.ref)) return undefined;
  const rows = before.slice(0, -1);
  if (!rows.some((item) => item.kind === "scope")) return undefined;
  return scan.vocabulary.columns.get(named.ref.column)?.type === "text"
    ? named.ref.column
    : undefined;
}

const STATE_OPENINGS = new Set(["on", "in", "at", "off", "out", "under"]);

function opensState(scan: Scan, item: LexItem | undefined, next: LexItem | undefined): boolean {
  return (
    item?.kind === "stop" &&
    STATE_OPENINGS.has(scan.tokens[item.from].norm) &&
    next?.kind === "unknown" &&
    next.from === item.to
  );
}

/**
 * The text column a set verb names before this point of its sentence (the one right after the
 * verb, else the nearest column back to it), or undefined when the clause so far is not "set
 * <text column> …". `after`, the items after "to" (not given for a yes/no phrase there), can name
 * it too: by renaming, or by sharing a word with its values.
 */
function textColumnSet(scan: Scan, before: LexItem[], after?: LexItem[]): string | undefined {
  let column: string | undefined;
  for (let at = before.length - 1; at >= 0; at--) {
    const item = before[at];
    if (item.kind === "boundary" || item.kind === "join" || item.kind === "unknown") return;
    if (item.kind === "amount" || item.kind === "bool" || item.kind === "setText") return;
    if (item.kind === "column" && column === undefined && "column" in item.ref) {
      column = item.ref.column;
    }
    // "change brand Nimbus to …": the column named with the value that says which rows.
    if (item.kind === "scope" && column === undefined && item.cond.type === "values") {
      const named = scan.vocabulary.columnPhrases.get(scan.tokens[item.from].norm);
      if (named && "column" in named && named.column === item.cond.column) column = named.column;
    }
    if (item.kind === "verb") {
      // "set the plan of every APAC customer to Pro": the column right after the verb.
      let next = at + 1;
      while (before[next]?.kind === "stop") next++;
      const first = before[next];
      if (first?.kind === "column" && "column" in first.ref) column = first.ref.column;
      // Not "change Tiramisu to vegetarian": a yes/no column's name is no new name.
      // Not "move Ann Lowe's books to Z9" either: only a verb of naming renames.
      if (after && RENAMING.has(scan.tokens[item.to - 1].norm)) {
        // "Acme was renamed to …": the rows before the verb, in the passive.
        const start =
          before.findLastIndex((x, k) => k < at && (x.kind === "join" || x.kind === "boundary")) +
          1;
        const named = next < before.length ? before.slice(next) : before.slice(start, at);
        column ??= renamedColumn(scan, named);
      }
      if (after && item.verb === "set") {
        const said = columnOfWordsSaid(scan, after);
        // Not "rename the pizza to Big Pizza", where two pizzas would get one name.
        const rowsOfIt = before.some(
          (rows) => rows.kind === "scope" && "column" in rows.cond && rows.cond.column === said,
        );
        if (!rowsOfIt) column ??= said;
      }
      if (item.verb !== "set" || column === undefined) return;
      return scan.vocabulary.columns.get(column)?.type === "text" ? column : undefined;
    }
  }
  return undefined;
}

/**
 * "promote Aisha to Senior Analyst": a new value whose words include a word of one text column's
 * values ("Analyst" of Analyst) goes into that column.
 */
function columnOfWordsSaid(scan: Scan, after: LexItem[]): string | undefined {
  const run: LexItem[] = [];
  for (const item of after) {
    if (item.kind !== "unknown" && item.kind !== "scope") break;
    run.push(item);
  }
  const columns = new Set<string>();
  for (const item of run) {
    if (item.kind !== "scope") continue;
    const cond = item.cond;
    if ((cond.type === "values" || cond.type === "text") && "column" in cond)
      columns.add(cond.column);
    else return undefined;
  }
  const [column] = columns;
  // A word no value has, or words of several values ("Senior" of Senior Engineer, "Analyst").
  const fresh = run.some((item) => item.kind === "unknown") || run.length > 1;
  if (columns.size !== 1 || !fresh) return undefined;
  return scan.vocabulary.columns.get(column)?.type === "text" ? column : undefined;
}

/** Verbs that can give rows a new name. */
const RENAMING = new Set(["rename", "renamed", "change", "changed", "retitle", "relabel"]);

/**
 * "rename Tiramisu to Classic Tiramisu", "change the Tiramisu to …": the rows named by one value
 * of a text column and nothing else, before "to": that column gets the new value.
 */
function renamedColumn(scan: Scan, between: LexItem[]): string | undefined {
  const named = between.filter((item) => item.kind !== "stop");
  if (named.length !== 1) return undefined;
  // "rename the soup to …": a word of one value only ("Tomato Soup") names it as well.
  return (textValue(scan, named[0]) ?? onlyValueWithWord(scan, named[0]))?.cond.column;
}

/**
 * "raise the rate of double rooms by 10%": a verb word that is also a value of one column, in a
 * clause that has another verb or followed by a word for rows ("double rooms go up"), is that
 * value (a condition on the rows), not an action.
 */
export function readVerbsAsValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read = [...lexed];
  let start = 0;
  for (let at = 0; at <= read.length; at++) {
    const item = read[at];
    if (item && item.kind !== "boundary" && item.kind !== "join") continue;
    const verbs = read.slice(start, at).filter((each) => each.kind === "verb");
    for (const verb of verbs) {
      if (verb.to !== verb.from + 1) continue;
      // "double rooms go up by 10%": a word for rows right after it says it names them.
      const rows = ROW_NOUN_SET.has(scan.tokens[verb.to]?.norm ?? "");
      if (verbs.length < 2 && !rows) continue;
      const refs = scan.vocabulary.valuePhrases.get(scan.tokens[verb.from].norm);
      const columns = new Set(refs?.map((ref) => ref.column));
      if (!refs || columns.size !== 1) continue;
      read[read.indexOf(verb)] = {
        kind: "scope",
        cond: { type: "values", column: refs[0].column, values: [refs[0].value] },
        from: verb.from,
        to: verb.to,
      };
      break;
    }
    start = at + 1;
  }
  return read;
}

/**
 * "Cancel all events at the Park", "postpone the Lyon shows": a verb no rule knows, opening the
 * sentence, whose past participle is a value of one text column ("cancelled", "postponed") sets
 * that column to it. Made from the table's own values, so "close" works where a status can be
 * "closed", and nowhere else.
 */
export function readValueVerbs(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  let opening = true;
  for (const item of lexed) {
    const token = scan.tokens[item.from];
    // Unknown, or read as a misspelt value ("postpone" as "postponed").
    const guessed = item.kind === "unknown" || item.note !== undefined;
    const refs =
      opening && guessed && item.to === item.from + 1 && token.kind === "word"
        ? participleValue(scan, token.norm)
        : undefined;
    if (refs) {
      read.push(
        { kind: "verb", verb: "set", word: "set", from: item.from, to: item.from },
        { kind: "setText", refs, text: refs[0].value, from: item.from, to: item.to },
      );
    } else {
      read.push(item);
    }
    if (item.kind === "boundary" || item.kind === "join") opening = true;
    else if (item.kind !== "stop") opening = false;
  }
  return read;
}

/**
 * Verbs whose outcome is a state rather than their participle ("reactivate" → active, "launch" a
 * campaign → running): the first of the states the column has.
 */
const STATE_VERBS: Record<string, string[]> = {
  activate: ["active"],
  reactivate: ["active"],
  deactivate: ["inactive"],
  reopen: ["open"],
  resume: ["active", "running", "live", "open", "in progress"],
  unpause: ["active", "running", "live"],
  restart: ["running", "active", "live"],
  launch: ["live", "running", "active"],
  start: ["started", "running", "in progress", "active"],
  stop: ["stopped", "paused", "inactive"],
  halt: ["halted", "stopped", "paused"],
  finish: ["finished", "done", "complete", "completed"],
  complete: ["completed", "complete", "done"],
  // "close T-1" where tasks are "done".
  close: ["closed", "done", "resolved", "complete", "completed"],
  resolve: ["resolved", "closed", "done"],
  unfreeze: ["active", "open"],
  reinstate: ["active", "reinstated"],
  restore: ["active", "restored"],
  unblock: ["active", "open"],
  unlock: ["unlocked", "active", "open"],
};

/** Past participles that are not the verb and "ed": "send all drafts" makes them sent. */
const IRREGULAR_PARTICIPLES: Record<string, string> = {
  send: "sent",
  pay: "paid",
  sell: "sold",
  lose: "lost",
  win: "won",
  buy: "bought",
  hold: "held",
  write: "written",
  freeze: "frozen",
  hide: "hidden",
  break: "broken",
  steal: "stolen",
  forget: "forgotten",
  choose: "chosen",
};

/** The values of one text column that are `verb`'s past participle (or outcome), if any. */
function participleValue(scan: Scan, verb: string) {
  const last = verb.at(-1) ?? "";
  const irregular = IRREGULAR_PARTICIPLES[verb];
  const states = [...(irregular ? [irregular] : []), ...(STATE_VERBS[verb] ?? [])];
  // "deny" → denied, "verify" → verified; not "pay" (a vowel before the y).
  const ied = /[^aeiou]y$/.test(verb) ? [`${verb.slice(0, -1)}ied`] : [];
  for (const form of [`${verb}ed`, `${verb}d`, `${verb}${last}ed`, ...ied, ...states]) {
    const refs = scan.vocabulary.valuePhrases.get(form);
    if (refs && new Set(refs.map((ref) => ref.column)).size === 1) return refs;
  }
  return undefined;
}

/**
 * "Set msrp to cost × 1.8 for hinges": the plural of a word of one column's values (`valueWords`,
 * "Hinge M6") names the rows whose value has it — when nothing before it already names the rows.
 * After a value or a column ("Lab tests", "Portland shows", "sea view suites") the plural is the
 * rows' own noun, and stays unknown. A plural that names a text column of other things (a
 * manager column of names) is read so too.
 */
export function readPluralValueWords(scan: Scan, lexed: LexItem[]): LexItem[] {
  let previous: LexItem | undefined;
  return lexed.map((item) => {
    const token = scan.tokens[item.from];
    // Right after a value or a column ("Portland shows"), not after "of the" ("the cost of the
    // bulbs": the bulbs are the rows).
    const qualified =
      (previous?.kind === "scope" || previous?.kind === "column" || previous?.kind === "flag") &&
      previous.to === item.from;
    const word = item.to === item.from + 1 && token.kind === "word";
    let ref =
      word && !qualified && item.kind === "unknown"
        ? (singularValueWord(scan, token.norm) ?? keyWord(scan, token.norm))
        : undefined;
    // "raise the salary of all managers" where a manager column holds names and titles say
    // "Sales Manager": the rows are the managers, not a column the raise has no use for.
    const right = previous !== undefined && previous.to === item.from && qualified;
    if (word && !right && item.kind === "column" && "column" in item.ref) {
      const named = item.ref.column;
      const found = token.norm.endsWith("s")
        ? wordOfOtherValues(scan, token.norm.slice(0, -1), named)
        : undefined;
      const text = scan.vocabulary.columns.get(named)?.type === "text";
      if (found && text && named !== scan.vocabulary.keyColumn) ref = found;
    }
    const read: LexItem = ref
      ? {
          kind: "scope",
          cond: { type: "text", column: ref.column, op: "contains", value: ref.word },
          from: item.from,
          to: item.to,
        }
      : item;
    if (item.kind !== "stop") previous = read;
    return read;
  });
}

/**
 * A word of several-word values of one text column other than `named` ("manager" of "Sales
 * Manager"), as the values write it; the vocabulary's value words leave out words that name a
 * column.
 */
function wordOfOtherValues(scan: Scan, word: string, named: string) {
  let found: { column: string; word: string } | undefined;
  for (const [phrase, refs] of scan.vocabulary.valuePhrases) {
    const column = refs[0].column;
    if (column === named || !phrase.includes(" ") || phrase !== normPhrase(refs[0].value)) continue;
    if (refs.some((ref) => ref.column !== column) || !phrase.split(" ").includes(word)) continue;
    if (found && found.column !== column) return undefined;
    found = { column, word: wordAsWritten(refs[0].value, word) ?? word };
  }
  return found;
}

/** The word of `value` whose normal form is `word`, as the value writes it. */
function wordAsWritten(value: string, word: string): string | undefined {
  return value.split(/[^\p{L}\p{N}]+/u).find((part) => normPhrase(part) === word);
}

/** Keys read in full for a plural of their word, up to this many keys. */
const KEY_WORDS_SEARCHED = 50_000;

/**
 * "put croissants up": the plural of a word of keys that are names ("Croissant", "Almond
 * Croissant") names the rows whose key has it.
 */
function keyWord(scan: Scan, plural: string) {
  const { knownKeys, keyColumn } = scan.vocabulary;
  if (!knownKeys || knownKeys.size > KEY_WORDS_SEARCHED || !plural.endsWith("s")) return;
  for (const singular of plural.endsWith("es")
    ? [plural.slice(0, -1), plural.slice(0, -2)]
    : [plural.slice(0, -1)]) {
    if (singular.length < 4) continue;
    for (const key of knownKeys.values()) {
      const written = wordAsWritten(key, singular);
      if (written) return { column: keyColumn, word: written };
    }
  }
  return undefined;
}

function singularValueWord(scan: Scan, plural: string) {
  const { valueWords } = scan.vocabulary;
  if (plural.endsWith("es") && valueWords.has(plural.slice(0, -2))) {
    return valueWords.get(plural.slice(0, -2));
  }
  return plural.endsWith("s") ? valueWords.get(plural.slice(0, -1)) : undefined;
}
