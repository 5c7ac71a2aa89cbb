/** Plain-text tables for the terminal: columns padded to the widest cell, numbers right-aligned. */

export type Align = "left" | "right";

export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const widths = headers.map((header, col) =>
    Math.max(header.length, ...rows.map((row) => (row[col] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, col) =>
        align[col] === "right" ? cell.padStart(widths[col]) : cell.padEnd(widths[col]),
      )
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(headers), rule, ...rows.map(line)].join("\n");
}

/** A cell value for a table: empty shows as (empty), long values are cut with an ellipsis. */
export function cellText(value: string | undefined, max = 40): string {
  if (value === undefined) return "";
  if (value === "") return "(empty)";
  const flat = value.replace(/\r?\n/g, "⏎");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
