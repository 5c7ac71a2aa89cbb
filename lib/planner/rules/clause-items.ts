import { stockCountColumn } from "./column-captures";
import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * What the readings of bare values (bare-values.ts) ask of a clause's items, the reading of a
 * number the rows are said to have, and terse notes ("Night Ferry: off display").
 */

export type Norm = (item: LexItem) => string;

/** Words that say what rows are, in a clause with no verb: "deals closing this month are high priority". */
export const BEING_WORDS = new Set(["is", "are"]);
export const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"]);
/** Items that are a new value, or make one. */
const NEW_VALUE_KINDS = new Set(["to", "amount", "bool", "setText", "goal", "unknown", "verb"]);

export type ValueScope = Extract<LexItem, { kind: "scope" }> & {
  cond: { type: "values"; column: string; values: string[] };
};

/** A scope of one value of a text column, or undefined. */
export function textValue(scan: Scan, item: LexItem | undefined): ValueScope | undefined {
  if (item?.kind !== "scope" || item.cond.type !== "values" || item.cond.values.length !== 1)
    return undefined;
  const text = scan.vocabulary.columns.get(item.cond.column)?.type === "text";
  return text ? (item as ValueScope) : undefined;
}

/** The value of a text column a scope names, as that column's new value. */
export function asSetText(value: ValueScope): LexItem {
  const { column, values } = value.cond;
  return {
    kind: "setText",
    refs: [{ column, value: values[0] }],
    text: values[0],
    from: value.from,
    to: value.to,
  };
}

/** The note the user sees for a value no row has yet. */
export function newValueNote(text: string, column: string): string {
  return `“${text}” is a new value: no row has it in ${column} yet.`;
}

/** A set verb where `item` stands: the clause is read as setting a value. */
export function setVerbAt(item: LexItem): LexItem {
  return { kind: "verb", verb: "set", word: "set", from: item.from, to: item.to };
}

/** The words from token `from` up to `to`, normalised and joined by spaces. */
export function wordsBetween(scan: Scan, from: number, to: number): string {
  return scan.tokens
    .slice(from, to)
    .map((token) => token.norm)
    .join(" ");
}

/** Whether the items give a new value already, or a verb that makes one. */
export function givesValue(items: readonly LexItem[]): boolean {
  return items.some(
    (item) => NEW_VALUE_KINDS.has(item.kind) || (item.kind === "flag" && item.marker !== null),
  );
}

/** Whether the items say which rows. */
export const namesRows = (items: readonly LexItem[]) => items.some((item) => item.kind === "scope");

/** The last item that is not a stop word. */
export function lastPlaced(items: readonly LexItem[]): number {
  let last = items.length - 1;
  while (last > 0 && items[last].kind === "stop") last--;
  return last;
}

const CONDITION_OPENERS = new Set(["if", "where", "when", "whenever", "for", "unless", "once"]);
const SENTENCE_ENDS = new Set([".", ";", "!"]);

/**
 * "Bath's price is 150", "the Bath trip now has 20 seats booked": in a clause with no verb, a
 * number of a column the rows are said to be or have, after them, is its new value; "out of
 * stock" where stock is counted is a count of none.
 */
export function statedNumber(scan: Scan, items: LexItem[], norm: Norm) {
  const last = lastPlaced(items);
  const stated = items[last];
  if (!endsStatement(scan, items) || stated?.kind !== "scope") return undefined;
  if (stated.cond.type !== "compare") return undefined;
  // "valuation of Harbour at Dusk = 130000": the column named before the rows.
  const named = items
    .slice(0, last)
    .find(
      (item) =>
        item.kind === "column" &&
        "column" in item.ref &&
        isNumeric(scan.vocabulary, item.ref.column),
    );
  const column =
    stated.cond.column ??
    (named?.kind === "column" && "column" in named.ref ? named.ref.column : null);
  if (column === null) return undefined;
  const having = items[last - 1];
  const has = having?.kind !== "scope" && /^(?:has|have)$/.test(norm(having ?? stated));
  // "the pothos is out of stock", "is sold out": a count of none, where stock is counted.
  const none =
    stated.cond.op === "lte" &&
    stated.cond.value === 0 &&
    stated.cond.column === stockCountColumn(scan) &&
    having?.kind === "stop" &&
    BEING_WORDS.has(norm(having));
  if (stated.cond.op !== "eq" && !none) return undefined;
  const spoken = scan.tokens.slice(stated.from, stated.to).map((token) => token.norm);
  if (!has && !none && !spoken.some((word) => BEING_WORDS.has(word) || word === "="))
    return undefined;
  const rows = items.slice(0, has || none ? last - 1 : last);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  const { value, unit } = stated.cond;
  const number = scan.tokens.slice(stated.from, stated.to).find((token) => token.kind === "number");
  const columnItem: LexItem[] =
    stated.cond.column === null
      ? []
      : [{ kind: "column", ref: { column }, from: stated.from, to: stated.from }];
  return [
    ...rows,
    setVerbAt(has || none ? having : stated),
    ...columnItem,
    {
      kind: "amount",
      mode: "to",
      num: { value, unit, text: number?.text ?? String(value) },
      from: stated.from,
      to: stated.to,
    },
    ...items.slice(last + 1),
  ] satisfies LexItem[];
}

/**
 * "the valuation of Harbour at Dusk is 130000": in a clause with no verb, a number said to be a
 * column of the rows named before it is its new value, as "is now" says.
 */
export function statedAmount(scan: Scan, items: LexItem[], norm: Norm) {
  const last = lastPlaced(items);
  const [amount, being] = [items[last], items[last - 1]];
  if (!endsStatement(scan, items) || amount?.kind !== "amount" || amount.mode !== "bare")
    return undefined;
  // "Zone C permits cost 70", "non-residents pay 150": the price said with its verb.
  const priced = being?.kind === "column" && "column" in being.ref && PRICE_VERBS.has(norm(being));
  if (!priced && (being?.kind !== "stop" || !BEING_WORDS.has(norm(being)))) return undefined;
  const rows = items.slice(0, last - 1);
  const named = rows.some(
    (item) =>
      item.kind === "column" && "column" in item.ref && isNumeric(scan.vocabulary, item.ref.column),
  );
  // "residents pay 50": before a price's verb, a yes/no phrase is who pays.
  const flagged = priced && rows.some((item) => item.kind === "flag");
  if (!(named || priced) || givesValue(rows) || !(namesRows(rows) || flagged)) return undefined;
  const verb = priced ? [{ ...setVerbAt(being), to: being.from }, being] : [setVerbAt(being)];
  return [...rows, ...verb, { ...amount, mode: "to" as const }, ...items.slice(last + 1)];
}

/**
 * A clause with no verb, not a condition, that ends its sentence: "if Bath's price is 150, raise
 * it" and "Bath has 20 booked, so cut its price" say what the rows of the change that follows are.
 */
function endsStatement(scan: Scan, items: LexItem[]): boolean {
  if (items.some((item) => item.kind === "verb")) return false;
  if (CONDITION_OPENERS.has(scan.tokens[items[0]?.from ?? 0]?.norm ?? "")) return false;
  const next = scan.tokens[items.at(-1)?.to ?? 0];
  return next === undefined || SENTENCE_ENDS.has(next.text);
}

const ARROWS = new Set(["->", "=>", "→"]);
/** Verbs of a price said after the rows. */
const PRICE_VERBS = new Set(["cost", "costs", "pay", "pays"]);

/**
 * "Night Ferry: off display", "Night Ferry -> South gallery": a sentence with no verb that names
 * rows, then after a colon what they are, or after an arrow what they become, sets it.
 */
export function readTerseAssignments(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(
    lexed,
    (sentence) => terseAssignment(scan, sentence) ?? nowStatement(scan, sentence) ?? sentence,
  );
}

/**
 * "Ruth now reports to Omar Vale", "Lia now in Sales": with no verb, the rows, "now", then one
 * value of a text column (said with the column's own words or not) is that column's new value.
 */
function nowStatement(scan: Scan, sentence: LexItem[]): LexItem[] | undefined {
  if (sentence.some((item) => item.kind === "verb")) return undefined;
  const at = sentence.findIndex(
    (item) => item.kind === "stop" && scan.tokens[item.from]?.norm === "now",
  );
  const rows = sentence.slice(0, Math.max(at, 0));
  const rest = sentence.slice(at + 1).filter((item) => item.kind !== "stop");
  const value = rest.length === 1 ? textValue(scan, rest[0]) : undefined;
  if (at <= 0 || !value || givesValue(rows) || !namesRows(rows)) return undefined;
  const said = sentence.slice(at + 1).map((item) => (item === value ? asSetText(value) : item));
  return [...rows, setVerbAt(sentence[at]), ...said];
}

function terseAssignment(scan: Scan, sentence: LexItem[]): LexItem[] | undefined {
  if (sentence.some((item) => item.kind === "verb")) return undefined;
  const at = sentence.findIndex(
    (item) =>
      (item.kind === "join" && scan.tokens[item.from]?.text === ":") ||
      (item.kind === "setText" && ARROWS.has(scan.tokens[item.from]?.text ?? "")),
  );
  const rows = sentence.slice(0, Math.max(at, 0));
  if (at <= 0 || givesValue(rows) || !namesRows(rows)) return undefined;
  const mark = sentence[at];
  const verb: LexItem = { kind: "verb", verb: "set", word: "set", from: mark.from, to: mark.from };
  if (mark.kind === "setText") return [...rows, verb, ...sentence.slice(at)];
  const rest = sentence.slice(at + 1);
  const placed = rest.filter((item) => item.kind !== "stop");
  const [flag] = placed;
  if (placed.length !== 1 || flag.kind !== "flag" || flag.marker !== null) return undefined;
  return [
    ...rows,
    { ...verb, to: mark.to },
    ...rest.map((item) => (item === flag ? { ...flag, marker: "as" as const } : item)),
  ];
}
