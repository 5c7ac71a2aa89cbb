import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RowScan, scanBytesInPieces, scanRows, skipEmptyLines } from "./csv-scan";

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

describe("scanning a file's bytes a piece at a time", () => {
  it("finds what one scan of the whole text finds, for pieces of any size", () => {
    fc.assert(
      fc.property(
        file,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 4 }),
        ({ width, delimiter, text }, pieceBytes, base, limit) => {
          const bytes = new TextEncoder().encode(text);
          const keyField = 0;
          const encodeField = width - 1;
          const start = skipEmptyLines(text, 0, delimiter);
          const whole = scanRows(
            text.slice(start),
            0,
            text.length - start,
            width,
            keyField,
            base + start,
            text.length - start,
            encodeField,
            limit,
            delimiter,
          );
          const pieces = scanBytesInPieces(
            bytes.subarray(start),
            base + start,
            width,
            keyField,
            encodeField,
            limit,
            delimiter,
            pieceBytes,
          );
          expect(readable(pieces, width)).toEqual(readable(whole, width));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps its arrays close to the size of the rows it finds, over many pieces", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `k${i},${i % 3 === 0 ? "a" : "b"}`);
    const bytes = new TextEncoder().encode(`${rows.join("\n")}\n`);
    const scan = scanBytesInPieces(bytes, 0, 2, 0, 1, 8, 44, 4_096);
    expect(scan.rowCount).toBe(5_000);
    expect(scan.fieldStart.buffer.byteLength).toBeLessThan(5_000 * 2 * 4 * 1.3);
    expect(scan.dictionary?.values).toEqual(["a", "b"]);
    expect(scan.dictionary?.codes[4_999]).toBe(1);
  });
});
