import { editDistance } from "@/lib/plan/suggest";
import { GRAMMAR_WORDS } from "./grammar-words";
import { tableWords } from "./lex";
import type { Token } from "./tokenize";
import type { Vocabulary } from "./vocabulary";

/**
 * Words of the grammar mistyped ("evrything", "betweeen"), read only when the
 * instruction was refused for words it could not place: a word of seven letters or more that
 * names nothing in the table and is one edit from exactly one word of the grammar is read as that
 * word, with a note the user sees. Shorter words are left alone: one edit turns too many of them
 * into another ("cost" and "most"). Misspelt verbs are read on every instruction, in `lex.ts`
 * (`correctVerbTypos`); this is the wider, later net.
 */

const SHORTEST = 7;

/** Grammar words long enough to be read through a typo, within one letter of `length`. */
function candidates(length: number): string[] {
  const found: string[] = [];
  for (const word of GRAMMAR_WORDS) {
    if (word.length >= SHORTEST && Math.abs(word.length - length) <= 1 && /^\p{Ll}+$/u.test(word))
      found.push(word);
  }
  return found;
}

/** Reads mistyped grammar words as the words meant; returns the notes saying so. */
export function readGrammarTypos(tokens: Token[], vocabulary: Vocabulary): string[] {
  const notes: string[] = [];
  for (const token of tokens) {
    const { norm } = token;
    if (token.kind !== "word" || norm.length < SHORTEST || !/^\p{Ll}+$/u.test(norm)) continue;
    if (GRAMMAR_WORDS.has(norm) || namesSomething(vocabulary, norm)) continue;
    const meant = candidates(norm.length).filter((word) => editDistance(norm, word) === 1);
    if (meant.length !== 1) continue;
    token.norm = meant[0];
    notes.push(`read ${JSON.stringify(token.text)} as "${meant[0]}"`);
  }
  return notes;
}

/** A word of the table's names and values, or of its keys, dates and rows, typed as it is. */
function namesSomething(vocabulary: Vocabulary, word: string): boolean {
  return (
    tableWords(vocabulary).has(word) ||
    vocabulary.keyPhrases.has(word) ||
    vocabulary.datePhrases.has(word) ||
    vocabulary.rowNouns.has(word) ||
    (vocabulary.knownKeys?.has(word) ?? false)
  );
}
