import type { ColumnProfile, DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import { isNumericColumn } from "@/lib/plan/column-values";
import { resolveShorthand } from "@/lib/plan/shorthand";
import type { DateRange } from "./dates";
import { flagPhraseMap } from "./flag-phrases";
import { ROW_NOUNS, STOP_WORDS } from "./grammar-tables";
import { GRAMMAR_WORDS, normPhrase } from "./grammar-words";
import {
  AMOUNT_WORDS,
  columnsNamedBy,
  DATE_VERBS,
  DEMONYMS,
  GENERIC_NAME_WORDS,
  KEY_NAME_WORDS,
  keyShape,
  nameForms,
  nameWords,
  numberForms,
  participles,
  ROLE_WORDS,
  STOCK_FALSE,
  STOCK_TRUE,
  textShape,
  VERB_FORMS,
  wordAliases,
} from "./name-forms";
import { valueWordMap } from "./value-words";

/**
 * What the rules planner knows about one dataset: which words name its columns, which phrases
 * are values of its category-like columns, which words switch a boolean column (in stock / out
 * of stock), and what its keys look like. Everything comes from the profile, so the planner
 * works on any catalog, not only the seed's column names.
 */

/** A column a phrase names; `ambiguous` when a role word ("price") fits several columns. */
export type ColumnRef = { column: string } | { ambiguous: string[]; word: string };

export interface ValueRef {
  column: string;
  value: string;
}

export interface FlagRef {
  column: string;
  value: boolean;
  /** Named by its verb ("discontinue"): the phrase itself sets the flag. */
  verb?: boolean;
}

export interface Vocabulary {
  profile: DatasetProfile;
  columns: Map<string, ColumnProfile>;
  keyColumn: string;
  /** The column a role maps to; `ambiguous` lists the candidates when the profile has several. */
  roles: Partial<Record<ShorthandRole, { column: string } | { ambiguous: string[] }>>;
  /** Normalised phrase → the columns it names. */
  columnPhrases: Map<string, ColumnRef>;
  /** Normalised phrase → the values it names (several when two columns share a value). */
  valuePhrases: Map<string, ValueRef[]>;
  /** Normalised phrase → the boolean column and value it names ("out of stock" → in_stock=false). */
  flagPhrases: Map<string, FlagRef>;
  /** Longest phrase, in words, of any of the maps above. */
  maxPhraseWords: number;
  /** Lower-cased key → the key as the data writes it, when every key is known. */
  knownKeys?: Map<string, string>;
  /** Shapes of the sample keys (`L1D3` for A101). */
  keyShapes: Set<string>;
  keyLettersUpper: boolean;
  /** High-cardinality text columns → shapes of their sample values (`supplier-D`). */
  textShapes: Map<string, Set<string>>;
  /** Every single-word value phrase, for typo tolerance. */
  typoCandidates: Map<string, ValueRef[]>;
  /** Columns of dates (ISO) or of years (whole numbers between 1900 and 2100). */
  timeColumns: Map<string, "date" | "year">;
  /** Verbs naming a date column: "hired", "joined", "serviced" → its column. */
  datePhrases: Map<string, string>;
  /** The first and last day of each column of dates. */
  dateRanges: DateRange[];
  /** Words for the rows themselves, from the key column's name: "wine", "wines" for wine_id. */
  rowNouns: Set<string>;
  /**
   * A word of several-word values of one text column, that names nothing else: "pizza" of
   * "Margherita Pizza" → dish, with the word as the data writes it.
   */
  valueWords: Map<string, { column: string; word: string }>;
}

const cache = new WeakMap<
  DatasetProfile,
  { keys: unknown; values: unknown; vocabulary: Vocabulary }[]
>();

/**
 * The vocabulary of a dataset, kept per profile and key and value lists: reading thousands of
 * values takes longer than planning, and callers pass the same objects for one dataset version.
 */
export function vocabularyFor(
  profile: DatasetProfile,
  knownKeys?: ReadonlySet<string>,
  knownValues?: ReadonlyMap<string, readonly string[]>,
): Vocabulary {
  const entries = cache.get(profile) ?? [];
  const hit = entries.find((entry) => entry.keys === knownKeys && entry.values === knownValues);
  if (hit) return hit.vocabulary;
  const vocabulary = buildVocabulary(profile, knownKeys, knownValues);
  entries.push({ keys: knownKeys, values: knownValues, vocabulary });
  if (entries.length > 4) entries.shift();
  cache.set(profile, entries);
  return vocabulary;
}

function buildVocabulary(
  profile: DatasetProfile,
  knownKeys?: ReadonlySet<string>,
  knownValues?: ReadonlyMap<string, readonly string[]>,
): Vocabulary {
  const columns = new Map(profile.columns.map((column) => [column.name, column]));
  const roles = shorthandRoles(profile);
  const { columnPhrases, keyNouns } = columnPhraseMap(profile, roles);
  const valuePhrases = valuePhraseMap(profile, columns, knownValues);
  const flagPhrases = flagPhraseMap(profile, roles);
  const { timeColumns, datePhrases } = timeFacts(profile, columnPhrases);

  const typoCandidates = new Map<string, ValueRef[]>();
  for (const [phrase, refs] of valuePhrases) {
    if (!phrase.includes(" ") && phrase.length >= 4) typoCandidates.set(phrase, refs);
  }
  const rowNouns = new Set<string>(keyNouns);
  for (const word of nameWords(profile.keyColumn)) {
    if (word.length < 3 || KEY_NAME_WORDS.has(word) || GRAMMAR_WORDS.has(word)) continue;
    if (columnPhrases.has(word) || valuePhrases.has(word)) continue;
    for (const form of [word, ...numberForms(word)]) rowNouns.add(form);
  }
  const valueWords = valueWordMap(valuePhrases, columnPhrases, flagPhrases, rowNouns);
  const allPhrases = [...columnPhrases.keys(), ...valuePhrases.keys(), ...flagPhrases.keys()];
  const maxPhraseWords = Math.max(1, ...allPhrases.map((phrase) => phrase.split(" ").length));

  return {
    profile,
    columns,
    keyColumn: profile.keyColumn,
    roles,
    columnPhrases,
    valuePhrases,
    flagPhrases,
    maxPhraseWords,
    ...keyFacts(profile, columns, knownKeys),
    textShapes: textShapeMap(profile),
    typoCandidates,
    rowNouns,
    timeColumns,
    datePhrases,
    dateRanges: profile.columns.flatMap((column) =>
      column.type === "date" && column.min && column.max
        ? [{ min: column.min, max: column.max }]
        : [],
    ),
    valueWords,
  };
}

function shorthandRoles(profile: DatasetProfile): Vocabulary["roles"] {
  const roles: Vocabulary["roles"] = {};
  for (const role of ["price", "stock", "category", "key"] as const) {
    const resolution = resolveShorthand(profile, role);
    if (resolution.ok) roles[role] = { column: resolution.column };
    else if (resolution.reason === "ambiguous") roles[role] = { ambiguous: resolution.candidates };
  }
  // A table without a price column often has one amount people change (a salary, a rent, a
  // daily rate): it takes the price role in the planner's reading, so "give Sales a 3% raise"
  // needs no column name. Several such columns leave the role ambiguous, and the user names one.
  if (!roles.price) {
    const amounts = profile.columns.filter(
      (column) =>
        isNumericColumn(column) &&
        column.name !== profile.keyColumn &&
        (nameWords(column.name).some((word) => AMOUNT_WORDS.has(word)) ||
          // An order's total ("orders over 500"); not a total of hours or points.
          /^(?:order |grand |sub ?)?total$/.test(nameWords(column.name).join(" "))),
    );
    if (amounts.length === 1) roles.price = { column: amounts[0].name };
    else if (amounts.length > 1) roles.price = { ambiguous: amounts.map((column) => column.name) };
  }
  return roles;
}

/** The phrases that name each column, and the words a key column gives the rows. */
function columnPhraseMap(profile: DatasetProfile, roles: Vocabulary["roles"]) {
  const columnPhrases = new Map<string, ColumnRef>();
  // Column names first: a column literally called "price" wins over the role word "price".
  const keyNouns = new Set<string>();
  for (const column of profile.columns) {
    const words = nameWords(column.name);
    // A key column called "Room" or "Vehicle" names the rows, not a value to change.
    if (
      column.name === profile.keyColumn &&
      words.length === 1 &&
      !KEY_NAME_WORDS.has(words[0]) &&
      !(ROLE_WORDS.key as string[]).includes(words[0])
    ) {
      for (const form of nameForms(column.name)) keyNouns.add(form);
      continue;
    }
    for (const phrase of nameForms(column.name)) columnPhrases.set(phrase, { column: column.name });
    if (words.length === 1) {
      for (const form of VERB_FORMS[words[0]] ?? []) {
        if (!columnPhrases.has(form)) columnPhrases.set(form, { column: column.name });
      }
      for (const alias of wordAliases(words[0]).slice(1)) {
        for (const form of [alias, ...numberForms(alias)]) {
          if (!columnPhrases.has(form)) columnPhrases.set(form, { column: column.name });
        }
      }
    }
  }
  for (const [word, column] of distinctiveNameWords(profile)) {
    for (const form of [word, ...numberForms(word), ...(VERB_FORMS[word] ?? [])]) {
      if (!columnPhrases.has(form)) columnPhrases.set(form, { column });
    }
  }
  for (const [role, words] of Object.entries(ROLE_WORDS) as [ShorthandRole, string[]][]) {
    const resolved = roles[role];
    if (!resolved) continue;
    const roleColumns = "column" in resolved ? [resolved.column] : resolved.ambiguous;
    for (const word of words) {
      if (columnPhrases.has(word)) continue;
      // "stock" is the stock role's (Active) but also a word of "Stock Qty": either may be meant.
      const alsoNamed = columnsNamedBy(
        profile.columns.map((column) => column.name),
        word,
      ).filter((name) => !roleColumns.includes(name));
      const candidates = [...roleColumns, ...alsoNamed];
      columnPhrases.set(
        word,
        candidates.length === 1 ? { column: candidates[0] } : { ambiguous: candidates, word },
      );
    }
  }
  return { columnPhrases, keyNouns };
}

/** Units short enough to be skipped as words, that still name their column ("20 kg"). */
/** Units of time a numeric column may count in (days_on_market, lead_time_days, hours_worked). */
const TIME_UNIT_WORDS = new Set(["days", "hours", "minutes", "weeks", "months", "years", "nights"]);

const UNIT_WORDS = new Set(["kg", "km", "lb", "oz", "cm", "mm", "ml", "hr", "ft", "mi", "kw"]);

/**
 * A word of a column's name names it when no other column's name has that word: "rent" for
 * monthly_rent, "rate" for dailyRate, "hired" for hire_date. Not the key column's words ("wine"
 * of "Wine ID" is the table's noun, not a column) nor the grammar's.
 */
function distinctiveNameWords(profile: DatasetProfile): Map<string, string> {
  const byWord = new Map<string, string[]>();
  // "order" of "Order #" names the rows: "orders" must not name Order Date.
  const keyWords = new Set(nameWords(profile.keyColumn).flatMap(wordAliases));
  for (const column of profile.columns) {
    if (column.name === profile.keyColumn) continue;
    const words = nameWords(column.name);
    if (words.length < 2) continue;
    for (const word of new Set(words.flatMap(wordAliases))) {
      if (keyWords.has(word)) continue;
      if (word.length < 3 ? !UNIT_WORDS.has(word) : GENERIC_NAME_WORDS.has(word)) continue;
      // A grammar word names a column only when it is a noun of amounts ("cost" of unit_cost)
      // or a unit of time counted in numbers ("over 60 days" of days_on_market).
      const timeCount = TIME_UNIT_WORDS.has(word) && isNumericColumn(column);
      if (GRAMMAR_WORDS.has(word) && !AMOUNT_WORDS.has(word) && !timeCount) continue;
      byWord.set(word, [...(byWord.get(word) ?? []), column.name]);
    }
  }
  return new Map(
    [...byWord].flatMap(([word, names]) => (names.length === 1 ? [[word, names[0]]] : [])),
  );
}

/** Distinct values up to which a text column of a small table is read as a category. */
const FEW_VALUES = 12;

/** Grammar words that hold an instruction together, never read as a value. */
const STRUCTURE_WORDS = new Set([
  ...STOP_WORDS,
  ...["and", "or", "but", "not", "no", "none", "except", "to", "by", "from", "than", "then"],
  ...["over", "under", "above", "below", "between", "up", "down", "off", "more", "less"],
  ...["set", "make", "mark", "raise", "lower", "increase", "decrease", "cut", "change"],
  ...["new", "old", "same", "other", "others", "rest", "them", "they", "it", "its", "their"],
]);

/** Two-letter English words, which a two-letter code of the same letters would shadow. */
const SHORT_WORDS = new Set(
  "am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we".split(" "),
);

/** The phrases that name values of category-like columns and of the free-text columns read. */
const ROW_NOUN_SET = new Set(ROW_NOUNS);

function valuePhraseMap(
  profile: DatasetProfile,
  columns: Map<string, ColumnProfile>,
  knownValues?: ReadonlyMap<string, readonly string[]>,
): Map<string, ValueRef[]> {
  const valuePhrases = new Map<string, ValueRef[]>();
  const addValue = (phrase: string, ref: ValueRef) => {
    const list = valuePhrases.get(phrase) ?? [];
    if (!list.some((item) => item.column === ref.column && item.value === ref.value))
      list.push(ref);
    valuePhrases.set(phrase, list);
  };
  for (const column of profile.columns) {
    if (!isCategoryLike(column, profile)) continue;
    for (const value of column.distinctValues ?? []) {
      const phrase = normPhrase(value);
      if (phrase === "") continue;
      addValue(phrase, { column: column.name, value });
    }
  }
  // Values of free-text columns (names, cities, titles), when the caller read them from the
  // table. A one-word value that the grammar uses ("new", "all", "over") is left out, and so is
  // one that is only a number: those words mean what the grammar says. A noun for rows ("home",
  // "room") stays: a value of that name wins over it, as it does in a column of few values.
  // A table with no yes/no column of stock has no use for "available" and its kin as stock
  // words: there they are what a status says ("set room 202 to available").
  const stockWordsFree = !profile.columns.some(
    (column) => column.type === "boolean" && column.name === profile.shorthand?.stock,
  );
  const stockWords = new Set([...STOCK_TRUE, ...STOCK_FALSE]);
  for (const [name, values] of knownValues ?? []) {
    const column = columns.get(name);
    if (column?.type !== "text" || name === profile.keyColumn) continue;
    if (isCategoryLike(column, profile)) continue;
    // A column of a few values is a category the table is too small for the profile to list:
    // its values are read as a category's are, grammar's content words too ("premium" cars,
    // "double" rooms); only the words that hold an instruction together are left out.
    const few = new Set(values).size <= FEW_VALUES;
    for (const value of values) {
      const phrase = normPhrase(value);
      if (phrase === "" || /^[\d\s.,]+$/.test(phrase)) continue;
      const grammarWord =
        GRAMMAR_WORDS.has(phrase) &&
        !ROW_NOUN_SET.has(phrase) &&
        !(stockWordsFree && stockWords.has(phrase)) &&
        !(few && !STRUCTURE_WORDS.has(phrase));
      // Two letters are too short to be a name, unless written as a code ("NA", "UK", "HR").
      // One capital of a column of few values is a grade or a class ("B", "C"), except the
      // letters that are words ("a", "I").
      // Two letters of a column of few values are a name or a size ("li", "XL"), except words.
      const code =
        (/^[A-Z]{2}$/.test(value.trim()) && !SHORT_WORDS.has(phrase)) ||
        (few && /^[B-HJ-Z]$/.test(value.trim())) ||
        (few &&
          /^[a-z]{2}$/i.test(value.trim()) &&
          !SHORT_WORDS.has(phrase) &&
          !UNIT_WORDS.has(phrase));
      if (!phrase.includes(" ") && (grammarWord || (phrase.length < 3 && !code))) continue;
      addValue(phrase, { column: name, value });
    }
  }
  addValueForms(valuePhrases);
  return valuePhrases;
}

/** Other ways to write each value, added only where they do not shadow an exact one. */
function addValueForms(valuePhrases: Map<string, ValueRef[]>): void {
  // "part-time" and "parttime", "e-mail" and "email": a value written with a space or hyphen is
  // also found without it.
  for (const [phrase, refs] of [...valuePhrases]) {
    if (!phrase.includes(" ")) continue;
    const compact = phrase.replaceAll(" ", "");
    if (!valuePhrases.has(compact) && !GRAMMAR_WORDS.has(compact)) valuePhrases.set(compact, refs);
  }
  // "R&D", "AT&T", "B+": read as the tokens they are written in ("r & d").
  for (const [phrase, refs] of [...valuePhrases]) {
    const spaced = phrase.replace(/\s*([&+/])\s*/g, " $1 ").trim();
    if (spaced !== phrase && !valuePhrases.has(spaced)) valuePhrases.set(spaced, refs);
  }
  // "French wines" for France, "north american customers" for North America.
  for (const [phrase, refs] of [...valuePhrases]) {
    for (const adjective of DEMONYMS.get(phrase) ?? []) {
      if (!valuePhrases.has(adjective)) valuePhrases.set(adjective, refs);
    }
  }
  // Plural and singular forms.
  for (const [phrase, refs] of [...valuePhrases]) {
    for (const form of numberForms(phrase)) {
      if (!valuePhrases.has(form)) valuePhrases.set(form, refs);
    }
  }
}

function nonEmptySamples(profile: DatasetProfile, column: ColumnProfile): string[] {
  return profile.sampleRows
    .map((row) => row[column.index])
    .filter((cell) => cell !== undefined && cell.trim() !== "");
}

/** Every key when they are known, and the shape and case of the sample keys. */
function keyFacts(
  profile: DatasetProfile,
  columns: Map<string, ColumnProfile>,
  knownKeys?: ReadonlySet<string>,
): Pick<Vocabulary, "knownKeys" | "keyShapes" | "keyLettersUpper"> {
  const keyColumn = columns.get(profile.keyColumn);
  const keySource =
    knownKeys ?? (keyColumn?.distinctValues ? new Set(keyColumn.distinctValues) : undefined);
  const keySamples = keyColumn ? nonEmptySamples(profile, keyColumn) : [];
  return {
    knownKeys: keySource && new Map([...keySource].map((key) => [key.toLowerCase(), key])),
    // Only codes have a shape worth matching: keys that are words ("Croissant") would make any
    // word of that length an unknown key ("products").
    keyShapes: new Set(
      keySamples.filter((key) => /\d/.test(key) || !/[a-z]/.test(key)).map((key) => keyShape(key)),
    ),
    keyLettersUpper: keySamples.length > 0 && keySamples.every((key) => key === key.toUpperCase()),
  };
}

/** High-cardinality text columns → the shapes of their code-like sample values. */
function textShapeMap(profile: DatasetProfile): Map<string, Set<string>> {
  const textShapes = new Map<string, Set<string>>();
  for (const column of profile.columns) {
    if (column.type !== "text" || column.distinctValues || column.name === profile.keyColumn)
      continue;
    const shapes = new Set(
      nonEmptySamples(profile, column)
        .filter((value) => /\d/.test(value) && !/\s/.test(value))
        .map((value) => textShape(value)),
    );
    if (shapes.size > 0) textShapes.set(column.name, shapes);
  }
  return textShapes;
}

/** Columns of dates or years, and the verbs that name them ("hired" for hire_date). */
function timeFacts(profile: DatasetProfile, columnPhrases: Map<string, ColumnRef>) {
  const timeColumns = new Map<string, "date" | "year">();
  for (const column of profile.columns) {
    if (column.name === profile.keyColumn) continue;
    if (column.type === "date") timeColumns.set(column.name, "date");
    else if (
      column.type === "integer" &&
      Number(column.min) >= 1900 &&
      Number(column.max) <= 2100
    ) {
      timeColumns.set(column.name, "year");
    }
  }
  const datePhrases = new Map<string, string>();
  for (const [name] of timeColumns) {
    for (const word of nameWords(name)) {
      // A grammar word too ("starts", of "starts with"): a date phrase is read only before a date.
      if (word.length < 3 || GENERIC_NAME_WORDS.has(word)) continue;
      // A date phrase is read only before a date, so "renewed" names renewal_date in "renewed
      // after May" even where it names auto_renew elsewhere.
      for (const form of participles(word)) datePhrases.set(form, name);
    }
  }
  // With one column of dates, the verbs people use for "when it happened" all name it.
  const dateColumns = [...timeColumns].filter(([, kind]) => kind === "date");
  const only =
    dateColumns.length === 1
      ? dateColumns[0][0]
      : timeColumns.size === 1
        ? [...timeColumns.keys()][0]
        : undefined;
  if (only) {
    for (const verb of DATE_VERBS)
      if (!columnPhrases.has(verb) && !datePhrases.has(verb)) datePhrases.set(verb, only);
  }
  return { timeColumns, datePhrases };
}

/**
 * Columns whose values can name rows in an instruction: text columns with a short list of
 * distinct values ("fitness", "poetry"), never the key.
 */
function isCategoryLike(column: ColumnProfile, profile: DatasetProfile): boolean {
  return (
    column.type === "text" &&
    column.name !== profile.keyColumn &&
    column.distinctValues !== undefined &&
    column.distinctValues.length > 0
  );
}

export function isNumeric(vocabulary: Vocabulary, column: string): boolean {
  const profile = vocabulary.columns.get(column);
  return profile !== undefined && isNumericColumn(profile);
}

/** Whether a column holds money: the price role's column, or one named like an amount. */
export function isMoneyColumn(vocabulary: Vocabulary, column: string): boolean {
  const price = vocabulary.roles.price;
  if (price && "column" in price && price.column === column) return true;
  return nameWords(column).some((word) => AMOUNT_WORDS.has(word));
}

/**
 * A percentage as a column of percentages holds it: 10% is 10, or 0.1 when its values are
 * fractions (none above 1); undefined when the column does not hold percentages.
 */
export function percentOf(
  vocabulary: Vocabulary,
  column: string,
  num: { value: number; unit: string },
): number | undefined {
  const percents =
    num.unit === "percent" &&
    isNumeric(vocabulary, column) &&
    /(?:^|[^a-z])(?:pct|percent|percentage)(?:[^a-z]|$)|%/i.test(column);
  if (!percents) return undefined;
  const fractions = Number(vocabulary.columns.get(column)?.max) <= 1;
  return fractions ? Number((num.value / 100).toFixed(12)) : num.value;
}
