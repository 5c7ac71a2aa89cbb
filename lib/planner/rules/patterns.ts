import { GRAMMAR_WORDS, namedOnlyKey, normPhrase } from "./grammar-words";
import type { Token } from "./tokenize";
import type { ColumnRef, FlagRef, Vocabulary } from "./vocabulary";

/**
 * A tiny backtracking matcher over tokens. A pattern returns every way it can match at a
 * position (with what it captured); the lexer keeps the longest. Grammar rules in `grammar.ts`
 * read like the phrases they accept: `seq(words("round", "rounded"), opt(words("to")), …)`.
 */

export interface Scan {
  instruction: string;
  tokens: Token[];
  vocabulary: Vocabulary;
  /** The day relative dates are read against, YYYY-MM-DD. */
  today: string;
}

export type Caps = Readonly<Record<string, unknown>>;

export interface Match {
  end: number;
  caps: Caps;
}

export type Matcher = (scan: Scan, at: number, caps: Caps) => Match[];

/** What a pattern's first token can be, so the lexer skips rules that cannot start here. */
export interface First {
  words: ReadonlySet<string>;
  classes: ReadonlySet<TokenClass>;
  /** Matches without consuming a token (then nothing can be ruled out). */
  nullable: boolean;
}

type TokenClass = "number" | "quoted" | "column" | "value" | "flag" | "compact";

export type Pattern = Matcher & { first: First };

export function pattern(match: Matcher, first: Partial<First>): Pattern {
  return Object.assign(match, {
    first: {
      words: first.words ?? new Set<string>(),
      classes: first.classes ?? new Set<TokenClass>(),
      nullable: first.nullable ?? false,
    },
  });
}

function union(firsts: First[]): Pick<First, "words" | "classes"> {
  return {
    words: new Set(firsts.flatMap((first) => [...first.words])),
    classes: new Set(firsts.flatMap((first) => [...first.classes])),
  };
}

/** Whether a pattern could match at `at`: cheap, and never "no" when it could. */
export function canStart(first: First, scan: Scan, at: number): boolean {
  if (first.nullable) return true;
  const token = scan.tokens[at];
  if (!token) return false;
  if (token.kind !== "quoted" && first.words.has(token.norm)) return true;
  for (const tokenClass of first.classes) {
    switch (tokenClass) {
      case "number":
        // "a dollar" is a number too (see `num`).
        if (token.kind === "number" || NUMBER_WORDS.has(token.norm)) return true;
        if (token.norm === "a" || token.norm === "an") return true;
        break;
      case "quoted":
        if (token.kind === "quoted") return true;
        break;
      case "compact":
        if (token.kind === "word" || token.kind === "number") return true;
        break;
      default:
        if (
          token.kind !== "quoted" &&
          phraseStarts(scan.vocabulary)[tokenClass].has(firstWord(token.norm))
        ) {
          return true;
        }
    }
  }
  return false;
}

type PhraseClass = "column" | "value" | "flag";
const startsCache = new WeakMap<Vocabulary, Record<PhraseClass, Set<string>>>();

/** First words of every column, value and flag phrase of a vocabulary. */
function phraseStarts(vocabulary: Vocabulary): Record<PhraseClass, Set<string>> {
  let starts = startsCache.get(vocabulary);
  if (!starts) {
    const firstWords = (phrases: Iterable<string>) => new Set([...phrases].map(firstWord));
    starts = {
      column: firstWords(vocabulary.columnPhrases.keys()),
      value: firstWords(vocabulary.valuePhrases.keys()),
      flag: firstWords(vocabulary.flagPhrases.keys()),
    };
    startsCache.set(vocabulary, starts);
  }
  return starts;
}

function firstWord(text: string): string {
  return normPhrase(text).split(" ")[0];
}

export const HYPHENS = new Set(["-", "–", "—"]);
/** Punctuation that ends a phrase (a value never spans it). */
const PHRASE_BREAK = new Set([",", ";", ":", ".", "!", "?", "(", ")", '"']);

/** Any of the phrases, each a space-separated list of words (hyphens between them optional). */
export function words(...phrases: string[]): Pattern {
  // Indexed by first word: most positions are rejected with one map lookup.
  const byFirst = new Map<string, string[][]>();
  for (const phrase of phrases) {
    // As the tokenizer writes words: "let's" is "let", its "'s" dropped as a possessive's.
    const parts = phrase.split(" ").map((part) => (/.'s$/.test(part) ? part.slice(0, -2) : part));
    byFirst.set(parts[0], [...(byFirst.get(parts[0]) ?? []), parts]);
    for (const part of parts) GRAMMAR_WORDS.add(part);
  }
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    const candidates = token && token.kind !== "quoted" ? byFirst.get(token.norm) : undefined;
    if (!candidates) return [];
    const matches: Match[] = [];
    for (const parts of candidates) {
      const end = matchWords(scan.tokens, at, parts);
      if (end !== undefined) matches.push({ end, caps });
    }
    return matches;
  };
  return pattern(match, { words: new Set(byFirst.keys()) });
}

export function matchWords(tokens: Token[], at: number, parts: string[]): number | undefined {
  let position = at;
  for (let index = 0; index < parts.length; index++) {
    if (index > 0 && !HYPHENS.has(parts[index]) && isJoiningHyphen(tokens, position)) position++;
    const token = tokens[position];
    if (!token || token.kind === "quoted" || token.norm !== parts[index]) return undefined;
    position++;
  }
  return position;
}

/**
 * The dot of an initial before a name ("J. Park", "M. Chen"): part of the name, not the end of a
 * sentence. Only a phrase the table knows is read across it.
 */
function isInitialDot(tokens: Token[], position: number): boolean {
  const initial = tokens[position - 1];
  const dot = tokens[position];
  const next = tokens[position + 1];
  return (
    dot?.text === "." &&
    !dot.spaceBefore &&
    initial?.kind === "word" &&
    /^\p{Lu}$/u.test(initial.text) &&
    next?.kind === "word" &&
    next.spaceBefore &&
    /^\p{Lu}/u.test(next.text)
  );
}

/** A hyphen written between two words without spaces: "out-of-stock", "supplier-3". */
function isJoiningHyphen(tokens: Token[], position: number): boolean {
  const token = tokens[position];
  const next = tokens[position + 1];
  return (
    token !== undefined &&
    token.kind === "punct" &&
    HYPHENS.has(token.text) &&
    !token.spaceBefore &&
    next !== undefined &&
    !next.spaceBefore
  );
}

export function seq(...patterns: Pattern[]): Pattern {
  const leading: First[] = [];
  for (const part of patterns) {
    leading.push(part.first);
    if (!part.first.nullable) break;
  }
  const first = { ...union(leading), nullable: patterns.every((part) => part.first.nullable) };
  const match: Matcher = (scan, at, caps) => {
    let states: Match[] = [{ end: at, caps }];
    for (const pattern of patterns) {
      const next: Match[] = [];
      for (const state of states) next.push(...pattern(scan, state.end, state.caps));
      if (next.length === 0) return [];
      states = next;
    }
    return states;
  };
  return pattern(match, first);
}

export function alt(...patterns: Pattern[]): Pattern {
  const firsts = patterns.map((part) => part.first);
  return pattern((scan, at, caps) => patterns.flatMap((part) => part(scan, at, caps)), {
    ...union(firsts),
    nullable: firsts.some((first) => first.nullable),
  });
}

export function opt(inner: Pattern): Pattern {
  return pattern((scan, at, caps) => [...inner(scan, at, caps), { end: at, caps }], {
    ...inner.first,
    nullable: true,
  });
}

/** Records `value` under `name` when `pattern` matches. */
export function tag(name: string, value: unknown, inner: Pattern): Pattern {
  const match: Matcher = (scan, at, caps) =>
    inner(scan, at, caps).map((found) => ({
      end: found.end,
      caps: { ...found.caps, [name]: value },
    }));
  return pattern(match, inner.first);
}

/** Numbers people write as words ("ten percent", "a hundred"). */
export const NUMBER_WORDS = new Map<string, number>(
  [
    "zero one two three four five six seven eight nine ten",
    "eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty",
  ]
    .join(" ")
    .split(" ")
    .map((word, index) => [word, index] as [string, number])
    .concat([
      ["thirty", 30],
      ["forty", 40],
      ["fifty", 50],
      ["sixty", 60],
      ["seventy", 70],
      ["eighty", 80],
      ["ninety", 90],
      ["hundred", 100],
    ]),
);

const phraseCache = new WeakMap<Scan, Map<string, { phrase: string; end: number }[]>>();

/** The words of a phrase starting at `at`, up to `max` of them, with the token end after each. */
export function phraseCandidates(
  scan: Scan,
  at: number,
  max: number,
): { phrase: string; end: number }[] {
  let cache = phraseCache.get(scan);
  if (!cache) {
    cache = new Map();
    phraseCache.set(scan, cache);
  }
  const cacheKey = `${at}:${max}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const computed = computePhraseCandidates(scan, at, max);
  cache.set(cacheKey, computed);
  return computed;
}

function computePhraseCandidates(
  scan: Scan,
  at: number,
  max: number,
): { phrase: string; end: number }[] {
  const { tokens } = scan;
  const parts: string[] = [];
  const results: { phrase: string; end: number }[] = [];
  let position = at;
  while (position < tokens.length) {
    // A unit written against its number ("10mm" of "Hex Bolt 10mm") stays one word with it.
    const glued = parts.length > 0 && isGluedUnit(tokens, position);
    if (parts.length >= max && !glued) break;
    if (parts.length > 0 && (isJoiningHyphen(tokens, position) || isInitialDot(tokens, position)))
      position++;
    const token = tokens[position];
    if (!token || token.kind === "quoted" || PHRASE_BREAK.has(token.text)) break;
    if (token.kind === "punct" && HYPHENS.has(token.text)) break;
    if (glued) parts[parts.length - 1] += token.norm;
    else parts.push(token.norm);
    position++;
    results.push({ phrase: normPhrase(parts.join(" ")), end: position });
  }
  return results;
}

/** A word straight after a number, with no space between: the unit the tokenizer split off. */
function isGluedUnit(tokens: readonly Token[], at: number): boolean {
  const token = tokens[at];
  return token?.kind === "word" && !token.spaceBefore && tokens[at - 1]?.kind === "number";
}

/**
 * Up to `max` words that say what a goal is about ("salary", "car", "subscription", "on the
 * menu"): captured as the numeric columns they name, so "no salary below 50,000" sets salary.
 */
export function subject(name: string, max: number): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const results: Match[] = [];
    const columns: string[] = [];
    for (let end = at; end <= Math.min(at + max, scan.tokens.length); end++) {
      if (end > at) {
        const token = scan.tokens[end - 1];
        if (token.kind !== "word" || namesRows(scan, end - 1)) break;
        for (const { phrase, end: phraseEnd } of phraseCandidates(scan, end - 1, 3)) {
          const ref = scan.vocabulary.columnPhrases.get(phrase);
          if (phraseEnd === end && ref && "column" in ref) columns.push(ref.column);
        }
      }
      results.push({ end, caps: { ...caps, [name]: [...new Set(columns)] } });
    }
    return results;
  };
  return pattern(match, { nullable: true });
}

/**
 * Whether a value, a flag or a key starts at `at` (and no column is named there): "Physics" in
 * "no Physics score should be above 95" says which rows, so a subject must not swallow it.
 */
function namesRows(scan: Scan, at: number): boolean {
  const { vocabulary } = scan;
  if (vocabulary.knownKeys?.has(scan.tokens[at].norm)) return true;
  return phraseCandidates(scan, at, vocabulary.maxPhraseWords).some(
    ({ phrase }) =>
      (vocabulary.valuePhrases.has(phrase) || vocabulary.flagPhrases.has(phrase)) &&
      !vocabulary.columnPhrases.has(phrase),
  );
}

/** A word naming the table's rows, from its key column ("vehicle" for vehicleId). */
export function rowNoun(): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    return token?.kind === "word" && scan.vocabulary.rowNouns.has(token.norm)
      ? [{ end: at + 1, caps }]
      : [];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/** A phrase naming a column ("list price", "prices", "in_stock"). */
export function column(name: string, accept?: (ref: ColumnRef) => boolean): Pattern {
  const match: Matcher = (scan, at, caps) =>
    phraseCandidates(scan, at, scan.vocabulary.maxPhraseWords).flatMap(({ phrase, end }) => {
      const ref = scan.vocabulary.columnPhrases.get(phrase);
      if (!ref || (accept && !accept(ref))) return [];
      return [{ end, caps: { ...caps, [name]: ref } }];
    });
  return pattern(match, { classes: new Set(["column"]) });
}

/** A value of a category-like column ("fitness", "accessory"), optionally of one column only. */
export function value(name: string, columnCap?: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    phraseCandidates(scan, at, scan.vocabulary.maxPhraseWords).flatMap(({ phrase, end }) => {
      let refs = scan.vocabulary.valuePhrases.get(phrase);
      if (!refs) return [];
      if (columnCap !== undefined) {
        const wanted = caps[columnCap] as ColumnRef | undefined;
        if (!wanted || !("column" in wanted)) return [];
        refs = refs.filter((ref) => ref.column === wanted.column);
        if (refs.length === 0) return [];
      }
      return [{ end, caps: { ...caps, [name]: refs } }];
    });
  return pattern(match, { classes: new Set(["value"]) });
}

/** A value of the column captured as `columnCap` that is also a joining word ("is all"). */
export function namedOnlyValue(name: string, columnCap: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    const wanted = caps[columnCap] as ColumnRef | undefined;
    if (token?.kind !== "word" || !wanted || !("column" in wanted)) return [];
    const refs = scan.vocabulary.valuePhrases
      .get(namedOnlyKey(token.norm))
      ?.filter((ref) => ref.column === wanted.column);
    return refs?.length ? [{ end: at + 1, caps: { ...caps, [name]: refs } }] : [];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/** A phrase that sets or tests a boolean column ("out of stock", "available", "not featured"). */
export function flag(name: string): Pattern {
  const match: Matcher = (scan, at, caps) =>
    phraseCandidates(scan, at, scan.vocabulary.maxPhraseWords + 2).flatMap(({ phrase, end }) => {
      const ref: FlagRef | undefined = scan.vocabulary.flagPhrases.get(phrase);
      return ref ? [{ end, caps: { ...caps, [name]: ref } }] : [];
    });
  return pattern(match, { classes: new Set(["flag"]) });
}

/** A quoted string. */
export function quoted(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    return token?.kind === "quoted" ? [{ end: at + 1, caps: { ...caps, [name]: token.text } }] : [];
  };
  return pattern(match, { classes: new Set(["quoted"]) });
}

/** Any single word (as written), for "name contains yoga". */
export function anyWord(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    return token && (token.kind === "word" || token.kind === "number")
      ? [{ end: at + 1, caps: { ...caps, [name]: token.text } }]
      : [];
  };
  return pattern(match, { classes: new Set(["compact"]) });
}

/** Succeeds only when `test` accepts the captures so far. */
export function when(test: (caps: Caps) => boolean): Pattern {
  return pattern((_scan, at, caps) => (test(caps) ? [{ end: at, caps }] : []), { nullable: true });
}

/**
 * Succeeds, consuming nothing, when `inner` matches here, keeping its captures: what follows a
 * word can decide what the word means without becoming part of its item.
 */
export function ahead(inner: Pattern): Pattern {
  return pattern(
    (scan, at, caps) => inner(scan, at, caps).map((found) => ({ end: at, caps: found.caps })),
    { nullable: true },
  );
}

/** Captures where it stands as `name`, consuming nothing. */
export function position(name: string): Pattern {
  return pattern((_scan, at, caps) => [{ end: at, caps: { ...caps, [name]: at } }], {
    nullable: true,
  });
}

/** Succeeds, consuming nothing, when `inner` does not match here. */
export function notAhead(inner: Pattern): Pattern {
  return pattern(
    (scan, at, caps) => (inner(scan, at, caps).length > 0 ? [] : [{ end: at, caps }]),
    {
      nullable: true,
    },
  );
}
