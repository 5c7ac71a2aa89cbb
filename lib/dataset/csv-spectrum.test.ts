import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv, serializeWithChanges } from "./csv";

/**
 * csv-spectrum (npm), a public suite of CSV edge cases many parsers test against: every file
 * reads as its expected JSON says and writes back byte for byte. Upstream's JSON for
 * location_coordinates has a phone number its CSV does not (1234567890 for 2095257564); that file
 * is checked against its CSV.
 */
const spectrum = path.dirname(createRequire(import.meta.url).resolve("csv-spectrum/package.json"));
const names = readdirSync(path.join(spectrum, "csvs"))
  .filter((name) => name.endsWith(".csv"))
  .map((name) => name.slice(0, -".csv".length))
  .sort();

const CORRECTIONS: Record<string, (rows: Record<string, string>[]) => void> = {
  location_coordinates: (rows) => {
    rows[0]["Contact Phone Number"] = "2095257564";
  },
};

describe("csv-spectrum", () => {
  it("has the twelve files", () => {
    expect(names).toHaveLength(12);
  });

  it.each(names)("%s reads as its JSON says and writes back byte for byte", (name) => {
    const bytes = readFileSync(path.join(spectrum, "csvs", `${name}.csv`));
    const upstream = JSON.parse(
      readFileSync(path.join(spectrum, "json", `${name}.json`), "utf8"),
    ) as Record<string, string>[] | Record<string, string>;
    // One upstream file holds its only row as an object rather than a list of one.
    const expected = Array.isArray(upstream) ? upstream : [upstream];
    CORRECTIONS[name]?.(expected);
    const table = parseCsv(new Uint8Array(bytes));
    const rows = Array.from({ length: table.rowCount }, (_, row) =>
      Object.fromEntries(table.header.map((column, col) => [column, table.cell(row, col)])),
    );
    expect(rows).toEqual(expected);
    expect(Buffer.from(serializeWithChanges(table, []))).toEqual(bytes);
  });
});
