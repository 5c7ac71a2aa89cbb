import type { ColumnProfile } from "@/lib/dataset/types";
import { normPhrase } from "./grammar-words";
import type { Vocabulary } from "./vocabulary";

/**
 * Columns named in an instruction's own words, for the readers that work on its text with
 * patterns (computed.ts, ranked.ts): a column phrase from the vocabulary, its regex alternation,
 * and a folding of the text that keeps every character where it was.
 */

export function columnNamed(phrase: string, vocabulary: Vocabulary): ColumnProfile | undefined {
  const words = normPhrase(phrase)
    .replace(/^(?:(?:the|all|every|each|any|its|their|empty|blank)\s+)+/, "")
    .replace(/\s+(?:column|field|columns|fields|values|cells)$/, "");
  const ref = vocabulary.columnPhrases.get(words);
  if (ref && "column" in ref) return vocabulary.columns.get(ref.column);
  return undefined;
}

/** The column-phrase alternation of a vocabulary, longest first. */
export function columnPattern(vocabulary: Vocabulary): string | undefined {
  const phrases = [...vocabulary.columnPhrases.keys()]
    .filter((phrase) => phrase.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((phrase) =>
      phrase
        .split(" ")
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(String.raw`[\s_-]+`),
    );
  return phrases.length === 0 ? undefined : `(?:${phrases.join("|")})`;
}

/**
 * Lower case without accents, character for character, so positions in it are positions in
 * the instruction (a character whose folding would change the length is kept as it is).
 */
export function foldKeepingLength(text: string): string {
  let out = "";
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out += folded.length === char.length ? folded : char;
  }
  return out;
}
