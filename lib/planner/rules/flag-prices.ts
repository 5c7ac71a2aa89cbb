import type { LexItem } from "./lex";
import { nameWords } from "./name-forms";
import type { Scan } from "./patterns";

/**
 * "put Rain Shell on promo at 159", "put the fleece on sale at 49": the rows are switched onto
 * the yes/no phrase, and the amount after "at" is the price that goes with it (promo_price for
 * on_promo; else the price), as if the instruction went on "and set its promo price to 159". Read as it stood,
 * the phrase chose the rows (none yet on promo) and the amount went on the list price.
 */
export function readFlagPrices(scan: Scan, lexed: LexItem[]): LexItem[] {
  const [verb, ...rest] = lexed;
  const amount = rest.at(-1);
  const flag = rest.at(-2);
  if (verb?.kind !== "verb" || verb.verb !== "set" || !PUT.has(scan.tokens[verb.from].norm)) {
    return lexed;
  }
  if (flag?.kind !== "flag" || flag.marker !== null || !flag.ref.value) return lexed;
  if (amount?.kind !== "amount" || amount.mode !== "to" || amount.num.unit === "percent")
    return lexed;
  if (scan.tokens[amount.from].norm !== "at") return lexed;
  const price = scan.vocabulary.roles.price;
  const column =
    priceOfFlag(scan, flag.ref.column) ?? (price && "column" in price ? price.column : undefined);
  if (!column) return lexed;
  const at = { from: amount.from, to: amount.from };
  return [
    ...lexed
      .slice(0, -1)
      .map((item) => (item === flag ? { ...flag, marker: "as" as const } : item)),
    { kind: "join", word: "and", ...at },
    { kind: "verb", verb: "set", word: "set", ...at },
    { kind: "pronoun", ...at },
    { kind: "column", ref: { column }, ...at },
    amount,
  ];
}

const PUT = new Set(["put", "place"]);

/** The one numeric column sharing a word with the yes/no column (promo_price for on_promo). */
function priceOfFlag(scan: Scan, flagColumn: string): string | undefined {
  const words = new Set(nameWords(flagColumn).filter((word) => word.length > 2));
  const columns = [...scan.vocabulary.columns.values()].filter(
    (column) =>
      (column.type === "number" || column.type === "integer") &&
      nameWords(column.name).some((word) => words.has(word)),
  );
  return columns.length === 1 ? columns[0].name : undefined;
}
