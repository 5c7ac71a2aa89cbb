import type { RowCondition } from "./draft";
import type { Vocabulary } from "./vocabulary";

/**
 * Levels whose order every reader knows: priorities and severities. "Raise the priority of Elm
 * Court tickets to high" leaves an urgent ticket urgent, as "raise yoga to $15" leaves dearer
 * yoga alone; without knowing the order it set urgent tickets to high.
 */
const LEVEL_RANKS = new Map([
  ["lowest", 0],
  ["low", 1],
  ["minor", 1],
  ["normal", 2],
  ["medium", 2],
  ["moderate", 2],
  ["high", 3],
  ["major", 3],
  ["highest", 4],
  ["urgent", 4],
  ["critical", 5],
  ["blocker", 6],
]);

/**
 * The rows a step to a level leaves alone, as the condition on those it changes: those whose
 * level is below `value` for a raise (above it for a lowering). Undefined unless every cell of
 * the column holds a level of one known order (no blanks, nothing else, no two levels of one
 * rank), when the order of the table's own values is not known.
 */
export function levelsBeyond(
  vocabulary: Vocabulary,
  column: string,
  value: string,
  direction: "increase" | "decrease",
): RowCondition | undefined {
  const profile = vocabulary.columns.get(column);
  if (!profile || profile.emptyCount > 0) return undefined;
  const values = [
    ...new Set(
      [...vocabulary.valuePhrases.values()].flatMap((refs) =>
        refs.filter((ref) => ref.column === column).map((ref) => ref.value),
      ),
    ),
  ];
  // Every value the column holds must be known, or rows with one left out would be left alone.
  if (values.length !== profile.distinctCount) return undefined;
  const rank = (level: string) => LEVEL_RANKS.get(level.trim().toLowerCase());
  const target = rank(value);
  const ranks = values.map(rank);
  if (target === undefined || ranks.some((r) => r === undefined)) return undefined;
  if (new Set(ranks).size !== ranks.length) return undefined;
  const changed = values
    .map((level, k) => ({ level, rank: ranks[k] as number }))
    .filter(({ rank }) => (direction === "increase" ? rank < target : rank > target))
    .sort((a, b) => a.rank - b.rank)
    .map(({ level }) => level);
  return { type: "values", column, values: changed };
}
