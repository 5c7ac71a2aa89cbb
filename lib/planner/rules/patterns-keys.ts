import { keyShape, textShape } from "./name-forms";
import {
  HYPHENS,
  type Matcher,
  type Pattern,
  pattern,
  phraseCandidates,
  type Scan,
} from "./patterns";
import type { ColumnRef, ValueRef } from "./vocabulary";

/**
 * Patterns of codes and keys: words written without spaces ("A101", "supplier-3") and keys of
 * several words ("Marco Rossi"), matched against the table's keys and the shapes of its codes.
 */

/**
 * A word that joins its neighbours without spaces ("A101", "supplier-3", "acme-shop.com",
 * "ana@acme.com"), as written: the source text of 1–7 tokens with no whitespace between them.
 * A dot between words only joins them here, where the text must be a key or a code.
 */
function compactCandidates(scan: Scan, at: number): { text: string; end: number }[] {
  const { tokens, instruction } = scan;
  const results: { text: string; end: number }[] = [];
  const first = tokens[at];
  if (!first || first.kind === "quoted" || first.kind === "punct") return results;
  for (let end = at + 1; end <= Math.min(tokens.length, at + 7); end++) {
    const last = tokens[end - 1];
    if (end > at + 1 && (last.spaceBefore || last.kind === "quoted")) break;
    if (last.kind === "punct" && !HYPHENS.has(last.text) && !JOINING.has(last.text)) break;
    if (last.kind === "punct") continue;
    let text = instruction.slice(first.start, last.end);
    if (last.kind === "word" && last.norm.length < last.text.length) {
      text = text.slice(0, text.length - 2); // a possessive: "A101's"
    }
    results.push({ text, end });
  }
  return results;
}

/** Characters besides hyphens that join the parts of a code: "a/b", "acme.io", "ana@acme.com". */
const JOINING = new Set(["/", ".", "@"]);

/** A key of the dataset: known exactly when the caller passed every key, else by its shape. */
export function key(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const { vocabulary } = scan;
    const named = phraseKeys(scan, at).map(({ key, end }) => ({
      end,
      caps: { ...caps, [name]: { key, text: key } },
    }));
    return named.concat(
      compactCandidates(scan, at).flatMap(({ text, end }) => {
        const known = vocabulary.knownKeys?.get(text.toLowerCase());
        if (known !== undefined) return [{ end, caps: { ...caps, [name]: { key: known, text } } }];
        if (!vocabulary.keyShapes.has(keyShape(text))) return [];
        // A value another column holds ("L3" of a level, where keys are E1 … E40) is that value.
        if (known === undefined && vocabulary.valuePhrases.has(text.toLowerCase())) return [];
        // Shaped like a key but not one of the known keys: still a key, reported as unknown.
        const canonical = vocabulary.keyLettersUpper ? text.toUpperCase() : text;
        const unknown = vocabulary.knownKeys !== undefined;
        return [{ end, caps: { ...caps, [name]: { key: canonical, text, unknown } } }];
      }),
    );
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/** Keys of several words starting at `at` ("Marco Rossi", "Marco Rossi's"). */
function phraseKeys(scan: Scan, at: number): { key: string; end: number }[] {
  const { keyPhrases, maxKeyWords } = scan.vocabulary;
  if (keyPhrases.size === 0) return [];
  return phraseCandidates(scan, at, maxKeyWords).flatMap(({ phrase, end }) => {
    const key = keyPhrases.get(phrase);
    return key === undefined ? [] : [{ key, end }];
  });
}

/** A value of a high-cardinality text column recognised by its shape ("supplier-3"). */
export function shapedValue(name: string, columnCap?: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const wanted = columnCap !== undefined ? (caps[columnCap] as ColumnRef | undefined) : undefined;
    if (columnCap !== undefined && (!wanted || !("column" in wanted))) return [];
    return compactCandidates(scan, at).flatMap(({ text, end }) => {
      // A key of the table names its row, whatever other column has codes of its shape.
      if (scan.vocabulary.knownKeys?.has(text.toLowerCase())) return [];
      const shape = textShape(text);
      const refs: ValueRef[] = [];
      for (const [column, shapes] of scan.vocabulary.textShapes) {
        if (wanted && "column" in wanted && wanted.column !== column) continue;
        if (shapes.has(shape)) refs.push({ column, value: text });
        // Named with its column ("to shelf Z9"), a code may have other letters than the
        // column's codes have so far (A3, B1): a new one of their kind.
        else if (wanted && /\d/.test(text) && [...shapes].some((known) => sameKind(known, shape)))
          refs.push({ column, value: text });
      }
      return refs.length > 0 ? [{ end, caps: { ...caps, [name]: refs } }] : [];
    });
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/** Whether two shapes differ only in their letters ("aD" and "zD"). */
function sameKind(known: string, shape: string): boolean {
  const letters = (text: string) => text.replace(/\p{Ll}/gu, "l");
  return letters(known) === letters(shape);
}
