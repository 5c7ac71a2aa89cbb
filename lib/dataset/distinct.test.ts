import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { scanDistinct } from "./distinct";

/** The distinct values of column `col` the slow, obvious way: one Map over decoded cells. */
function reference(csv: string, col: number) {
  const table = parseCsv(new TextEncoder().encode(csv));
  const seen = new Map<string, { firstRow: number; count: number }>();
  let empty = 0;
  for (let row = 0; row < table.rowCount; row++) {
    const value = table.cell(row, col);
    if (/^[ \t]*$/.test(value)) {
      empty++;
      continue;
    }
    const entry = seen.get(value);
    if (entry) entry.count++;
    else seen.set(value, { firstRow: row, count: 1 });
  }
  return { empty, values: [...seen.values()] };
}

/** The scan counting off the dictionary, or (`oneTableValues` given) in one table or buckets. */
function scanned(csv: string, col: number, oneTableValues?: number) {
  const table = parseCsv(new TextEncoder().encode(csv));
  const ways = oneTableValues === undefined ? {} : { dictionaryValues: 0, oneTableValues };
  const scan = scanDistinct(table, col, ways);
  return {
    empty: scan.empty,
    values: Array.from({ length: scan.distinct }, (_, k) => ({
      firstRow: scan.firstRow[k],
      count: scan.count[k],
    })),
  };
}

// Few letters, so values repeat; quotes, spaces and tabs, so quoted, escaped and blank cells occur.
const cell = fc.stringMatching(/^[ab" \t]{0,3}$/);
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csvOf = (cells: string[]) =>
  `id,value\n${cells.map((v, k) => `${k},${quoted(v)}`).join("\n")}\n`;

describe("scanDistinct", () => {
  it("counts the values a Map of decoded cells counts, in first-appearance order, whichever way it counts", () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 40 }), fc.nat(6), (cells, limit) => {
        const csv = csvOf(cells);
        const expected = reference(csv, 1);
        // A limit of 0 to 6 values sends most tables down the bucketed path, 1024 keeps one table,
        // undefined counts off the dictionary.
        expect(scanned(csv, 1, limit)).toEqual(expected);
        expect(scanned(csv, 1, 1024)).toEqual(expected);
        expect(scanned(csv, 1)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("tells apart values whose hashes are equal", () => {
    // "v332789" and "v529192" have the same 32-bit FNV-1a hash.
    const rows = ["v332789", "v529192", "v332789", "v529192", "v529192"];
    const csv = `id,value\n${rows.map((v, k) => `${k},${v}`).join("\n")}\n`;
    for (const limit of [0, 1 << 17, undefined]) {
      expect(scanned(csv, 1, limit).values).toEqual([
        { firstRow: 0, count: 2 },
        { firstRow: 1, count: 3 },
      ]);
    }
  });

  it("counts a column of unique ids in buckets, as a large table does", () => {
    const csv = `id\n${Array.from({ length: 5000 }, (_, k) => `ID-${k}`).join("\n")}\n`;
    const scan = scanned(csv, 0, 100);
    expect(scan.values).toHaveLength(5000);
    expect(scan.values.every((v, k) => v.firstRow === k && v.count === 1)).toBe(true);
  });

  it("moves a column whose first rows are all different to the buckets early, and counts it the same", () => {
    const rows = Array.from({ length: 20_000 }, (_, k) => `ID-${k % 19_000}`);
    const csv = `id\n${rows.join("\n")}\n`;
    // More rows than one table may hold values, so it looks early.
    const scan = scanned(csv, 0, 18_000);
    expect(scan.values).toHaveLength(19_000);
    expect(scan.values.slice(0, 1000).every((v) => v.count === 2)).toBe(true);
    expect(scan.values.slice(1000).every((v) => v.count === 1)).toBe(true);
    expect(scan).toEqual(reference(csv, 0));
  });
});
