/**
 * What there is of the rows, said as a count: "we have 35 hinges", "only 35 hinges left", "we
 * counted 35 hinges", "we're out of cabinet handles"; and what sold leaves it ("Chablis sold 6
 * bottles").
 */

import { setVerbAt, wordsBetween } from "./clause-items";
import { headcountColumn, stockCountColumn } from "./column-captures";
import { refuse } from "./draft";
import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";

/** Words before the count that say it is what there is. */
const HAVING = new Set([
  "we have",
  "we've got",
  "we have got",
  "we now have",
  "we counted",
  "counted",
  "there are",
  "there are now",
  "there're",
  "now there are",
  "only",
  "just",
  "there are only",
  "we have only",
  "we only have",
  "",
]);

/** Words after the rows that say the count is what is left. */
const LEFT = new Set(["", "now", "left", "left now", "remaining", "on hand"]);

/** Words of having none of the rows left. */
const NONE_LEFT = new Set(["we're out of", "we are out of", "we ran out of", "we've run out of"]);

/**
 * "we have 35 hinges", "there are 35 hinges now", "only 35 hinges left", "we counted 35
 * hinges": a whole number straight before the rows, said as what there is of them, is their new
 * count of stock, where the table counts it. "we're out of cabinet handles" is a count of none.
 * A bare count needs words of having or of what is left ("35 hinges" alone says nothing).
 */
export function readStockCounts(scan: Scan, lexed: LexItem[]): LexItem[] {
  const stock = stockCountColumn(scan);
  if (!stock) return lexed;
  return readInParts(lexed, (clause) => stockCount(scan, clause, stock) ?? clause, {
    clauses: true,
  });
}

function stockCount(scan: Scan, items: LexItem[], stock: string): LexItem[] | undefined {
  const said = (from: number, to: number) => wordsBetween(scan, from, to);
  const rowsAt = items.findIndex((item) => item.kind === "scope");
  const rows = items[rowsAt];
  if (!rows || items.slice(rowsAt + 1).some((item) => item.kind !== "stop")) return undefined;
  const start = items[0].from;
  const after = said(rows.to, items.at(-1)?.to ?? rows.to);
  const amount = items[rowsAt - 1];
  const counted =
    amount?.kind === "amount" &&
    amount.mode === "bare" &&
    amount.num.unit === "plain" &&
    Number.isInteger(amount.num.value) &&
    amount.to === rows.from;
  const before = said(start, counted ? amount.from : rows.from);
  const none = !counted && NONE_LEFT.has(before) && after === "";
  if (!none && !(counted && HAVING.has(before) && LEFT.has(after))) return undefined;
  // "35 hinges" with nothing around it is not news of a count.
  if (counted && before === "" && after === "") return undefined;
  const value = counted ? amount.num.value : 0;
  // Items as wide as nothing sit where a word is (not past the last), as other readers look it up.
  const at = counted ? amount.from : rows.from;
  const count: LexItem = {
    kind: "amount",
    mode: "to",
    num: { value, unit: "plain", text: String(value) },
    from: at,
    to: counted ? amount.to : at,
  };
  const column: LexItem = { kind: "column", ref: { column: stock }, from: at, to: at };
  const stops = (from: number, to: number): LexItem[] =>
    to > from ? [{ kind: "stop", from, to }] : [];
  return [
    { ...setVerbAt(items[0]), to: start },
    ...stops(start, counted ? amount.from : rows.from),
    count,
    column,
    rows,
    ...stops(rows.to, items.at(-1)?.to ?? rows.to),
  ];
}

const FEWER = new Set(["fewer", "fewest"]);

/** Plurals after a number that are not things counted in stock. */
const NOT_STOCK = new Set(
  "dollars euros pounds cents pence bucks yen francs days weeks months years hours minutes seconds points percent times kilos grams litres liters metres meters miles".split(
    " ",
  ),
);

/**
 * "wines with at least 100 bottles", "items with over 50 units": a comparison that names no
 * column, followed by what is counted, compares the count of stock. Read without the noun, it had
 * compared the price.
 */
export function readCountedComparisons(scan: Scan, lexed: LexItem[]): LexItem[] {
  const stock = stockCountColumn(scan);
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const [item, noun] = [lexed[at], lexed[at + 1]];
    const word = pluralNoun(scan, noun) ?? "";
    const cond = item.kind === "scope" && item.cond.type === "compare" ? item.cond : undefined;
    const counted =
      cond !== undefined &&
      cond.column === null &&
      cond.unit === "plain" &&
      noun?.from === item.to &&
      word !== "" &&
      !NOT_STOCK.has(word);
    // "courses with fewer than 15 students": the count of those signed up.
    const column = counted ? (headcountColumn(scan, word) ?? stock) : undefined;
    const fewer = scan.tokens.slice(item.from, item.to).some((token) => FEWER.has(token.norm));
    if (counted && !column && fewer) {
      // "Fewer" counts: read without the noun, it had compared the price.
      const said = wordsBetween(scan, item.from, noun.to);
      refuse(`"${said}": which column counts the ${word}? Name it.`, [said]);
    }
    if (!column || !cond) {
      read.push(item);
      continue;
    }
    read.push({ kind: "scope", cond: { ...cond, column }, from: item.from, to: noun.to });
    at++;
  }
  return read;
}

/**
 * "Chablis sold 6 bottles", "we sold 6 bottles of Chablis": with no count of sales, a whole
 * number sold (and the plural it is counted in) leaves the table's one count of stock.
 */
export function soldFromStock(
  scan: Scan,
  amount: LexItem | undefined,
  unit: LexItem | undefined,
): LexItem | undefined {
  const counted =
    amount?.kind === "amount" && amount.mode === "bare" && amount.num.unit === "plain";
  const stock = counted && Number.isInteger(amount.num.value) ? stockCountColumn(scan) : undefined;
  if (!amount || !stock) return undefined;
  if (unit && unit.kind !== "stop" && unit.kind !== "scope" && unit.kind !== "boundary")
    return undefined;
  const to = unit && pluralNoun(scan, unit) !== undefined ? unit.to : amount.to;
  return { kind: "column", ref: { column: stock }, from: amount.to, to };
}

/** The one word of a stop item that is a plural a number may be counted in ("bottles"). */
function pluralNoun(scan: Scan, item: LexItem | undefined): string | undefined {
  if (item?.kind !== "stop" || item.to !== item.from + 1) return undefined;
  const word = scan.tokens[item.from].norm;
  return /^[a-z]{3,}s$/.test(word) ? word : undefined;
}
