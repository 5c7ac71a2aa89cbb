import type { DatasetProfile } from "@/lib/dataset/types";
import { isNumericColumn } from "@/lib/plan/column-values";
import { nameWords, numberForms } from "./name-forms";
import type { ColumnRef } from "./vocabulary";

/**
 * People call an amount of money by whichever word comes to mind: the weekend_rate is "the
 * weekend price", the late_fee "the late charge". These are the other names of the amount
 * columns, where no column has them already.
 */

/** Nouns of a price, any of which names a column whose name ends in another. */
const PRICE_NOUNS = ["price", "rate", "fee", "cost", "charge"];

/**
 * "bump weekend prices to 229" of weekend_rate: a column named for what is charged ("nightly
 * rate") answers to its first words with any price noun, singular or plural; and the noun alone
 * ("raise rates"), plural too, names the amount columns it ends, or asks which of them is meant.
 */
export function addPriceNounNames(
  profile: DatasetProfile,
  columnPhrases: Map<string, ColumnRef>,
): void {
  const byNoun = new Map<string, string[]>();
  for (const column of profile.columns) {
    const { name } = column;
    const words = nameWords(name);
    const noun = words.at(-1) ?? "";
    if (!isNumericColumn(column) || !PRICE_NOUNS.includes(noun) || !namesAmount(words)) continue;
    byNoun.set(noun, [...(byNoun.get(noun) ?? []), name]);
    if (words.length < 2) continue;
    const qualifier = words.slice(0, -1).join(" ");
    for (const other of PRICE_NOUNS) {
      for (const phrase of [`${qualifier} ${other}`, ...numberForms(`${qualifier} ${other}`)]) {
        if (!columnPhrases.has(phrase)) columnPhrases.set(phrase, { column: name });
      }
    }
  }
  for (const [noun, columns] of byNoun) {
    for (const word of [noun, ...numberForms(noun)]) {
      if (columnPhrases.has(word)) continue;
      columnPhrases.set(
        word,
        columns.length === 1 ? { column: columns[0] } : { ambiguous: columns, word },
      );
    }
  }
}

/** Words of a column name that make it an amount of money. */
export const AMOUNT_WORDS = new Set([
  "price",
  "prices",
  "cost",
  "rent",
  "salary",
  "salaries",
  "pay",
  "wage",
  "wages",
  "fee",
  "fees",
  "rate",
  "amount",
  "charge",
  "msrp",
  "tuition",
  "budget",
  "lease",
  "premium",
  "compensation",
  "balance",
  // "valuation_usd", "net_worth", "deal_value": what a thing is worth.
  "valuation",
  "value",
  "worth",
  "usd",
  "eur",
  "gbp",
]);

/**
 * What a rate is of when it is a share, not money: an interest rate is a percentage, where an
 * hourly or a nightly rate is a price.
 */
const SHARE_RATES = new Set(
  (
    "interest tax vat conversion click churn error growth success failure bounce open response " +
    "completion occupancy utilization utilisation discount commission win retention attrition " +
    "vacancy default exchange hit pass engagement return unemployment inflation defect turnover"
  ).split(" "),
);

/** Whether a column's name words name an amount of money ("hourly rate", not "interest rate"). */
export function namesAmount(words: readonly string[]): boolean {
  return words.some(
    (word, at) => AMOUNT_WORDS.has(word) && !(word === "rate" && SHARE_RATES.has(words[at - 1])),
  );
}
