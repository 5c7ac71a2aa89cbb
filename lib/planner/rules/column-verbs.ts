import { givesValue, namesRows, setVerbAt, textValue } from "./clause-items";
import { normPhrase, RELATIVE_WORDS } from "./grammar-words";
import { type LexItem, readInParts } from "./lex";
import { columnsNamedBy } from "./name-forms";
import type { Scan } from "./patterns";
import { onlyValueWithWord } from "./to-word-values";
import type { ColumnRef } from "./vocabulary";

/**
 * "Set discount to 15%", "raise the discount by 5 points": a verb word ("discount") that is also
 * a column's name, straight after another verb, is that column: two verbs in a row is not what
 * anyone writes.
 */
export function readColumnVerbs(scan: Scan, lexed: LexItem[]): LexItem[] {
  let previous: LexItem | undefined;
  return lexed.map((item) => {
    const ref =
      item.kind === "verb" && previous?.kind === "verb" && item.to === item.from + 1
        ? columnNamedBy(scan, scan.tokens[item.from].norm)
        : undefined;
    const read: LexItem = ref ? { kind: "column", ref, from: item.from, to: item.to } : item;
    if (item.kind !== "stop") previous = read;
    return read;
  });
}

/** The one column whose name has the word ("Discount %", discount_pct), if only one has it. */
function columnNamedBy(scan: Scan, word: string): ColumnRef | undefined {
  const named = scan.vocabulary.columnPhrases.get(word);
  if (named) return named;
  const columns = columnsNamedBy(scan.vocabulary.columns.keys(), word);
  return columns.length === 1 ? { column: columns[0] } : undefined;
}

/**
 * "unassign BUG-101": "un" and the verb a text column is named for (assignee, assigned_to)
 * clears that column, when only one is named so.
 */
export function readUndoingVerbs(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.flatMap((item): LexItem[] => {
    const stem = /^un([a-z]{4,})$/.exec(scan.tokens[item.from]?.norm ?? "")?.[1];
    if (item.kind !== "unknown" || item.to !== item.from + 1 || !stem || stem.endsWith("ed")) {
      return [item];
    }
    const columns = [...scan.vocabulary.columns.values()].filter(
      (column) => column.type === "text" && column.name.toLowerCase().startsWith(stem),
    );
    if (columns.length !== 1) return [item];
    const { from, to } = item;
    return [
      { kind: "verb", verb: "clear", word: "clear", from, to },
      { kind: "column", ref: { column: columns[0].name }, from: to, to },
    ];
  });
}

/** Moves told after the fact, read only before "to": "switched accounts" are rows. */
const TOLD_MOVES = new Set(
  ["upgraded", "downgraded", "switched", "moved", "reassigned", "moving", "switching"]
    // "Acme advanced to negotiation".
    .concat(["advanced", "progressed"])
    .concat(
      // "Dan now reports to Eva Lind": whom someone reports to, as where they move.
      ["reports", "reporting"],
    ),
);

/**
 * "Initech upgraded to growth", "we switched milk to Farm Gate": a move told after the fact, with
 * "to" and a new value after it in its clause.
 */
export function readToldMoves(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read = lexed.map((item, at): LexItem => {
    const { from, to } = item;
    // "accounts that have been upgraded get …": a change the rows went through, with no value,
    // says which rows in words no column keeps; dropped, it left every row chosen.
    const relative = RELATIVE_WORDS.has(norm(scan, lexed[at - 1]));
    if (item.kind === "verb" && item.verb === "set" && relative) {
      return toFollows(scan, lexed, at) ? item : { kind: "unknown", from, to };
    }
    // "bookings that paid the deposit get …": what the rows did says which rows.
    if (item.kind === "flag" && item.ref.verb && relative) {
      return { ...item, ref: { ...item.ref, verb: false }, marker: null };
    }
    if (item.kind !== "unknown" || to !== from + 1) return item;
    if (!TOLD_MOVES.has(norm(scan, item)) || !toFollows(scan, lexed, at)) return item;
    return { kind: "verb", verb: "set", word: "set", from, to };
  });
  return reportsTo(scan, read);
}

/**
 * "Dan now reports to Eva Lind": whom someone reports to goes into the column of managers, though
 * the name is also in the column of names (where it would have renamed Dan).
 */
function reportsTo(scan: Scan, lexed: LexItem[]): LexItem[] {
  const at = lexed.findIndex((item) => item.kind === "verb" && REPORTS.has(norm(scan, item)));
  const managers = [...scan.vocabulary.columns.values()].filter(
    (column) => column.type === "text" && MANAGER.test(column.name.toLowerCase()),
  );
  if (at < 0 || managers.length !== 1) return lexed;
  const column = managers[0].name;
  // "Julia reports to Ravi", said of the rows just before it; not "everyone reporting to Ravi".
  const subject = lexed.slice(0, at).findLast((item) => norm(scan, item) !== "now");
  const stated = subject?.kind === "scope" && STATED_REPORTS.has(norm(scan, lexed[at]));
  const read: LexItem[] = [];
  lexed.forEach((item, k) => {
    if (k > at && item.kind === "setText" && !item.refs.some((ref) => ref.column === column)) {
      read.push({ ...item, refs: [], column });
      return;
    }
    // "reports to Ravi": the one manager with that name, said with its "to" as a new value is.
    const named =
      stated &&
      k > at &&
      item.kind === "scope" &&
      item.cond.type === "text" &&
      item.cond.column === column
        ? onlyValueWithWord(scan, item)
        : undefined;
    const value = named?.cond.values[0];
    const held = value && heldValue(scan, column, value);
    const to = read.at(-1)?.kind === "to" ? read.pop() : undefined;
    if (!held) {
      if (to) read.push(to);
      read.push(item);
    } else
      read.push({
        kind: "setText",
        refs: [held],
        text: value,
        from: (to ?? item).from,
        to: item.to,
      });
  });
  return read;
}

/** The value as the column holds it, if it does. */
function heldValue(scan: Scan, column: string, value: string) {
  return scan.vocabulary.valuePhrases.get(normPhrase(value))?.find((ref) => ref.column === column);
}

const REPORTS = new Set(["reports", "reporting"]);
const STATED_REPORTS = new Set(["reports", "report"]);
const MANAGER = /manager|supervisor|reports[\s_]*to|boss/;

/** Whether "to" follows the item in its clause, before another verb. */
function toFollows(scan: Scan, lexed: LexItem[], at: number): boolean {
  const after = lexed.slice(at + 1);
  const end = after.findIndex((next) => next.kind === "verb" || next.kind === "boundary");
  return (end < 0 ? after : after.slice(0, end)).some(
    (next) => next.kind === "to" || (next.kind === "setText" && norm(scan, next) === "to"),
  );
}

const norm = (scan: Scan, item: LexItem | undefined) => (item ? scan.tokens[item.from]?.norm : "");

/** Words for no value at all, after "set … to". */
const NOTHING = new Set(["blank", "empty", "nothing", "null", "none"]);

/**
 * "set calories to blank for desserts", "set the note to empty": setting a column to nothing
 * clears it.
 */
export function readSetToNothing(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => setToNothing(scan, clause), { clauses: true });
}

function setToNothing(scan: Scan, lexed: LexItem[]): LexItem[] {
  const at = lexed.findIndex(
    (item, k) =>
      item.kind === "to" &&
      (lexed[k + 1]?.kind === "unknown" || lexed[k + 1]?.kind === "stop") &&
      lexed[k + 1].to === lexed[k + 1].from + 1 &&
      NOTHING.has(scan.tokens[lexed[k + 1].from].norm),
  );
  const verbAt = lexed.findLastIndex((item, k) => k < at && item.kind === "verb");
  const verb = lexed[verbAt];
  if (at < 0 || verb?.kind !== "verb" || verb.verb !== "set") return lexed;
  const between = lexed.slice(verbAt + 1, at);
  if (!between.some((item) => item.kind === "column")) return lexed;
  const clear: LexItem = {
    kind: "verb",
    verb: "clear",
    word: "clear",
    from: verb.from,
    to: verb.to,
  };
  return [...lexed.slice(0, verbAt), clear, ...between, ...lexed.slice(at + 2)];
}

/** Verbs of what a person does for rows, and the column of who does it. */
const AGENT_VERBS: readonly [ReadonlySet<string>, RegExp][] = [
  [new Set(["manages", "manage", "managing", "supervises", "supervising"]), MANAGER],
  [new Set(["drives", "drive", "driving"]), /driver/],
  [new Set(["teaches", "teach", "teaching"]), /teacher|instructor|tutor|lecturer/],
  [new Set(["coaches", "coach", "coaching"]), /coach/],
  [new Set(["trains", "train", "training"]), /trainer/],
  [new Set(["owns", "own", "owning"]), /owner/],
];

/**
 * "Aisha now manages Finance", "Kim now drives the Prius", "Prof. Lee teaches Statistics": the
 * rows after the verb get her as their manager, driver or teacher, in the one column of them.
 * Read otherwise, Aisha had been moved to Finance.
 */
export function readManaging(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => managing(scan, clause) ?? clause, { clauses: true });
}

function managing(scan: Scan, items: LexItem[]): LexItem[] | undefined {
  const at = items.findIndex((item) =>
    AGENT_VERBS.some(([verbs]) => verbs.has(norm(scan, item) ?? "")),
  );
  const who = textValue(scan, items[0]) ?? onlyValueWithWord(scan, items[0]);
  const between = items.slice(1, at);
  if (at < 1 || !who || between.some((item) => item.kind !== "stop")) return undefined;
  const agent = AGENT_VERBS.find(([verbs]) => verbs.has(norm(scan, items[at]) ?? ""))?.[1];
  const managers = [...scan.vocabulary.columns.values()].filter(
    (column) => column.type === "text" && agent?.test(column.name.toLowerCase()),
  );
  const rows = items.slice(at + 1);
  if (managers.length !== 1 || !namesRows(rows) || givesValue(rows)) return undefined;
  const column = managers[0].name;
  const held = heldValue(scan, column, who.cond.values[0]);
  const value: LexItem = {
    kind: "setText",
    refs: held ? [held] : [],
    text: who.cond.values[0],
    ...(held ? {} : { column }),
    from: who.from,
    to: who.to,
  };
  return [setVerbAt(items[at]), ...rows, value];
}
