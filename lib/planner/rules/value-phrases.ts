import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import { PLACE_AND_GOODS_NOUNS, ROW_NOUN_SET } from "./grammar-nouns";
import { STOP_WORDS } from "./grammar-tables";
import { GRAMMAR_WORDS, namedOnlyKey, normPhrase } from "./grammar-words";
import { numberForms, SHORT_UNITS, STOCK_FALSE, STOCK_TRUE } from "./name-forms";
import { COUNTRY_CODES, DEMONYMS } from "./place-names";
import type { Token } from "./tokenize";
import type { ValueRef } from "./vocabulary";

/**
 * `Vocabulary.valuePhrases`: the phrases that name values, of the columns of few values the
 * profile lists and of the text columns whose values the caller read from the table, with their
 * other forms (plurals, demonyms).
 */

/**
 * Words that only join an instruction's parts: a category value spelt so ("all", "none") is
 * found only after its column's name (`namedOnlyKey`).
 */
const JOINING_WORDS = new Set(
  "and or but not no none except to by from than then all every each any it its them they their the of in on at for with".split(
    " ",
  ),
);

/** Distinct values up to which a text column of a small table is read as a category. */
const FEW_VALUES = 12;

/** Grammar words that hold an instruction together, never read as a value. */
const STRUCTURE_WORDS = new Set([
  ...STOP_WORDS.filter((word) => !["new", "old", "other", "same"].includes(word)),
  ...["and", "or", "but", "not", "no", "none", "except", "to", "by", "from", "than", "then"],
  ...["over", "under", "above", "below", "between", "up", "down", "off", "more", "less"],
  ...["set", "make", "mark", "raise", "lower", "increase", "decrease", "cut", "change"],
  // Not "new", "old", "other", "same": a condition column's values ("new items"); before a
  // column they describe its values, which the grammar's value rule tells apart.
  ...["others", "rest", "them", "they", "it", "its", "their"],
]);

/** Two-letter English words, which a two-letter code of the same letters would shadow. */
const SHORT_WORDS = new Set(
  "am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we".split(" "),
);

const PLACE_AND_GOODS = new Set(PLACE_AND_GOODS_NOUNS);

/**
 * The key of a value written in capitals that is also a word ("IT", "US", "OR"): read as the
 * value only where the instruction writes it in capitals too ("cut IT contracts"), so "it" and
 * "or" keep their meaning. `markWrittenCodes` gives such tokens the same key.
 */
function writtenCodeKey(value: string): string | undefined {
  const code = value.trim();
  // A grade "A", a class "I": the letters that are words too.
  if (code === "A" || code === "I") return `${code.toLowerCase()}#`;
  if (!/^[A-Z]{2,4}$/.test(code)) return undefined;
  const word = code.toLowerCase();
  return SHORT_WORDS.has(word) || STRUCTURE_WORDS.has(word) || GRAMMAR_WORDS.has(word)
    ? `${word}#`
    : undefined;
}

/**
 * Tokens written as a capitalised code the table holds (see `writtenCodeKey`) read as it, and
 * numbers written with a scale letter ("10M") that are a value the table holds.
 */
export function markWrittenCodes(
  tokens: Token[],
  valuePhrases: ReadonlyMap<string, ValueRef[]>,
): void {
  // "10M" beside a size 10M is that size, not ten million.
  for (const token of tokens) {
    if (token.kind === "number" && /\p{L}$/u.test(token.text) && valuePhrases.has(token.norm)) {
      token.kind = "word";
      delete token.number;
    }
  }
  // An instruction in capitals throughout writes every word so.
  if (!tokens.some((token) => token.kind === "word" && /\p{Ll}/u.test(token.text))) return;
  tokens.forEach((token, at) => {
    if (token.kind !== "word") return;
    const key = writtenCodeKey(token.text);
    if (key === undefined || !valuePhrases.has(key)) return;
    // "A 10% discount for …": a sentence opens with the word, not the grade.
    const opening = at === 0 || /^[.;!?:]$/.test(tokens[at - 1].text);
    if (token.text.length === 1 && opening) return;
    token.norm = key;
  });
}

/** The phrases that name values of category-like columns and of the free-text columns read. */
export function valuePhraseMap(
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
      const codeKey = writtenCodeKey(value);
      if (codeKey !== undefined) addValue(codeKey, { column: column.name, value });
      // "a" and "i" are words: the grade or class is found only as written ("an A").
      if (phrase === "a" || phrase === "i") continue;
      // "all", "none": found only after the column's name ("where coverage is all").
      if (JOINING_WORDS.has(phrase)) addValue(namedOnlyKey(phrase), { column: column.name, value });
      else addValue(phrase, { column: column.name, value });
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
      const codeKey = writtenCodeKey(value);
      if (codeKey !== undefined) addValue(codeKey, { column: name, value });
      const grammarWord =
        GRAMMAR_WORDS.has(phrase) &&
        !ROW_NOUN_SET.has(phrase) &&
        !PLACE_AND_GOODS.has(phrase) &&
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
          !SHORT_UNITS.has(phrase));
      if (!phrase.includes(" ") && (grammarWord || (phrase.length < 3 && !code))) {
        if (JOINING_WORDS.has(phrase)) addValue(namedOnlyKey(phrase), { column: name, value });
        continue;
      }
      addValue(phrase, { column: name, value });
    }
  }
  addValueForms(valuePhrases);
  return valuePhrases;
}

/**
 * Words for a state that tables write as another word: where the table has the value (in one
 * column) and not the word, the word names it too ("R-103 is done" where tickets are "closed",
 * "the Lyon show was called off" where shows are "cancelled"). A word two values could mean is
 * left alone.
 */
const STATE_WORDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["closed", ["resolved", "done", "finished"]],
  ["completed", ["done", "finished", "complete"]],
  ["complete", ["done", "finished", "completed"]],
  ["cancelled", ["canceled", "called off", "scrapped"]],
  ["canceled", ["cancelled", "called off", "scrapped"]],
  ["in progress", ["ongoing", "underway", "under way"]],
];

function addStateWords(valuePhrases: Map<string, ValueRef[]>): void {
  const claimed = new Map<string, ValueRef[][]>();
  for (const [value, words] of STATE_WORDS) {
    const refs = valuePhrases.get(value);
    if (!refs || new Set(refs.map((ref) => ref.column)).size !== 1) continue;
    for (const word of words) {
      if (!valuePhrases.has(word)) claimed.set(word, [...(claimed.get(word) ?? []), refs]);
    }
  }
  for (const [word, claims] of claimed) if (claims.length === 1) valuePhrases.set(word, claims[0]);
}

/** Other ways to write each value, added only where they do not shadow an exact one. */
function addValueForms(valuePhrases: Map<string, ValueRef[]>): void {
  addStateWords(valuePhrases);
  // "projects that haven't started" where a status is "not started".
  for (const [phrase, refs] of [...valuePhrases]) {
    if (!phrase.startsWith("not ")) continue;
    for (const not of ["haven't", "hasn't", "havent", "hasnt", "isn't", "aren't"]) {
      const said = `${not} ${phrase.slice(4)}`;
      if (!valuePhrases.has(said)) valuePhrases.set(said, refs);
    }
  }
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
  // "orders from Germany" where a country column holds DE, and "German orders" too.
  for (const [phrase, refs] of [...valuePhrases]) {
    const code = /^[A-Z]{2}$/.test(refs[0].value.trim()) ? phrase.replace(/#$/, "") : "";
    const names = COUNTRY_CODES.get(code) ?? [];
    if (names.length === 0 || !refs.every((ref) => /country|nation/i.test(ref.column))) continue;
    for (const name of names) {
      for (const form of [name, ...(DEMONYMS.get(name) ?? [])]) {
        if (!valuePhrases.has(form)) valuePhrases.set(form, refs);
      }
    }
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
