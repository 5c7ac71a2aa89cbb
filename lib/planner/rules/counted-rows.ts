import { refuse } from "./draft";
import { namesEachRow } from "./given-to-one";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/** Words for things coming in or going out, told after the fact: "we received 500 washers". */
const MOVEMENTS = new Map<string, "increase" | "decrease">([
  ..."received got found bought restocked".split(" ").map((word) => [word, "increase"] as const),
  ..."shipped sold used".split(" ").map((word) => [word, "decrease"] as const),
]);

/** Words in the names of whole-number columns that are limits, not counts of what is there. */
const NOT_COUNTS =
  /(?:reorder|minimum|maximum|\bmin\b|\bmax\b|limit|threshold|target|\bpar\b|capacity|year|floor|rank|level|age)/;

/**
 * "add 10 baguettes", "remove 3 brownies", "we received 500 washers", "we shipped 200 hex
 * bolts": a whole number straight after a step verb (or a word of things coming in or going out)
 * and before a value naming the rows counts those rows' things, so it steps the table's column of
 * what there is. Read as an amount with no column, it was added to the price; with no such column
 * (or several) the instruction is refused.
 */
export function readCountedRows(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read = lexed.map((item, at) => asStepVerb(scan, item, lexed[at + 1]));
  const at = read.findIndex((_, k) => countsRows(scan, read, k));
  // A number column named says what is stepped; a yes/no one ("from the menu") cannot be.
  const named = read.some(
    (item) =>
      item.kind === "column" &&
      (!("column" in item.ref) || scan.vocabulary.columns.get(item.ref.column)?.type !== "boolean"),
  );
  if (at < 0 || named) return lexed;
  const counts = [...scan.vocabulary.columns.keys()].filter((name) => isCount(scan, name));
  const amount = read[at];
  const rows = read[at + 1];
  // "add 10 sourdough loaves to B-101": a kind of thing, counted on the rows named after it.
  const kind =
    rows.kind === "scope" &&
    (rows.cond.type === "text" || rows.cond.type === "values") &&
    !namesEachRow(scan, rows.cond.column);
  if (kind && read.some((item, k) => k > at + 1 && item.kind === "scope")) return lexed;
  // "add 2 doubles" names only a kind of row, of which a plan adds none.
  if (counts.length !== 1 || kind) {
    const said = scan.instruction.slice(scan.tokens[amount.from].start, scan.tokens[at + 1].end);
    refuse(
      `"${said}" counts things, but which column counts them? Name it, e.g. "add 10 to stock".`,
      [said],
    );
  }
  const column: LexItem = {
    kind: "column",
    ref: { column: counts[0] },
    from: amount.to,
    to: amount.to,
  };
  return [...read.slice(0, at + 1), column, ...read.slice(at + 1)];
}

/** A word of things coming in or going out, straight before a number, as a step verb. */
function asStepVerb(scan: Scan, item: LexItem, next: LexItem | undefined): LexItem {
  const way = MOVEMENTS.get(scan.tokens[item.from]?.norm ?? "");
  if (!way || (item.kind !== "unknown" && item.kind !== "stop") || item.to !== item.from + 1) {
    return item;
  }
  if (next?.kind !== "amount" || next.from !== item.to) return item;
  return { kind: "verb", verb: way, word: way, from: item.from, to: item.to };
}

function countsRows(scan: Scan, lexed: LexItem[], k: number): boolean {
  const [verb, amount, rows] = [lexed[k - 1], lexed[k], lexed[k + 1]];
  const stepped =
    verb?.kind === "verb" &&
    (verb.verb === "increase" || verb.verb === "decrease") &&
    verb.to === amount.from;
  const whole =
    amount.kind === "amount" &&
    (amount.mode === "bare" || amount.mode === "noun") &&
    amount.num.unit === "plain" &&
    Number.isInteger(amount.num.value);
  const named =
    rows?.kind === "scope" &&
    rows.from === amount.to &&
    (rows.cond.type === "text" || rows.cond.type === "values") &&
    scan.vocabulary.columns.get(rows.cond.column)?.type === "text";
  return stepped && whole && named;
}

/**
 * "anything under its reorder point gets 100 more", "items with less than 100 on hand get 50
 * more": a whole number "more" with no column, after rows chosen by having less than some number
 * of a count, tops that count up. It had gone on the price.
 */
export function readMoreOfCompared(scan: Scan, lexed: LexItem[]): LexItem[] {
  if (lexed.some((item) => item.kind === "column" || item.kind === "verb")) return lexed;
  const amounts = lexed.filter((item) => item.kind === "amount");
  const [amount] = amounts;
  if (amounts.length !== 1 || amount.kind !== "amount" || amount.mode !== "noun") return lexed;
  if (amount.num.unit !== "plain" || !Number.isInteger(amount.num.value)) return lexed;
  if (!scan.tokens.slice(amount.from, amount.to).some((token) => token.norm === "more")) {
    return lexed;
  }
  // Rows chosen before the amount, by having too few: topped up.
  const compared = lexed.flatMap((item) =>
    item.kind === "scope" &&
    item.to <= amount.from &&
    (item.cond.type === "columns" || item.cond.type === "compare") &&
    (item.cond.op === "lt" || item.cond.op === "lte")
      ? [item.cond.column]
      : [],
  );
  const [column] = compared;
  if (compared.length !== 1 || column === null || !isCount(scan, column)) return lexed;
  const at = lexed.indexOf(amount);
  const named: LexItem = { kind: "column", ref: { column }, from: amount.to, to: amount.to };
  return [...lexed.slice(0, at + 1), named, ...lexed.slice(at + 1)];
}

/** A whole-number column of what there is, not a limit: on_hand, units_left, seats. */
function isCount(scan: Scan, name: string): boolean {
  const { keyColumn, columns } = scan.vocabulary;
  return (
    columns.get(name)?.type === "integer" &&
    name !== keyColumn &&
    !NOT_COUNTS.test(name.toLowerCase().replace(/[_\s]+/g, " "))
  );
}

/** People coming or going, told after the fact: "three more students joined Algebra II". */
const JOINING = new Map<string, "increase" | "decrease">([
  ..."joined enrolled registered".split(" ").map((word) => [word, "increase"] as const),
  ..."dropped left withdrew quit".split(" ").map((word) => [word, "decrease"] as const),
]);

/** Words in the name of a column that counts who has joined. */
const PEOPLE_COUNT =
  /enrol|regist|attend|signup|sign up|particip|member|headcount|guest|booked|party|covers/;

/**
 * "three more students joined Algebra II", "two students dropped Intro to Biology": a number of
 * people (a word for rows of people, "students") who joined or left the rows steps the one count
 * of who has joined (enrolled, attendees …).
 */
export function readPeopleJoining(scan: Scan, lexed: LexItem[]): LexItem[] {
  const [amount, people, moved, ...rows] = lexed;
  const norm = (item: LexItem) => scan.tokens[item.from]?.norm ?? "";
  const added = peopleAdded(scan, lexed, norm);
  if (added) return added;
  if (amount?.kind !== "amount" || people?.kind !== "stop" || moved === undefined) return lexed;
  const way =
    moved.kind === "unknown" || moved.kind === "column" ? JOINING.get(norm(moved)) : undefined;
  if (!way || !Number.isInteger(amount.num.value) || amount.num.unit !== "plain") return lexed;
  if (!PEOPLE.has(norm(people)) || rows[0]?.kind !== "scope") return lexed;
  const counts = peopleCounts(scan);
  if (counts.length !== 1) return lexed;
  const { from, to } = moved;
  return [
    { kind: "verb", verb: way, word: way, from, to },
    { ...amount, mode: "by" },
    { kind: "column", ref: { column: counts[0] }, from: people.from, to: people.to },
    ...rows,
  ];
}

/** "add two guests to R-503": people added by a step verb are the count of them. */
function peopleAdded(scan: Scan, lexed: LexItem[], norm: (item: LexItem) => string) {
  // A column of people's names ("guest") is only the word for them here.
  const words = (item: LexItem) =>
    item.kind === "stop" ||
    (item.kind === "column" &&
      "column" in item.ref &&
      scan.vocabulary.columns.get(item.ref.column)?.type === "text");
  const at = lexed.findIndex(
    (item, k) =>
      words(item) &&
      PEOPLE.has(norm(item)) &&
      lexed[k - 1]?.kind === "amount" &&
      lexed[k - 2]?.kind === "verb" &&
      (lexed[k - 2] as { verb?: string }).verb !== "set",
  );
  const counts = at < 0 ? [] : peopleCounts(scan);
  const named = lexed.some((item, k) => item.kind === "column" && k !== at);
  if (counts.length !== 1 || named) return undefined;
  const { from, to } = lexed[at];
  const column: LexItem = { kind: "column", ref: { column: counts[0] }, from, to };
  return lexed.map((item, k) => (k === at ? column : item));
}

/** The counts named for who has joined, or how many came. */
function peopleCounts(scan: Scan): string[] {
  return [...scan.vocabulary.columns.keys()].filter(
    (name) => isCount(scan, name) && PEOPLE_COUNT.test(name.toLowerCase().replace(/_/g, " ")),
  );
}

const PEOPLE = new Set(
  "people students members guests attendees players participants kids children guest person student member".split(
    " ",
  ),
);
