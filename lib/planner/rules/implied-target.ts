import { MEASURE_VERBS, stockCountColumn } from "./column-captures";
import { condColumn } from "./conditions";
import { ROW_NOUN_SET } from "./grammar-nouns";
import type { Item } from "./lex";
import { nameWords } from "./name-forms";
import { phraseCandidates, type Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * The column an action changes when the clause names none (action-values.ts asks): the one it
 * compares right after its verb, the stock count for things counted, the one it compares in a
 * table with no price.
 */

/** What of a clause's reading the implied column depends on (`Reading` has it). */
interface Clues {
  scan: Scan;
  items: { positive: Item[]; amounts: readonly Item[]; verbItem: Item | undefined };
}

/**
 * "homework marks under 60: +5" in a table with no price: the one numeric column the clause
 * compares is the one its amount changes; against another column too ("anything below its
 * reorder level gets 100 more" adds to the count on hand).
 */
export function onlyCompared({ items, scan }: Clues): string | undefined {
  const columns = new Set(
    items.positive.flatMap((item) =>
      item.kind === "scope" &&
      (item.cond.type === "compare" ||
        item.cond.type === "between" ||
        item.cond.type === "columns") &&
      item.cond.column &&
      !isStockState(scan, item.cond)
        ? [item.cond.column]
        : [],
    ),
  );
  const [column] = columns;
  return columns.size === 1 &&
    isNumeric(scan.vocabulary, column) &&
    !scan.vocabulary.timeColumns.has(column)
    ? column
    : undefined;
}

/** Nouns for things counted, after an amount: "add 100 units", "12 more pieces". */
const COUNT_NOUNS = new Set(["units", "pieces", "pcs", "items", "boxes", "cases", "packs"]);

/**
 * "add 100 units to parts below their reorder point": an amount of things counted is the
 * table's one count of stock, not its price. So is an amount of a thing the table names ("add
 * 10 sourdough loaves to B-101"), or, where nothing is stocked, how many were ordered.
 */
function countedThings({ items, scan }: Clues): string | undefined {
  let ofValue = false;
  const counted = items.amounts.some((amount) => {
    let at = amount.to;
    if (scan.tokens[at]?.norm === "more") at++;
    ofValue ||= items.positive.some(
      (item) => item.from === at && item.kind === "scope" && item.cond.type === "values",
    );
    return ofValue || COUNT_NOUNS.has(scan.tokens[at]?.norm ?? "");
  });
  if (!counted) return undefined;
  return stockCountColumn(scan) ?? (ofValue ? quantityColumn(scan) : undefined);
}

/**
 * "bump Hill Cafe's croissant order to 80": an amount said of an order is how many were ordered,
 * the table's one quantity column, not its price.
 */
function orderedQuantity({ items, scan }: Clues): string | undefined {
  // One order, in a number of things: "discount Brazil orders by 10%" lowers their price.
  const ofOrder = items.amounts.some(
    (amount) =>
      scan.tokens[amount.from - 1]?.norm === "order" &&
      amount.kind === "amount" &&
      amount.num.unit === "plain",
  );
  return ofOrder ? quantityColumn(scan) : undefined;
}

/** The table's one numeric column of how many (qty, quantity, units). */
function quantityColumn(scan: Scan): string | undefined {
  const quantities = [...scan.vocabulary.columns.keys()].filter(
    (name) =>
      isNumeric(scan.vocabulary, name) &&
      nameWords(name).some((word) => /^(?:qty|quantity|quantities|units)$/.test(word)),
  );
  return quantities.length === 1 ? quantities[0] : undefined;
}

/** The column of an amount of things counted or ordered (`countedThings`, `orderedQuantity`). */
export function countedOrOrdered(clues: Clues): string | undefined {
  return countedThings(clues) ?? orderedQuantity(clues);
}

const POINT_NOUNS = new Set(["points", "point", "pts"]);
const SCORE_WORDS = new Set(["score", "scores", "points", "marks", "mark", "rating", "ratings"]);

/**
 * "referrals get 5 extra points": points said of no column are the table's one column of scores,
 * marks or points, not its money. (Percentage points stay the named or priced column's.)
 */
export function scoredPoints({ items, scan }: Clues): string | undefined {
  const inPoints = items.amounts.some(
    (amount) =>
      POINT_NOUNS.has(scan.tokens[amount.to - 1]?.norm ?? "") &&
      scan.tokens[amount.to - 2]?.norm !== "percentage",
  );
  if (!inPoints) return undefined;
  const scored = [...scan.vocabulary.columns.keys()].filter(
    (name) =>
      isNumeric(scan.vocabulary, name) && nameWords(name).some((word) => SCORE_WORDS.has(word)),
  );
  return scored.length === 1 ? scored[0] : undefined;
}

const DETERMINERS = new Set(["the", "all", "every", "each", "any"]);

/**
 * "Clear late fees under 1", "raise bonus under 5 by 1": the column compared right after the
 * verb, with no other named, is the one the verb acts on as well as the rows' test.
 */
export function comparedRightAfterVerb({ items, scan }: Clues): string | undefined {
  const verbEnd = items.verbItem?.to;
  if (verbEnd === undefined) return undefined;
  // "give level 3 and above a 2% raise": who is given something, not what changes.
  if (items.verbItem?.kind === "verb" && items.verbItem.verb === "apply") return undefined;
  // "bump all midterms under 60", "cut every shift longer than 8 hours": determiners and words
  // for the rows may stand between.
  let start = verbEnd;
  const between = (norm: string) =>
    DETERMINERS.has(norm) || ROW_NOUN_SET.has(norm) || scan.vocabulary.rowNouns.has(norm);
  while (between(scan.tokens[start]?.norm ?? "")) start++;
  const compared = items.positive.find(
    (item) =>
      item.from === start &&
      item.kind === "scope" &&
      // "raise floor 3 rooms": one number names a place or a kind, not a bound on what changes.
      ((item.cond.type === "compare" && item.cond.op !== "eq") || item.cond.type === "between") &&
      item.cond.column !== undefined,
  );
  if (compared?.kind !== "scope" || isStockState(scan, compared.cond)) return undefined;
  const column = condColumn(scan, compared.cond);
  // Said by the column's own name ("midterms under 60", "a shift longer than 8 hours"), not by
  // a measure of the rows ("wines rated under 90", "with a rating under 90": the price changes).
  const startsWithIt = phraseCandidates(scan, compared.from, scan.vocabulary.maxPhraseWords).some(
    ({ phrase }) => {
      const ref = scan.vocabulary.columnPhrases.get(phrase);
      return (
        // A column's name as a verb ("rated", "hired") is a measure of the rows, never the target.
        !MEASURE_VERBS.has(phrase) && ref !== undefined && "column" in ref && ref.column === column
      );
    },
  );
  const longerThan = /^(?:longer|shorter)$/.test(scan.tokens[compared.from]?.norm ?? "");
  if (!startsWithIt && !longerThan) return undefined;
  // "Discount cars older than 2019": a year or a date says which rows, it is never stepped.
  return !scan.vocabulary.timeColumns.has(column) ? column : undefined;
}

/** "out of stock" or "in stock" where stock is counted: which rows, never what changes. */
export function isStockState(scan: Scan, cond: Extract<Item, { kind: "scope" }>["cond"]): boolean {
  return cond.type === "compare" && cond.value === 0 && cond.column === stockCountColumn(scan);
}
