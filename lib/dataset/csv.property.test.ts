import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CsvTable, parseCsv, serializeWithChanges, writeChanges } from "./csv";
import { DELIMITERS, type Delimiter, detectDelimiter } from "./csv-dialect";
import { linePatch, linePatchOfReplacements } from "./line-patch";

/** Parse then serialise is the identity on any well-formed CSV; cells decode to what was written. */

const value = fc.stringMatching(/^[a-z0-9 ,;|"\r\n\t\u00e9\u00fc\u4e2d\u{1F600}.-]{0,10}$/u);

const csvFile = fc
  .record({
    width: fc.integer({ min: 1, max: 5 }),
    delimiter: fc.constantFrom(...DELIMITERS),
    bom: fc.boolean(),
    finalBreak: fc.constantFrom("", "\n", "\r\n", "\r"),
  })
  .chain(({ width, delimiter, bom, finalBreak }) =>
    fc
      .array(
        fc.record({
          cells: fc.array(fc.record({ value, quote: fc.boolean() }), {
            minLength: width,
            maxLength: width,
          }),
          lineBreak: fc.constantFrom("\n", "\r\n", "\r"),
        }),
        { minLength: 0, maxLength: 12 },
      )
      .map((rows) => ({ width, delimiter, bom, finalBreak, rows })),
  )
  // A row whose line is nothing but spaces and tabs is an empty line, which the parser skips and
  // keeps in the file (in a tab-separated file, tabs separate empty cells: only spaces are blank).
  .filter(({ delimiter, rows }) =>
    rows.every((row) => !blankLine(renderRow(row.cells, delimiter), delimiter)),
  );

function blankLine(line: string, delimiter: string): boolean {
  return delimiter === "\t" ? /^ *$/.test(line) : /^[ \t]*$/.test(line);
}

function renderRow(cells: Array<{ value: string; quote: boolean }>, separator: string): string {
  return cells
    .map(({ value, quote }) =>
      quote || /["\r\n]/.test(value) || value.includes(separator)
        ? `"${value.replaceAll('"', '""')}"`
        : value,
    )
    .join(separator);
}

function write(file: {
  width: number;
  delimiter: Delimiter;
  bom: boolean;
  finalBreak: string;
  rows: Array<{ cells: Array<{ value: string; quote: boolean }>; lineBreak: string }>;
}): string {
  const separator = file.delimiter;
  const header = Array.from({ length: file.width }, (_, i) => `c${i}`).join(separator);
  const lines = file.rows.map(
    ({ cells, lineBreak }) => `${lineBreak}${renderRow(cells, separator)}`,
  );
  return `${file.bom ? "\uFEFF" : ""}${header}${lines.join("")}${file.finalBreak}`;
}

/** Up to six cells to change, as row and column numbers any table wraps, and a new value. */
const picks = fc.array(fc.tuple(fc.nat(), fc.nat(), value), { maxLength: 6 });

function editsOf(table: CsvTable, chosen: Array<[number, number, string]>) {
  return chosen.map(([row, column, replacement]) => ({
    row: row % table.rowCount,
    column: column % table.columnCount,
    value: replacement,
  }));
}

describe("CSV properties", () => {
  it("parse then serialise returns the same bytes, and cells read back", () => {
    fc.assert(
      fc.property(csvFile, (file) => {
        const text = write(file);
        const bytes = new TextEncoder().encode(text);
        const table = parseCsv(bytes, { delimiter: file.delimiter });
        // With more than one column the header shows the separator, and the file is read alike.
        if (file.width > 1) expect(detectDelimiter(text, file.bom ? 1 : 0)).toBe(file.delimiter);
        expect(table.rowCount).toBe(file.rows.length);
        file.rows.forEach((row, r) => {
          row.cells.forEach((cell, c) => {
            expect(table.cell(r, c)).toBe(cell.value);
          });
        });
        expect(serializeWithChanges(table, [])).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it("changing cells and changing them back restores the bytes", () => {
    fc.assert(
      fc.property(csvFile, value, (file, replacement) => {
        const bytes = new TextEncoder().encode(write(file));
        const options = { delimiter: file.delimiter };
        const table = parseCsv(bytes, options);
        if (table.rowCount === 0) return;
        const edits = [{ row: 0, column: 0, value: replacement }];
        const changed = parseCsv(serializeWithChanges(table, edits), options);
        expect(changed.cell(0, 0)).toBe(replacement);
        for (let c = 1; c < table.columnCount; c++)
          expect(changed.rawCell(0, c)).toBe(table.rawCell(0, c));
        const original = table.cell(0, 0);
        const back = serializeWithChanges(changed, [{ row: 0, column: 0, value: original }]);
        // The value always comes back; so do the bytes when neither value needs quotes, since
        // quotes a cell did not need are kept as the file's style (see renderField). Otherwise
        // the column's usual quoting decides, which one row cannot show.
        expect(parseCsv(back, options).cell(0, 0)).toBe(original);
        const needs = (v: string) =>
          /["\r\n]|^\s|\s$/.test(v) ||
          v.includes(file.delimiter) ||
          (/^[ \t]*$/.test(v) && table.columnCount === 1);
        if (!needs(original) && !needs(replacement)) expect(back).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it("the patch back to the input is the one comparing every line finds", () => {
    fc.assert(
      fc.property(csvFile, picks, (file, picks) => {
        const bytes = new TextEncoder().encode(write(file));
        const table = parseCsv(bytes, { delimiter: file.delimiter });
        if (table.rowCount === 0) return;
        const edits = editsOf(table, picks);
        const written = writeChanges(table, edits);
        const expected = linePatch(written.bytes, bytes);
        const replaced = written.replacements();
        const patch = replaced
          ? linePatchOfReplacements(bytes, written.bytes, replaced)
          : linePatch(written.bytes, bytes);
        expect(patch && Buffer.from(patch)).toEqual(expected && Buffer.from(expected));
      }),
      { numRuns: 500 },
    );
  });

  it("the output written in pieces of any size joins to the output", () => {
    fc.assert(
      fc.property(csvFile, picks, fc.integer({ min: 1, max: 40 }), (file, picks, size) => {
        const table = parseCsv(new TextEncoder().encode(write(file)), {
          delimiter: file.delimiter,
        });
        const edits = table.rowCount === 0 ? [] : editsOf(table, picks);
        const written = writeChanges(table, edits);
        // Each piece is copied as it comes: the next one may reuse its buffer.
        const pieces = Array.from(written.pieces(size), (piece) => Buffer.from(piece));
        expect(Buffer.concat(pieces)).toEqual(Buffer.from(written.bytes));
        for (const piece of pieces) expect(piece.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it("the output of a table in shared memory is the same, whole and in pieces", () => {
    fc.assert(
      fc.property(
        csvFile,
        picks,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 7 }),
        (file, picks, size, offset) => {
          const encoded = new TextEncoder().encode(write(file));
          // At any distance from a word boundary: the writer copies spans by how they align.
          const shared = new Uint8Array(
            new SharedArrayBuffer(encoded.length + offset),
            offset,
            encoded.length,
          );
          shared.set(encoded);
          const options = { delimiter: file.delimiter };
          const plain = parseCsv(encoded, options);
          const table = parseCsv(shared, options);
          const edits = table.rowCount === 0 ? [] : editsOf(table, picks);
          const expected = Buffer.from(writeChanges(plain, edits).bytes);
          const written = writeChanges(table, edits);
          expect(Buffer.from(written.bytes)).toEqual(expected);
          const pieces = Array.from(written.pieces(size), (piece) => Buffer.from(piece));
          expect(Buffer.concat(pieces)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the written table shifted from the input's offsets is the one parsing it gives", () => {
    fc.assert(
      fc.property(csvFile, picks, (file, picks) => {
        const options = { delimiter: file.delimiter };
        const table = parseCsv(new TextEncoder().encode(write(file)), options);
        if (table.rowCount === 0) return;
        const edits = editsOf(table, picks);
        const written = writeChanges(table, edits);
        const shifted = written.shiftedTable();
        if (!shifted) return;
        const parsed = parseCsv(written.bytes, options);
        const cells = parsed.rowCount * parsed.columnCount;
        // Without a BOM, the output is read from its bytes, as the input was.
        expect(shifted.decodedText === null).toBe(!table.hasBom);
        expect(shifted.rowCount).toBe(parsed.rowCount);
        expect(shifted.header).toEqual(parsed.header);
        expect(shifted.headerEnd).toBe(parsed.headerEnd);
        expect([...shifted.fieldStart.subarray(0, cells)]).toEqual([
          ...parsed.fieldStart.subarray(0, cells),
        ]);
        expect([...shifted.rowEnd.subarray(0, parsed.rowCount)]).toEqual([
          ...parsed.rowEnd.subarray(0, parsed.rowCount),
        ]);
        for (let row = 0; row < parsed.rowCount; row++) {
          for (let col = 0; col < parsed.columnCount; col++) {
            expect(shifted.cell(row, col)).toBe(parsed.cell(row, col));
          }
        }
        expect(shifted.text).toBe(parsed.text);
      }),
      { numRuns: 1000 },
    );
  });
});
