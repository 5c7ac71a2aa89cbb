import { editDistance, rankSuggestions } from "@/lib/plan/suggest";
import { monthWithYears } from "./dates";
import { type ItemPayload, RULES } from "./grammar";
import { canStart, type Scan } from "./patterns";
import type { Token } from "./tokenize";
import { correctVerbTypos } from "./verb-typos";
import type { ValueRef, Vocabulary } from "./vocabulary";

/**
 * Tokens → items. At each position every grammar rule is tried; the longest match wins (ties go
 * to the earlier rule), and a token no rule accepts becomes an `unknown` item that the planner
 * reports verbatim.
 */

export type Item = ItemPayload & ItemSpan;

export type UnknownItem = ItemSpan & { kind: "unknown"; suggestion?: string };

export type LexItem = Item | UnknownItem;

export interface ItemSpan {
  /** Token range, end exclusive. */
  from: number;
  to: number;
  /** A reading the user may want to check (typo corrections). */
  note?: string;
}

/**
 * The items with each sentence (or each clause, with `clauses`) read again by `read`: the
 * readers of items in context (interpret.ts) look at one sentence or clause at a time.
 */
export function readInParts(
  lexed: readonly LexItem[],
  read: (part: LexItem[]) => LexItem[],
  { clauses = false } = {},
): LexItem[] {
  const ends = (item: LexItem) => item.kind === "boundary" || (clauses && item.kind === "join");
  const result: LexItem[] = [];
  let start = 0;
  for (let at = 0; at <= lexed.length; at++) {
    const item = lexed[at];
    if (item && !ends(item)) continue;
    result.push(...read(lexed.slice(start, at)));
    if (item) result.push(item);
    start = at + 1;
  }
  return result;
}

export function lex(scan: Scan): LexItem[] {
  const corrections = correctVerbTypos(scan, tableWords(scan.vocabulary));
  const items: LexItem[] = [];
  let position = 0;
  while (position < scan.tokens.length) {
    const item =
      longestItem(scan, position) ?? typoItem(scan, position) ?? unknownItem(scan, position);
    const corrected = corrections.get(position);
    if (corrected && !item.note) item.note = corrected;
    items.push(item);
    position = item.to;
  }
  return items;
}

const tableWordsCache = new WeakMap<Vocabulary, Set<string>>();

/** Every word of the table's column, value and flag phrases. */
export function tableWords(vocabulary: Vocabulary): Set<string> {
  let known = tableWordsCache.get(vocabulary);
  if (!known) {
    known = new Set(
      [
        ...vocabulary.columnPhrases.keys(),
        ...vocabulary.valuePhrases.keys(),
        ...vocabulary.flagPhrases.keys(),
      ].flatMap((phrase) => phrase.split(" ")),
    );
    tableWordsCache.set(vocabulary, known);
  }
  return known;
}

function longestItem(scan: Scan, at: number): LexItem | undefined {
  const candidates: { end: number; priority: number; build: () => ItemPayload | undefined }[] = [];
  RULES.forEach((rule, priority) => {
    if (!canStart(rule.pattern.first, scan, at)) return;
    for (const match of rule.pattern(scan, at, {})) {
      if (match.end > at) {
        candidates.push({ end: match.end, priority, build: () => rule.build(match.caps, scan) });
      }
    }
  });
  candidates.sort((a, b) => b.end - a.end || a.priority - b.priority);
  for (const candidate of candidates) {
    const payload = candidate.build();
    if (payload) return { ...payload, from: at, to: candidate.end } as LexItem;
  }
  return undefined;
}

/**
 * Common words one edit from values they do not mean ("full" and "Fall", "late" and "Lake"), or
 * the start of one ("back" and "Backend Engineer").
 */
const PLAIN_WORDS = new Set([
  "back",
  "full",
  "fill",
  "fail",
  "late",
  "last",
  "less",
  "more",
  "most",
  "same",
  "some",
  "half",
  "even",
  "ever",
  "done",
  "gone",
  "none",
  "fine",
  "free",
  "soon",
  "good",
  "long",
  "high",
  "near",
  "next",
  "past",
  "slow",
  "fast",
  "well",
  "will",
  "hold",
  "sold",
  "lost",
  "over",
  "paid",
  "said",
]);

/**
 * A misspelt category value ("fittness", "acessories"): accepted only when exactly one value
 * is within one edit (two for words of eight letters or more).
 */
function typoItem(scan: Scan, at: number): LexItem | undefined {
  const token = scan.tokens[at];
  if (token.kind !== "word" || token.norm.length < 4) return undefined;
  // "close every course that is full": a word of its own, not a misspelt term "Fall".
  if (PLAIN_WORDS.has(token.norm)) return undefined;
  // "screws" beside "Wood Screw" is a plural, read later (`readPluralValueWords`), not a
  // misspelt "Screwz".
  const { valueWords } = scan.vocabulary;
  if (token.norm.endsWith("s") && valueWords.has(token.norm.slice(0, -1))) return undefined;
  const matches = typoMatches(scan.vocabulary, token.norm);
  if (matches.length === 0) return shortenedValueItem(scan, at) ?? columnTypoItem(scan, at);
  if (matches.length !== 1) return undefined;
  return valueReadFor(token, at, matches[0]);
}

/** The value a word was read as, with the note the user sees. */
function valueReadFor(token: Token, at: number, ref: ValueRef): LexItem {
  return {
    kind: "scope",
    cond: { type: "values", column: ref.column, values: [ref.value] },
    from: at,
    to: at + 1,
    note: `read ${JSON.stringify(token.text)} as ${ref.column} ${JSON.stringify(ref.value)}`,
  };
}

/**
 * "salries", "bonuss": a word within one edit of one column's name (two for long words), and of
 * no value, is that column, with a note the user sees.
 */
function columnTypoItem(scan: Scan, at: number): LexItem | undefined {
  const token = scan.tokens[at];
  // Five letters are too few: "coats" is one edit from "costs", and means coats.
  if (token.norm.length < 6) return undefined;
  const allowed = token.norm.length >= 8 ? 2 : 1;
  const columns = new Set<string>();
  for (const [phrase, ref] of scan.vocabulary.columnPhrases) {
    if (!("column" in ref) || phrase.includes(" ") || phrase.length < 5) continue;
    if (Math.abs(phrase.length - token.norm.length) > allowed) continue;
    if (editDistance(token.norm, phrase) <= allowed) columns.add(ref.column);
  }
  if (columns.size !== 1) return undefined;
  const [column] = columns;
  return {
    kind: "column",
    ref: { column },
    from: at,
    to: at + 1,
    note: `read ${JSON.stringify(token.text)} as the column ${column}`,
  };
}

/**
 * "math courses", "chem labs": a word of four letters or more that begins exactly one one-word
 * value, as a shortening of it, read as that value with a note the user sees.
 */
function shortenedValueItem(scan: Scan, at: number): LexItem | undefined {
  const token = scan.tokens[at];
  if (token.norm.length < 4 || !/^\p{L}+$/u.test(token.norm)) return undefined;
  const found = new Map<string, ValueRef>();
  for (const [phrase, refs] of scan.vocabulary.typoCandidates) {
    if (!phrase.startsWith(token.norm) || phrase === token.norm) continue;
    for (const ref of refs) found.set(`${ref.column}\u0000${ref.value}`, ref);
  }
  if (found.size !== 1) return undefined;
  const [ref] = found.values();
  return valueReadFor(token, at, ref);
}

function typoMatches(vocabulary: Vocabulary, word: string): ValueRef[] {
  const allowed = word.length >= 8 ? 2 : 1;
  let best = allowed + 1;
  let found = new Map<string, ValueRef>();
  for (const [phrase, refs] of vocabulary.typoCandidates) {
    if (Math.abs(phrase.length - word.length) > allowed) continue;
    const distance = editDistance(word, phrase);
    if (distance > allowed || distance > best) continue;
    if (distance < best) {
      best = distance;
      found = new Map();
    }
    for (const ref of refs) found.set(`${ref.column}\u0000${ref.value}`, ref);
  }
  return [...found.values()];
}

function unknownItem(scan: Scan, at: number): UnknownItem {
  const token: Token = scan.tokens[at];
  const item: UnknownItem = { kind: "unknown", from: at, to: at + 1 };
  const month =
    // "may" is more often the verb ("prices may go up").
    token.kind === "word" && token.norm !== "may"
      ? monthWithYears(token.norm, scan.vocabulary.dateRanges, scan.today)
      : undefined;
  if (month) {
    item.suggestion = month;
    return item;
  }
  if (token.kind === "word" && token.norm.length >= 3) {
    const candidates = typoMatches(scan.vocabulary, token.norm).map((ref) => ref.value);
    const suggestions =
      candidates.length > 1
        ? candidates
        : rankSuggestions(token.norm, suggestionCandidates(scan.vocabulary, token.norm), 1).filter(
            // Only near misses: "incrase" → "increase", not "twice" → "price".
            (word) => editDistance(token.norm, word) <= (token.norm.length <= 5 ? 1 : 2),
          );
    if (suggestions.length > 0) item.suggestion = suggestions.join(" or ");
  }
  return item;
}

const KNOWN_WORDS = [
  "increase",
  "decrease",
  "raise",
  "lower",
  "reduce",
  "discount",
  "set",
  "mark",
  "except",
  "round",
  "nearest",
  "decimals",
  "between",
  "under",
  "over",
  "stock",
];

const suggestionIndex = new WeakMap<Vocabulary, Map<string, string[]>>();

/**
 * Words a misspelling may be of: those with the same first letter and about the same length.
 * On a table of 100,000 names this keeps a refusal's did-you-mean to a few milliseconds.
 */
function suggestionCandidates(vocabulary: Vocabulary, word: string): string[] {
  let index = suggestionIndex.get(vocabulary);
  if (!index) {
    index = new Map();
    for (const candidate of suggestionWords(vocabulary)) {
      const list = index.get(candidate[0]) ?? [];
      list.push(candidate);
      index.set(candidate[0], list);
    }
    suggestionIndex.set(vocabulary, index);
  }
  return (index.get(word[0]) ?? []).filter(
    (candidate) => Math.abs(candidate.length - word.length) <= 2,
  );
}

function suggestionWords(vocabulary: Vocabulary): Set<string> {
  return new Set([
    ...KNOWN_WORDS,
    ...vocabulary.valuePhrases.keys(),
    ...vocabulary.columnPhrases.keys(),
    ...vocabulary.flagPhrases.keys(),
  ]);
}
