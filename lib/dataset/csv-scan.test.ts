import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RowScan, scanRows, skipEmptyLines } from "./csv-scan";
import { scanRowBytes } from "./csv-scan-bytes";

// Fields as files write them: bare, blank, padded, quoted with separators, quotes and line breaks.
const field = fc.constantFrom(
  "",
  "a",
  "bb",
  " x ",
  "7",
  '"q,r"',
  '"line\nbreak"',
  '"cr\r\nlf"',
  '""""',
  '"ends\n"',
);
const lineBreak = fc.constantFrom("\n", "\n", "\r\n", "\n\n", "\n  \n", "\r", "\n\t\n");

/** Rows of `width` fields (now and then one short, a ragged row), each after a line break. */
const file = fc
  .record({ width: fc.integer({ min: 1, max: 3 }), delimiter: fc.constantFrom(",", ";", "\t") })
  .chain(({ width, delimiter }) =>
    fc.record({
      width: fc.constant(width),
      delimiter: fc.constant(delimiter),
      rows: fc.array(
        fc.tuple(
          fc.array(field, { minLength: width, maxLength: width }),
          lineBreak,
          fc.integer({ min: 0, max: 40 }),
        ),
        { minLength: 1, maxLength: 25 },
      ),
      finalBreak: fc.constantFrom("", "\n", "\r\n"),
    }),
  )
  .map(({ width, delimiter, rows, finalBreak }) => {
    const lines = rows.map(([cells, brk, ragged], i) => {
      const shown = ragged === 0 && width > 1 ? cells.slice(1) : cells;
      return `${i === 0 ? "" : brk}${shown.join(delimiter)}`;
    });
    return { width, delimiter: delimiter.charCodeAt(0), text: lines.join("") + finalBreak };
  });

/** What a caller reads of a scan: with a problem, only the problem. */
function readable(scan: RowScan, width: number) {
  if (scan.problem) return { problem: scan.problem };
  const { dictionary } = scan;
  return {
    rowCount: scan.rowCount,
    fieldStart: [...scan.fieldStart.subarray(0, scan.rowCount * width)],
    rowEnd: [...scan.rowEnd.subarray(0, scan.rowCount)],
    keyHashes: [...scan.keyHashes],
    unhashed: scan.unhashed,
    next: scan.next,
    dictionary: dictionary?.overflow
      ? { overflow: true }
      : dictionary && {
          values: dictionary.values,
          codes: [...dictionary.codes],
          unresolved: dictionary.unresolved,
        },
  };
}

describe("scanning an ASCII file's bytes", () => {
  it("finds what a scan of its text finds: rows, offsets, hashes, codes and problems", () => {
    fc.assert(
      fc.property(
        file,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 4 }),
        ({ width, delimiter, text }, base, limit) => {
          const bytes = new TextEncoder().encode(text);
          const keyField = 0;
          const encodeField = width - 1;
          const start = skipEmptyLines(text, 0, delimiter);
          const task = {
            width,
            keyField,
            base,
            sizeFor: text.length,
            encodeField,
            encodeLimit: limit,
            delimiter,
          };
          const ofText = scanRows(text, start, text.length, task);
          const ofBytes = scanRowBytes(bytes, start, bytes.length, task);
          expect(readable(ofBytes, width)).toEqual(readable(ofText, width));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("stops at the first row starting at or after where it was asked to", () => {
    const bytes = new TextEncoder().encode("a,1\nb,2\nc,3\n");
    const scan = scanRowBytes(bytes, 0, 5, { width: 2, keyField: 0, base: 0 });
    expect(scan.rowCount).toBe(2);
    expect(scan.next).toBe(8);
  });

  it("grows its arrays past its first guess of the rows", () => {
    // The first 256 KB are long rows; the rest are short, so many more rows than guessed.
    const long = Array.from({ length: 300 }, (_, i) => `k${i},${"x".repeat(1_000)}`);
    const short = Array.from({ length: 50_000 }, (_, i) => `s${i},${i % 2 ? "a" : "b"}`);
    const bytes = new TextEncoder().encode(`${[...long, ...short].join("\n")}\n`);
    const scan = scanRowBytes(bytes, 0, bytes.length, { width: 2, keyField: 0, base: 0 });
    expect(scan.rowCount).toBe(50_300);
    expect(scan.rowEnd[50_299]).toBe(bytes.length - 1);
    expect(scan.fieldStart[50_299 * 2 + 1]).toBe(bytes.length - 2);
  });
});
