import { editDistance } from "@/lib/plan/suggest";
import { GRAMMAR_WORDS } from "./grammar-words";
import type { Scan } from "./patterns";

/** Verbs people misspell; a word one edit from exactly one of them is read as it. */
const VERB_SPELLINGS = [
  "increase",
  "decrease",
  "raise",
  "lower",
  "reduce",
  "discount",
  "multiply",
  "double",
  "halve",
  "percent",
  "change",
  "update",
];

/**
 * English words as close to one of those verbs as a typo is, and meaning something else: "price
 * all Local produce at 5.99" is not "reduce", "multiple sizes" is not "multiply". Their plurals
 * and past forms are found from these (`wordStems`).
 */
const NEAR_VERB_WORDS = new Set([
  "praise",
  "power",
  "tower",
  "mower",
  "lover",
  "loser",
  "loner",
  "bower",
  "cower",
  "rower",
  "sower",
  "flower",
  "slower",
  "blower",
  "glower",
  "produce",
  "deduce",
  "seduce",
  "doable",
  "doubly",
  "doublet",
  "rouble",
  "trouble",
  "soluble",
  "voluble",
  "valve",
  "calve",
  "salve",
  "halva",
  "helve",
  "hale",
  "have",
  "chance",
  "charge",
  "exchange",
  "percept",
  "perfect",
  "decease",
  "degrease",
  "decree",
  "decrees",
  "multiple",
  "multiplier",
  "viscount",
  "dismount",
]);

/** The word and what it may be an inflection of: "flowers" → flower, "charged" → charge. */
function wordStems(word: string): string[] {
  const stems = [word];
  if (word.endsWith("s")) stems.push(word.slice(0, -1));
  if (word.endsWith("es") || word.endsWith("ed")) stems.push(word.slice(0, -2));
  if (word.endsWith("d")) stems.push(word.slice(0, -1));
  if (word.endsWith("ing")) stems.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return stems;
}

/**
 * "incrase", "lowr", "rase": a word that neither the grammar nor the table knows, within one
 * edit of one verb (two for words of seven letters or more), is read as that verb, with a note
 * the user sees. Returns the notes by token position.
 */
export function correctVerbTypos(scan: Scan, known: Set<string>): Map<number, string> {
  const notes = new Map<number, string>();
  for (const token of scan.tokens) {
    if (token.kind !== "word" || token.norm.length < 4) continue;
    if (GRAMMAR_WORDS.has(token.norm) || known.has(token.norm)) continue;
    if (wordStems(token.norm).some((stem) => NEAR_VERB_WORDS.has(stem))) continue;
    const allowed = token.norm.length >= 7 ? 2 : 1;
    const close = VERB_SPELLINGS.filter((verb) => editDistance(token.norm, verb) <= allowed);
    if (close.length !== 1) continue;
    notes.set(token.index, `read ${JSON.stringify(token.text)} as "${close[0]}"`);
    token.norm = close[0];
  }
  return notes;
}
