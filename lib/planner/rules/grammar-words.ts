/**
 * Every word the grammar's phrases use ("raise", "under", "all", "except"…), collected as the
 * grammar is built. A one-word value of a free-text column that is also one of these words is
 * not looked up as a value: "new" in a condition column must not turn "new prices" into a filter.
 */
export const GRAMMAR_WORDS = new Set<string>();

/** Lower case without accents: "Café" → "cafe", "Rhône" → "rhone". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => LETTERS_WITHOUT_MARKS[letter]);
}

/** Letters that are not a letter and a mark, written as people without them type them. */
const LETTERS_WITHOUT_MARKS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/**
 * Lower case without accents; a possessive "'s" dropped (as the tokenizer drops it); runs of
 * spaces, underscores and hyphens become one space.
 */
export function normPhrase(text: string): string {
  return fold(text)
    .replace(/[’]/g, "'")
    .replace(/(\p{L})\.(?=\s|$)/gu, "$1")
    .replace(/'s\b/g, "")
    .replace(/[\s_-]+/g, " ")
    .trim();
}

/**
 * The key under which a value that is also a joining word ("all", "none") is found: only after
 * its column's name ("where coverage is all"), never where the word joins an instruction.
 */
export function namedOnlyKey(word: string): string {
  return `${word}=`;
}

/** Words that open a relative clause: after them, what the rows did says which rows. */
export const RELATIVE_WORDS: ReadonlySet<string> = new Set(["that", "who", "which"]);
