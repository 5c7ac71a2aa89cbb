import { normPhrase } from "./grammar-words";
import { nameWords, VERB_FORMS } from "./name-forms";
import {
  type Matcher,
  matchWords,
  type Pattern,
  pattern,
  phraseCandidates,
  type Scan,
  words,
} from "./patterns";
import type { ColumnRef, ValueWord } from "./vocabulary";

/**
 * Patterns that capture a column the words imply rather than name: the table's one count of
 * stock ("in stock", "stock falls below"), its one age column ("drivers under 25"), and the
 * value words of one text column ("Decaf Beans").
 */

/** The columns of numbers with a word of their name that `named` accepts. */
function numberColumnsNamed(scan: Scan, named: (word: string) => boolean) {
  return [...scan.vocabulary.columns.values()].filter(
    (column) =>
      (column.type === "integer" || column.type === "number") &&
      column.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .some(named),
  );
}

/** Nouns for people, which "under 25" or "over 65" after them compares by age. */
const PEOPLE = new Set(
  (
    "people persons drivers driver holders holder policyholders customers clients members " +
    "employees staff students pupils patients users tenants guests players residents " +
    "applicants participants athletes workers children kids adults seniors passengers"
  ).split(" "),
);

/**
 * "drivers under 25", "members over 65": a word for people, then the table's one age column
 * (age, driver_age, Age (years)), captured without reading a further token.
 */
export function personAge(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    if (token?.kind !== "word" || !PEOPLE.has(token.norm)) return [];
    const age = ageColumn(scan);
    return age ? [{ end: at + 1, caps: { ...caps, [name]: { column: age } } }] : [];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/**
 * The table's one count of people signed up (enrolled, registrations, attendees), which "fewer
 * than 15 students" compares when the people are counted in a word of `PEOPLE`.
 */
export function headcountColumn(scan: Scan, noun: string): string | undefined {
  if (!PEOPLE.has(noun)) return undefined;
  const counts = numberColumnsNamed(scan, (word) => HEADCOUNT.test(word));
  return counts.length === 1 ? counts[0].name : undefined;
}

const HEADCOUNT =
  /^(?:enrolled|enrol?lments?|registered|registrations|attendees|attendance|participants|headcount|signups|booked|bookings)$/;

/** The table's one numeric column of ages (age, driver_age, Age (years), age_years). */
export function ageColumn(scan: Scan): string | undefined {
  const ages = numberColumnsNamed(scan, (word) => word === "age");
  return ages.length === 1 ? ages[0].name : undefined;
}

/** Names of a level that a count is checked against. */
export const THRESHOLD =
  /reorder|par[\W_]*level|safety|minimum|min[\W_]*(stock|qty|level)|threshold/i;

/** Words of the name of a count of stock (Stock Qty, units_on_hand, inventory). */
const STOCK_WORDS = new Set([
  "stock",
  "qty",
  "quantity",
  "inventory",
  "onhand",
  "hand",
  // As exported in German, Spanish, Italian, Dutch and Portuguese.
  "lagerbestand",
  "bestand",
  "existencias",
  "giacenza",
  "voorraad",
  "estoque",
]);

/**
 * The one numeric column, other than `except`, that counts stock; not a level it is checked
 * against (reorder_level, min_stock).
 */
export function stockCountColumn(scan: Scan, except?: string): string | undefined {
  const counts = numberColumnsNamed(scan, (word) => STOCK_WORDS.has(word)).filter(
    (column) => column.name !== except && !THRESHOLD.test(column.name),
  );
  return counts.length === 1 ? counts[0].name : undefined;
}

/** The table's one count of stock, captured without reading a token; no match without one. */
export function stockCount(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const count = stockCountColumn(scan);
    return count ? [{ end: at, caps: { ...caps, [name]: { column: count } } }] : [];
  };
  return pattern(match, { nullable: true });
}

/** "stock", "inventory": the table's one count of stock (Qty On Hand), captured under `name`. */
export function stockWord(name: string): Pattern {
  const word = words(
    "stock",
    "inventory",
    "stock level",
    "stock levels",
    "stock count",
    "stock on hand",
    "quantity",
    "quantity on hand",
    "units on hand",
    "on hand",
  );
  const match: Matcher = (scan, at, caps) => {
    const count = stockCountColumn(scan);
    if (!count) return [];
    return word(scan, at, caps).map((found) => ({
      end: found.end,
      caps: { ...found.caps, [name]: { column: count } },
    }));
  };
  return pattern(match, word.first);
}

/** A word of one text column's values (`Vocabulary.valueWords`). */
export function valueWord(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    if (token?.kind !== "word") return [];
    const { valueWords } = scan.vocabulary;
    // Only as the values write it: a plural ("Lab tests", "Portland shows") more often names
    // the rows themselves than the rows whose title has the word.
    const ref = valueWords.get(token.norm);
    if (!ref) return [];
    if (ref.capitals && !/^\p{Lu}+$/u.test(token.text)) return [];
    if (ref.titled && !titledName(scan, at)) return [];
    // "Decaf Beans" of "Decaf Beans 500g", "LED bulbs" of "LED Bulb A19": words that follow
    // each other in a value are one phrase, never two conditions (in an exception, two would
    // leave out every "… Beans"); the last may be a plural.
    const { phrase, end } = valuePhrase(scan, at, ref);
    // Capitals are also emphasis ("raise ALL prices") and say nothing in an instruction written
    // all in them: such a word is read only with the words after it that the value has ("LED
    // bulbs").
    if (ref.capitals && end === at + 1) return [];
    // A short word names its one value when written as a name is ("Ana", not "ana"), or as the
    // start of words of a value ("hex bolt" of "Hex bolt M6").
    const short = ref.value !== undefined;
    if (short && end === at + 1) {
      // A code ("9A") is written as it is.
      const written = /^\p{Lu}/u.test(token.text) || /\p{N}/u.test(token.text);
      return written ? [{ end, caps: { ...caps, [name]: ref } }] : [];
    }
    return [{ end, caps: { ...caps, [name]: { column: ref.column, word: phrase } } }];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/**
 * A name that is also a word, written as a name: capitalised, and not opening the instruction
 * before a column's name ("Max price" opens one about a limit; "Max is injured" is Max's news).
 */
function titledName(scan: Scan, at: number): boolean {
  const written = /^\p{Lu}\p{Ll}+(['’]s)?$/u.exec(scan.tokens[at].text);
  if (!written) return false;
  const next = scan.tokens[at + 1]?.norm ?? "";
  return at > 0 || written[1] !== undefined || !scan.vocabulary.columnPhrases.has(next);
}

/** The longest run of words from `at` that a value of the word's column has, in order. */
function valuePhrase(scan: Scan, at: number, ref: ValueWord): { phrase: string; end: number } {
  const { valueWords } = scan.vocabulary;
  let end = at + 1;
  let phrase = ref.word;
  for (;;) {
    const next = scan.tokens[end];
    if (next?.kind !== "word") break;
    const plural = next.norm.endsWith("s") && !valueWords.has(next.norm);
    const more = valueWords.get(plural ? next.norm.slice(0, -1) : next.norm);
    if (!more || more.column !== ref.column) break;
    const longer = `${phrase} ${more.word}`;
    // A whole value ("Blood Test") is the value rule's to read.
    if (scan.vocabulary.valuePhrases.has(normPhrase(longer))) break;
    if (!someValueHas(scan, ref.column, longer)) break;
    phrase = longer;
    end++;
    if (plural) break;
  }
  return { phrase, end };
}

/** Whether a value of `column` has `text` in it, ignoring case. */
function someValueHas(scan: Scan, column: string, text: string): boolean {
  const wanted = text.toLowerCase();
  for (const refs of scan.vocabulary.valuePhrases.values()) {
    for (const ref of refs) {
      if (ref.column === column && ref.value.toLowerCase().includes(wanted)) return true;
    }
  }
  return false;
}

/** The words a measure is read as a verb by ("sleeping", "aged", "rated"). */
export const MEASURE_VERBS = new Set(Object.values(VERB_FORMS).flat());

/**
 * A numeric column named by a verb of its measure ("suites sleeping 4", "drivers aged 30",
 * "parcels weighing 20 kg"), which a number right after it gives the value of.
 */
export function measureVerb(name: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    phraseCandidates(scan, at, 2).flatMap(({ phrase, end }) => {
      const ref = MEASURE_VERBS.has(phrase) ? scan.vocabulary.columnPhrases.get(phrase) : undefined;
      return ref ? [{ end, caps: { ...caps, [name]: ref } }] : [];
    });
  return pattern(match, { classes: new Set(["column"]) });
}

/**
 * The rest of a column's name, after the word a verb stood for, said after the number: "this
 * month" of sales_this_month in "sold fewer than 5 this month" is the count's period, not a
 * condition on the rows' dates.
 */
export function columnNameRest(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const ref = caps[name] as ColumnRef | undefined;
    if (!ref || !("column" in ref)) return [];
    const rest = nameWords(ref.column).slice(1);
    const end = rest.length > 0 ? matchWords(scan.tokens, at, rest) : undefined;
    return end === undefined ? [] : [{ end, caps }];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}
