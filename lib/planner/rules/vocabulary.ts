import type { ColumnProfile, DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import { isNumericColumn } from "@/lib/plan/column-values";
import { resolveShorthand } from "@/lib/plan/shorthand";
import { AMOUNT_WORDS, addPriceNounNames, namesAmount } from "./amount-names";
import type { DateRange } from "./dates";
import { flagPhraseMap } from "./flag-phrases";
import { GRAMMAR_WORDS, normPhrase } from "./grammar-words";
import {
  addNounNamedNumbers,
  columnsNamedBy,
  DATE_VERBS,
  GENERIC_NAME_WORDS,
  isTimeUnit,
  KEY_NAME_WORDS,
  keyShape,
  nameForms,
  nameWords,
  numberForms,
  otherNamePhrases,
  participles,
  ROLE_WORDS,
  SHORT_UNITS,
  textShape,
  VERB_FORMS,
  wordAliases,
} from "./name-forms";
import { valuePhraseMap } from "./value-phrases";
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
  /**
   * Keys of several words ("Marco Rossi", "Chocolate Croissant") by their normalised phrase, as
   * the instruction's words are looked up; their longest, in words.
   */
  keyPhrases: Map<string, string>;
  maxKeyWords: number;
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
  /** 1900, or a column of years' earliest before it (a museum's works): read as years from there. */
  earliestYear: number;
  /** Words for the rows themselves, from the key column's name: "wine", "wines" for wine_id. */
  rowNouns: Set<string>;
  /**
   * A word of several-word values of one text column, that names nothing else: "pizza" of
   * "Margherita Pizza" → dish, with the word as the data writes it.
   */
  valueWords: Map<string, ValueWord>;
}

/** A word of one column's values; `value`, when only that value has it (a short name). */
export interface ValueWord {
  column: string;
  word: string;
  value?: string;
  /** An acronym that is also an English word ("LED"): only where written in capitals. */
  capitals?: true;
  /** A name that is also an English word ("Max"): only where written as a name (`titledName`). */
  titled?: true;
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
        ? [{ min: column.min, max: column.max, column: column.name }]
        : [],
    ),
    earliestYear: Math.min(
      1900,
      ...profile.columns.filter(({ name }) => timeColumns.get(name) === "year").map(yearOfMin),
    ),
    valueWords,
  };
}

const yearOfMin = (column: ColumnProfile) => Number(column.min);

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
        (namesAmount(nameWords(column.name)) ||
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
  for (const [phrase, column] of otherNamePhrases(profile)) {
    if (!columnPhrases.has(phrase)) columnPhrases.set(phrase, { column });
  }
  addNounNamedNumbers(profile, columnPhrases);
  for (const [word, column] of distinctiveNameWords(profile)) {
    const verbs = VERB_FORMS[word] ?? [];
    // "who have spent over 1,000": the verb's perfect names the column as its past does.
    const perfects = [word, ...verbs]
      .filter((form) => VERB_FORM_WORDS.has(form))
      .flatMap((verb) => HAVE.map((have) => `${have} ${verb}`));
    for (const form of [word, ...numberForms(word), ...verbs, ...perfects]) {
      if (!columnPhrases.has(form)) columnPhrases.set(form, { column });
    }
  }
  addCountedNouns(profile, columnPhrases);
  addTimeNames(profile, columnPhrases);
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
  addPriceNounNames(profile, columnPhrases);
  return { columnPhrases, keyNouns };
}

const HAVE = ["have", "has", "had"];
/** The words of `VERB_FORMS`, the only ones said after "have" ("have spent", "has given"). */
const VERB_FORM_WORDS = new Set(Object.entries(VERB_FORMS).flat(2));

/**
 * "with 10 or more gifts": what a count column counts names it (gift_count), though another
 * column's name has the word too (last_gift_date).
 */
function addCountedNouns(profile: DatasetProfile, columnPhrases: Map<string, ColumnRef>): void {
  for (const column of profile.columns) {
    const noun = column.type === "integer" ? countedNoun(nameWords(column.name)) : undefined;
    const plural = noun && (noun.endsWith("s") ? noun : numberForms(noun)[0]);
    if (plural && !columnPhrases.has(plural)) columnPhrases.set(plural, { column: column.name });
  }
}

/** "the cook time", "prep time": a numeric column of durations named by its unit (cook_minutes). */
function addTimeNames(profile: DatasetProfile, columnPhrases: Map<string, ColumnRef>): void {
  for (const column of profile.columns) {
    const words = nameWords(column.name);
    if (!isNumericColumn(column) || words.length < 2) continue;
    if (!isTimeUnit(words.at(-1) ?? "")) continue;
    const rest = words.slice(0, -1).join(" ");
    for (const phrase of [`${rest} time`, `${rest} times`]) {
      if (!columnPhrases.has(phrase)) columnPhrases.set(phrase, { column: column.name });
    }
  }
}

/** What a count column's name says it counts: gift_count, count_of_visits, num_orders. */
function countedNoun(words: readonly string[]): string | undefined {
  const rest = words.filter((word) => !["count", "num", "number", "no", "of"].includes(word));
  const counted =
    words.length > rest.length && words.some((word) => /^(count|num|number)$/.test(word));
  return counted && rest.length === 1 && rest[0].length >= 3 ? rest[0] : undefined;
}

/** Units of time a numeric column may count in (days_on_market, lead_time_days, hours_worked). */
const TIME_UNIT_WORDS = new Set(["days", "hours", "minutes", "weeks", "months", "years", "nights"]);

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
      if (word.length < 3 ? !SHORT_UNITS.has(word) : GENERIC_NAME_WORDS.has(word)) continue;
      // A grammar word names a column only when it is a noun of amounts ("cost" of unit_cost)
      // or a unit of time counted in numbers ("over 60 days" of days_on_market).
      const timeCount = TIME_UNIT_WORDS.has(word) && isNumericColumn(column);
      // A word of the grammar's phrases that is a measure's verb names it too ("given" of
      // total_given, though "given by" is the grammar's).
      const verb = word in VERB_FORMS;
      if (GRAMMAR_WORDS.has(word) && !AMOUNT_WORDS.has(word) && !timeCount && !verb) continue;
      byWord.set(word, [...(byWord.get(word) ?? []), column.name]);
    }
  }
  return new Map(
    [...byWord].flatMap(([word, names]) => (names.length === 1 ? [[word, names[0]]] : [])),
  );
}

function nonEmptySamples(profile: DatasetProfile, column: ColumnProfile): string[] {
  return profile.sampleRows
    .map((row) => row[column.index])
    .filter((cell) => cell !== undefined && cell.trim() !== "");
}

/** Longer keys are descriptions nobody types whole. */
const MAX_KEY_WORDS = 5;

/** Every key when they are known, and the shape and case of the sample keys. */
function keyFacts(
  profile: DatasetProfile,
  columns: Map<string, ColumnProfile>,
  knownKeys?: ReadonlySet<string>,
): Pick<Vocabulary, "knownKeys" | "keyPhrases" | "maxKeyWords" | "keyShapes" | "keyLettersUpper"> {
  const keyColumn = columns.get(profile.keyColumn);
  const keySource =
    knownKeys ?? (keyColumn?.distinctValues ? new Set(keyColumn.distinctValues) : undefined);
  const keySamples = keyColumn ? nonEmptySamples(profile, keyColumn) : [];
  // A table keyed by names is named by them, and a name is written with spaces, so it is not
  // one compact word: those keys are looked up phrase by phrase.
  const keyPhrases = new Map<string, string>();
  let maxKeyWords = 0;
  for (const key of keySource ?? []) {
    if (!/\s/.test(key.trim())) continue;
    const phrase = normPhrase(key);
    const words = phrase.split(" ").length;
    if (words > MAX_KEY_WORDS) continue;
    keyPhrases.set(phrase, key);
    maxKeyWords = Math.max(maxKeyWords, words);
  }
  return {
    knownKeys: keySource && new Map([...keySource].map((key) => [key.toLowerCase(), key])),
    keyPhrases,
    maxKeyWords,
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

/**
 * Integers between 1900 and 2100, or named as years and between 1000 and 2999 (a collection's
 * works from 1898 on).
 */
function holdsYears(column: ColumnProfile): boolean {
  const [min, max] = [Number(column.min), Number(column.max)];
  if (min >= 1900 && max <= 2100) return true;
  return nameWords(column.name).some((word) => YEAR_WORDS.test(word)) && min >= 1000 && max <= 2999;
}

/** Names of a column of years: "year", or when something came to be ("published", "built"). */
const YEAR_WORDS =
  /^(?:year|yr|published|built|founded|established|released|born|created|acquired|painted|written|composed|constructed|manufactured|opened)$/;

/** Columns of dates or years, and the verbs that name them ("hired" for hire_date). */
function timeFacts(profile: DatasetProfile, columnPhrases: Map<string, ColumnRef>) {
  const timeColumns = new Map<string, "date" | "year">();
  for (const column of profile.columns) {
    if (column.name === profile.keyColumn) continue;
    if (column.type === "date") timeColumns.set(column.name, "date");
    else if (column.type === "integer" && holdsYears(column)) timeColumns.set(column.name, "year");
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
  // Beside them, a table's one column of years says when a thing was made (a van's year against
  // its next service): "built before 2020".
  const years = [...timeColumns].filter(([, kind]) => kind === "year");
  if (only) {
    for (const verb of DATE_VERBS) {
      if (columnPhrases.has(verb) || datePhrases.has(verb)) continue;
      datePhrases.set(verb, years.length === 1 && MAKING_VERBS.has(verb) ? years[0][0] : only);
    }
  }
  return { timeColumns, datePhrases };
}

const MAKING_VERBS = new Set(["made", "built", "released", "published", "launched"]);

export function isNumeric(vocabulary: Vocabulary, column: string): boolean {
  const profile = vocabulary.columns.get(column);
  return profile !== undefined && isNumericColumn(profile);
}

/** Whether a column holds money: the price role's column, or one named like an amount. */
export function isMoneyColumn(vocabulary: Vocabulary, column: string): boolean {
  const price = vocabulary.roles.price;
  if (price && "column" in price && price.column === column) return true;
  return namesAmount(nameWords(column));
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
