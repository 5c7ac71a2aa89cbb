import { GRAMMAR_WORDS, normPhrase } from "./grammar-words";
import type { ColumnRef, FlagRef, ValueRef, Vocabulary } from "./vocabulary";

/**
 * `Vocabulary.valueWords`: words of one column's values only, four letters or more; and three-
 * letter words that only one value has ("Ana" of Ana Ruiz, "Lee" of Lee Chan), which name that
 * value, read only where the instruction writes them capitalised, as names are; and codes of
 * letters and digits that only one value has ("9A" of Math 9A).
 */
const CODE = /^(?=.*\p{L})(?=.*\p{N})[\p{L}\p{N}]{2,}$/u;

export function valueWordMap(
  valuePhrases: Map<string, ValueRef[]>,
  columnPhrases: Map<string, ColumnRef>,
  flagPhrases: Map<string, FlagRef>,
  rowNouns: Set<string>,
): Vocabulary["valueWords"] {
  const byWord = new Map<
    string,
    { column: string; word: string; values: Set<string>; capitals: boolean; titled: boolean } | null
  >();
  for (const [phrase, refs] of valuePhrases) {
    // The values as written, not the other forms made of them ("blood tests" for Blood Test).
    if (!phrase.includes(" ") || phrase !== normPhrase(refs[0].value)) continue;
    const column = refs[0].column;
    if (refs.some((ref) => ref.column !== column)) continue;
    const written = refs[0].value.split(/[^\p{L}\p{N}]+/u);
    for (const word of phrase.split(" ")) {
      const asWritten = written.find((part) => normPhrase(part) === word) ?? word;
      // "LED" of "LED Bulb A19" is no "led by": an acronym is read where written so.
      const capitals = GRAMMAR_WORDS.has(word) && /^\p{Lu}{2,5}$/u.test(asWritten);
      // "Max" of Max Ruiz, "Will" of Will Hart: a name that is also a word, where written as one.
      const titled =
        GRAMMAR_WORDS.has(word) &&
        /^\p{Lu}\p{Ll}+$/u.test(asWritten) &&
        phrase.startsWith(`${word} `);
      // A code of letters and digits ("9A" of Math 9A) names the one value that has it.
      const code = CODE.test(word);
      if (!code && (word.length < 3 || !/^\p{L}+$/u.test(word))) continue;
      if (GRAMMAR_WORDS.has(word) && !capitals && !titled) continue;
      if (valuePhrases.has(word) || columnPhrases.has(word) || flagPhrases.has(word)) continue;
      if (rowNouns.has(word)) continue;
      const known = byWord.get(word);
      if (known === null || (known && known.column !== column)) {
        byWord.set(word, null);
        continue;
      }
      if (known) {
        known.values.add(refs[0].value);
        continue;
      }
      byWord.set(word, {
        column,
        word: asWritten,
        values: new Set([refs[0].value]),
        capitals,
        titled,
      });
    }
  }
  const valueWords: Vocabulary["valueWords"] = new Map();
  for (const [word, ref] of byWord) {
    if (!ref) continue;
    const capitals = {
      ...(ref.capitals ? { capitals: true as const } : {}),
      ...(ref.titled ? { titled: true as const } : {}),
    };
    if (word.length >= 4 && !CODE.test(word))
      valueWords.set(word, { column: ref.column, word: ref.word, ...capitals });
    else if (ref.values.size === 1) {
      const value = [...ref.values][0];
      valueWords.set(word, { column: ref.column, word: ref.word, value, ...capitals });
    }
  }
  return valueWords;
}
