import type { CsvTable } from "@/lib/dataset/csv";
import type { DatasetProfile } from "@/lib/dataset/types";

/**
 * The values of a table's text columns, for the rules planner to look up the words of an
 * instruction in ("Dana Kim", "New England", "Back Bay"): the profile lists values only for
 * columns with few of them, while people name rows by any text they hold. Built once per dataset
 * version by the caller (it reads every cell) and passed with each request.
 */

/** At most this many distinct values are kept per column, in order of first appearance. */
const VALUES_PER_COLUMN = 5_000;
/** Longer cells are descriptions, not names: nobody types them into an instruction. */
const LONGEST_VALUE = 60;

export function textColumnValues(
  table: CsvTable,
  profile: DatasetProfile,
  perColumn = VALUES_PER_COLUMN,
): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const column of profile.columns) {
    if (column.type !== "text" || column.name === profile.keyColumn) continue;
    const col = table.columnIndex(column.name);
    if (col < 0) continue;
    const seen = new Set<string>();
    for (let row = 0; row < table.rowCount && seen.size < perColumn; row++) {
      const cell = table.cell(row, col).trim();
      if (cell !== "" && cell.length <= LONGEST_VALUE) seen.add(cell);
    }
    values.set(column.name, [...seen]);
  }
  return values;
}
