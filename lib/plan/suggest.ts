/**
 * "Did you mean" for column names, category values, keys and plan fields. Pure and browser-safe;
 * the planners reuse it to map words of an instruction onto the dataset.
 */

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where a transposition of two adjacent
 * characters counts as one edit): "fittness" → "fitness" is 1, "fitnses" → "fitness" is 1.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows: two back (for transpositions), previous and current.
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, twoBack[j - 2] + 1);
      }
      current[j] = best;
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length];
}

/** Lower case, separators dropped: "In-Stock" and "in_stock" compare equal. */
function fold(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_\-.]+/g, "");
}

/** A crude English singular, enough to match "accessory" with "accessories", "box" with "boxes". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** How many edits still count as a typo for a word of this length. */
function tolerance(length: number): number {
  if (length <= 3) return 1;
  if (length <= 7) return 2;
  return 3;
}

/**
 * Candidates close to `word`, best first: same word in another case or spelling of separators,
 * then singular/plural, then by edit distance (within a tolerance that grows with the length),
 * then candidates that start with the word. Ties keep the candidates' order.
 */
export function rankSuggestions(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = fold(word);
  if (target === "") return [];
  const scored: { candidate: string; score: number; order: number }[] = [];
  let order = 0;
  for (const candidate of new Set(candidates)) {
    order++;
    if (candidate === word) continue;
    const folded = fold(candidate);
    if (folded === "") continue;
    let score: number | undefined;
    if (folded === target) score = 0;
    else if (singular(folded) === singular(target)) score = 0.5;
    else {
      const distance = editDistance(target, folded);
      const allowed = Math.min(
        tolerance(Math.max(target.length, folded.length)),
        target.length - 1,
      );
      if (distance <= allowed) score = distance;
      else if (target.length >= 3 && folded.startsWith(target)) score = 10;
    }
    if (score !== undefined) scored.push({ candidate, score, order });
  }
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

/** The single best suggestion for `word` among `candidates`, or undefined when none is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  return rankSuggestions(word, candidates, 1)[0];
}

/** ` — did you mean "fitness"?`, or "" when there is no suggestion. */
export function didYouMeanText(suggestion: string | undefined): string {
  return suggestion === undefined ? "" : ` — did you mean ${JSON.stringify(suggestion)}?`;
}

/** `"a", "b" and "c"` for messages; longer lists end in "and N more". */
export function quoteList(values: readonly string[], max = 6): string {
  const quoted = values.slice(0, max).map((value) => JSON.stringify(value));
  if (values.length > max) return `${quoted.join(", ")} and ${values.length - max} more`;
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}
