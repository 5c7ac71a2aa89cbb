import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/**
 * Levels written as a letter code and a number (L1 … L5, G7, Band 3): their order is the
 * number's. "everyone below L3", "above L3", "L3 and above", "L4 or lower" name the rows whose
 * level is on that side, as the values the table has there. Read before the clauses are built
 * (interpret.ts); elsewhere "below" and "above" before a value are not understood.
 */

const BEFORE: ReadonlyArray<readonly [string, "lt" | "gt"]> = [
  ["below", "lt"],
  ["under", "lt"],
  ["lower than", "lt"],
  ["less than", "lt"],
  ["above", "gt"],
  ["over", "gt"],
  ["beyond", "gt"],
  ["higher than", "gt"],
  ["more than", "gt"],
];

const AFTER: ReadonlyArray<readonly [string, "lte" | "gte"]> = [
  ["and above", "gte"],
  ["or above", "gte"],
  ["and up", "gte"],
  ["or higher", "gte"],
  ["and higher", "gte"],
  ["+", "gte"],
  ["and below", "lte"],
  ["or below", "lte"],
  ["or lower", "lte"],
  ["and lower", "lte"],
  ["and under", "lte"],
];

const CODED = /^(\p{L}+)[\s-]?(\d+)$/u;

export function readLevelComparisons(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const item = lexed[at];
    const level = item.kind === "scope" && item.cond.type === "values" ? levelOf(scan, item) : null;
    if (!level || item.kind !== "scope") {
      read.push(item);
      continue;
    }
    const before = saidAround(scan, item.from, -1, BEFORE);
    const after = before ? undefined : saidAround(scan, item.to, 1, AFTER);
    const op = before?.op ?? after?.op;
    if (!op) {
      read.push(item);
      continue;
    }
    const from = before ? before.at : item.from;
    const to = after ? after.at : item.to;
    const values = level.ladder
      .filter(([rank]) => holds(op, rank, level.rank))
      .map(([, value]) => value);
    // The items the words of the comparison were read as give way to it.
    while (read.length > 0 && (read.at(-1)?.from ?? -1) >= from) read.pop();
    read.push({ kind: "scope", cond: { type: "values", column: level.column, values }, from, to });
    while (at + 1 < lexed.length && lexed[at + 1].to <= to) at++;
  }
  return read;
}

function holds(op: "lt" | "gt" | "lte" | "gte", rank: number, of: number): boolean {
  if (op === "lt") return rank < of;
  if (op === "gt") return rank > of;
  if (op === "lte") return rank <= of;
  return rank >= of;
}

/**
 * The value's column, when every value it holds is one letter code with a number, and the
 * table's levels in that column with their numbers.
 */
function levelOf(scan: Scan, item: Extract<LexItem, { kind: "scope" }>) {
  if (item.cond.type !== "values" || item.cond.values.length !== 1) return null;
  const { column } = item.cond;
  // Only a column of few values has them all listed; a sample could leave a level out.
  const values = scan.vocabulary.columns.get(column)?.distinctValues ?? [];
  const coded = values.map((value) => CODED.exec(value.trim()));
  const prefixes = new Set(coded.map((match) => match?.[1].toLowerCase()));
  if (values.length < 3 || coded.some((match) => !match) || prefixes.size !== 1) return null;
  const ladder = values.map((value, k): [number, string] => [Number(coded[k]?.[2]), value]);
  const rank = Number(CODED.exec(item.cond.values[0].trim())?.[2]);
  return Number.isFinite(rank) ? { column, ladder, rank } : null;
}

/** The comparison of `phrases` said right before (`way` -1) or after (1) a token position. */
function saidAround<Op>(
  scan: Scan,
  edge: number,
  way: -1 | 1,
  phrases: ReadonlyArray<readonly [string, Op]>,
): { op: Op; at: number } | undefined {
  for (const [phrase, op] of phrases) {
    const words = phrase.split(" ");
    const start = way < 0 ? edge - words.length : edge;
    if (start < 0) continue;
    const said = scan.tokens.slice(start, start + words.length);
    if (said.length === words.length && said.every((token, k) => token.norm === words[k])) {
      return { op, at: way < 0 ? start : start + words.length };
    }
  }
  return undefined;
}
