import type { DatasetProfile } from "./types";

/**
 * Why a column identifies the rows, in words for the upload review, and a warning when the first
 * column — the one people expect to be the key — cannot be: a key the file did not suggest
 * should never be picked silently.
 */
export interface KeyExplanation {
  reason: string;
  warning?: string;
}

export function explainKeyColumn(profile: DatasetProfile, keyColumn: string): KeyExplanation {
  const first = profile.columns[0];
  const chosen = profile.columns.find((column) => column.name === keyColumn);
  const rows = grouped(profile.rowCount);
  const reason =
    chosen === undefined
      ? "Pick the column whose values identify each row."
      : chosen.index === 0
        ? `“${keyColumn}” is the first column and has a different value on each of the ${rows} rows.`
        : `“${keyColumn}” has a different value on each of the ${rows} rows.`;
  if (first === undefined || first.name === keyColumn) return { reason };
  const firstUnique = first.emptyCount === 0 && first.distinctCount === profile.rowCount;
  if (firstUnique) return { reason };
  const why =
    first.emptyCount > 0
      ? `is empty on ${grouped(first.emptyCount)} row${first.emptyCount === 1 ? "" : "s"}`
      : `repeats: ${grouped(first.distinctCount)} different values on ${rows} rows`;
  return {
    reason,
    warning: `The first column, “${first.name}”, ${why}, so it cannot identify rows. Check that “${keyColumn}” is the column you mean.`,
  };
}

/**
 * A count with its thousands grouped, as `toLocaleString("en-US")` writes it, without loading the
 * locale data (a command-line run would spend more on that than on this whole explanation).
 */
function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
