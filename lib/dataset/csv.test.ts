import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnOverlay } from "./column-overlay";
import { CsvError, parseCsv, renderField, serializeWithChanges, writeChanges } from "./csv";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(data);

function csvError(source: string | Uint8Array, keyColumn?: string): CsvError {
  try {
    parseCsv(typeof source === "string" ? bytes(source) : source, { keyColumn });
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error("expected a CsvError");
}

describe("parseCsv", () => {
  it("reads header, rows and cells", () => {
    const table = parseCsv(bytes("sku,price\nA1,1.50\nA2,2\n"));
    expect(table.header).toEqual(["sku", "price"]);
    expect(table.rowCount).toBe(2);
    expect(table.cell(1, 1)).toBe("2");
    expect(table.column(0)).toEqual(["A1", "A2"]);
  });

  it("handles quoted fields, escaped quotes and embedded newlines", () => {
    const table = parseCsv(bytes('id,name,note\n1,"a, b","say ""hi"""\n2,"line\nbreak",x\n'));
    expect(table.cell(0, 1)).toBe("a, b");
    expect(table.cell(0, 2)).toBe('say "hi"');
    expect(table.cell(1, 1)).toBe("line\nbreak");
    expect(table.rawCell(0, 2)).toBe('"say ""hi"""');
    expect(table.lineOfRow(1)).toBe(3);
  });

  it("accepts CRLF, LF and CR line endings, mixed, and no final newline", () => {
    const table = parseCsv(bytes("a,b\r\n1,2\n3,4\r5,6"));
    expect(table.column(0)).toEqual(["1", "3", "5"]);
    expect(table.column(1)).toEqual(["2", "4", "6"]);
  });

  it("skips a UTF-8 BOM and keeps non-ASCII text", () => {
    const table = parseCsv(bytes("\uFEFFsku,name\nA1,Café ☕\nA2,naïve 🍵\n"));
    expect(table.header).toEqual(["sku", "name"]);
    expect(table.cell(0, 1)).toBe("Café ☕");
    expect(table.cell(1, 1)).toBe("naïve 🍵");
  });

  it("skips blank lines", () => {
    const table = parseCsv(bytes("a,b\n\n1,2\n\n\n3,4\n\n"));
    expect(table.rowCount).toBe(2);
    expect(table.lineOfRow(1)).toBe(6);
  });

  it("takes a quote inside an unquoted field literally", () => {
    const table = parseCsv(bytes('id,size\n1,5" screen\n'));
    expect(table.cell(0, 1)).toBe('5" screen');
  });

  it("trims header names", () => {
    expect(parseCsv(bytes(" sku , price\nA,1\n")).header).toEqual(["sku", "price"]);
  });

  it("indexes keys", () => {
    const table = parseCsv(bytes('sku,p\nA1,1\n"B,2",2\nC3,3\n'), { keyColumn: "sku" });
    expect(table.rowOfKey("B,2")).toBe(1);
    expect(table.rowOfKey("C3")).toBe(2);
    expect(table.rowOfKey("nope")).toBe(-1);
    expect(table.rowKey(0)).toBe("A1");
    expect(table.keyIndex().get("C3")).toBe(2);
  });
});

describe("CSV errors", () => {
  it("empty file", () => {
    const error = csvError("");
    expect(error.code).toBe("empty_file");
    expect(csvError("\n\r\n").code).toBe("empty_file");
    expect(csvError(new Uint8Array([0xef, 0xbb, 0xbf])).code).toBe("empty_file");
  });

  it("not UTF-8, with the line", () => {
    const data = new Uint8Array([...bytes("a,b\n1,2\n3,"), 0xff, ...bytes("\n")]);
    const error = csvError(data);
    expect(error.code).toBe("not_utf8");
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^Line 3 /);
  });

  it("ragged row names the line and both counts", () => {
    const error = csvError("a,b,c,d\n1,2,3,4\n1,2,3,4\n1,2,3\n");
    expect(error.code).toBe("ragged_row");
    expect(error.line).toBe(4);
    expect(error.message).toBe("Line 4 has 3 fields; the header has 4.");
    const tooMany = csvError("a,b\n1,2\n1,2,3\n");
    expect(tooMany.message).toBe("Line 3 has 3 fields; the header has 2.");
  });

  it("names the same lines and counts in files with a BOM and non-ASCII text", () => {
    const ragged = csvError('\uFEFFa,b\nç,☕\r\n🍵,"ü\nü"\r\né,1,2\n');
    expect(ragged.message).toBe("Line 5 has 3 fields; the header has 2.");
    const short = csvError("a,b,c\nä,ö,ü\n\nß\n");
    expect(short.message).toBe("Line 4 has 1 field; the header has 3.");
    const open = csvError('\uFEFFa,b\né,1\n😀,"open\n');
    expect(open.code).toBe("unterminated_quote");
    expect(open.line).toBe(3);
    const after = csvError('a,b\né,1\nü,"x"y\n');
    expect(after.message).toMatch(/^Line 3: field 2 has text after its closing quote/);
  });

  it("counts lines inside quoted fields", () => {
    const error = csvError('a,b\n"x\ny",2\n1\n');
    expect(error.line).toBe(4);
  });

  it("unterminated quote names the line it opens on", () => {
    const error = csvError('a,b\n1,2\n3,"open\nstill open\n');
    expect(error.code).toBe("unterminated_quote");
    expect(error.line).toBe(3);
  });

  it("text after a closing quote", () => {
    const error = csvError('a,b\n1,"x"y\n');
    expect(error.code).toBe("invalid_quote");
    expect(error.line).toBe(2);
  });

  it("duplicate and empty header names", () => {
    const duplicate = csvError("sku,price,sku\n1,2,3\n");
    expect(duplicate.code).toBe("duplicate_header");
    expect(duplicate.line).toBe(1);
    expect(duplicate.message).toMatch(/'sku' appears twice/);
    const empty = csvError("sku,,price\n1,2,3\n");
    expect(empty.code).toBe("empty_header");
    expect(empty.message).toMatch(/column 2/);
  });

  it("a trailing column without a name is kept when nothing is written in it", () => {
    // What Excel writes when a sheet's last column was once used: a comma after every line.
    const source = 'sku,price,\r\nA1,9.99,\r\nA2,5,""\r\n';
    const table = parseCsv(bytes(source));
    expect(table.header).toEqual(["sku", "price", ""]);
    expect(table.rowCount).toBe(2);
    const changed = serializeWithChanges(table, [{ row: 0, column: 1, value: "10.99" }]);
    expect(new TextDecoder().decode(changed)).toBe('sku,price,\r\nA1,10.99,\r\nA2,5,""\r\n');
    const written = csvError("sku,price,\nA1,9.99,\nA2,5,oops\n");
    expect(written.code).toBe("empty_header");
    expect(written.line).toBe(3);
    expect(written.message).toBe(
      "Line 3 has a value in column 3, which has no name in the header. Name the column in the header (or delete the value) and upload again.",
    );
  });

  it("a line of spaces or tabs is an empty line: skipped as a row, kept in the file", () => {
    const source = "sku,price\nA1,1\n   \nA2,2\n\t \r\nA3,3\n  ";
    const table = parseCsv(bytes(source));
    expect(table.rowCount).toBe(3);
    expect(table.cell(2, 0)).toBe("A3");
    const changed = serializeWithChanges(table, [{ row: 1, column: 1, value: "20" }]);
    expect(new TextDecoder().decode(changed)).toBe(source.replace("A2,2", "A2,20"));
    // A one-column table writes a cell of spaces in quotes, so it reads back as a cell.
    const names = parseCsv(bytes("name\nAda\n"));
    const spaced = serializeWithChanges(names, [{ row: 0, column: 0, value: "  " }]);
    expect(parseCsv(spaced).cell(0, 0)).toBe("  ");
  });

  it("duplicate key names both lines", () => {
    const error = csvError("sku,p\nA101,1\nB1,2\nC1,3\nD1,4\nE1,5\nA101,6\n", "sku");
    expect(error.code).toBe("duplicate_key");
    expect(error.line).toBe(7);
    expect(error.message).toBe("Line 7: key 'A101' already appears on line 2.");
  });

  it("indexes and checks many keys, naming the first repeat in file order", () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `K${(i * 7919) % 100_003}`);
    const table = parseCsv(bytes(`sku,p\n${keys.map((k) => `${k},1\n`).join("")}`), {
      keyColumn: "sku",
    });
    expect(keys.every((key, row) => table.rowOfKey(key) === row)).toBe(true);
    expect(table.rowOfKey("K-1")).toBe(-1);

    const repeated = [...keys];
    repeated[4000] = keys[10];
    repeated[3000] = keys[2500];
    const error = csvError(`sku,p\n${repeated.map((k) => `${k},1\n`).join("")}`, "sku");
    expect(error.message).toBe(`Line 3002: key '${keys[2500]}' already appears on line 2502.`);
  });

  it("names the first repeat in file order and the key's first line, wherever keys repeat", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 3_000 }),
        (numbers) => {
          const keys = numbers.map((n) => `K${n}`);
          const data = `sku,p\n${keys.map((k) => `${k},1\n`).join("")}`;
          const firstRow = new Map<string, number>();
          let expected: string | null = null;
          keys.forEach((key, row) => {
            const first = firstRow.get(key);
            if (first === undefined) firstRow.set(key, row);
            else expected ??= `Line ${row + 2}: key '${key}' already appears on line ${first + 2}.`;
          });
          if (expected === null) {
            const table = parseCsv(bytes(data), { keyColumn: "sku" });
            expect(keys.every((key, row) => table.rowOfKey(key) === row)).toBe(true);
          } else {
            expect(csvError(data, "sku").message).toBe(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("tells apart different keys with the same hash", () => {
    // Two keys whose FNV-1a hashes collide (found by search; 32 bits collide after ~100k keys).
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let n = 0; !pair; n++) {
      const key = `k${n}`;
      let hash = 0x811c9dc5;
      for (let k = 0; k < key.length; k++) hash = Math.imul(hash ^ key.charCodeAt(k), 0x01000193);
      const other = seen.get(hash);
      if (other !== undefined) pair = [other, key];
      seen.set(hash, key);
    }
    const [a, b] = pair;
    const table = parseCsv(bytes(`sku,p\n${a},1\n${b},2\n`), { keyColumn: "sku" });
    expect([table.rowOfKey(a), table.rowOfKey(b)]).toEqual([0, 1]);
    expect(csvError(`sku,p\n${a},1\n${b},2\n${b},3\n`, "sku").message).toBe(
      `Line 4: key '${b}' already appears on line 3.`,
    );
  });

  it("finds keys however they were hashed: while scanning, quoted, non-ASCII or set later", () => {
    const data = 'p,sku\n1,A1\n2,"B,2"\n3,""\n';
    expect(csvError(data, "sku").message).toBe(
      "Line 4: the key column 'sku' is empty; every row needs a key.",
    );
    const ascii = parseCsv(bytes('p,sku\n1,A1\n2,"B,2"\n3," C"\n'), { keyColumn: "sku" });
    expect(["A1", "B,2", " C", "C"].map((k) => ascii.rowOfKey(k))).toEqual([0, 1, 2, -1]);
    const accented = parseCsv(bytes("p,sku\n1,é1\n2,ü2\n"), { keyColumn: "sku" });
    expect(accented.rowOfKey("ü2")).toBe(1);
    const later = parseCsv(bytes("p,sku\n1,A1\n2,B2\n"));
    later.setKeyColumn("sku");
    expect(later.rowOfKey("B2")).toBe(1);
  });

  it("empty key", () => {
    const error = csvError("sku,p\nA1,1\n ,2\n", "sku");
    expect(error.code).toBe("empty_key");
    expect(error.line).toBe(3);
  });

  it("unknown key column", () => {
    const error = csvError("sku,p\nA1,1\n", "id");
    expect(error.code).toBe("unknown_key_column");
  });
});

describe("files separated by semicolons, tabs or pipes", () => {
  it("reads an Excel semicolon export with decimal commas as its columns", () => {
    const table = parseCsv(bytes('sku;price;note\r\nA1;2,50;"tea; green"\r\nA2;4,00;plain\r\n'));
    expect(table.delimiter).toBe(";");
    expect(table.header).toEqual(["sku", "price", "note"]);
    // Read as a number; the file keeps its comma (see decimal-comma.ts).
    expect(table.cell(0, 1)).toBe("2.50");
    expect(table.decimalCommaColumns.has(1)).toBe(true);
    expect(table.cell(0, 2)).toBe("tea; green");
  });

  it("reads a tab-separated file with quotes", () => {
    const table = parseCsv(bytes('sku\tname\tprice\nA1\t"Mug, large"\t2.50\n'));
    expect(table.delimiter).toBe("\t");
    expect(table.cell(0, 1)).toBe("Mug, large");
  });

  it("writes changed cells for the file's own separator and keeps the rest byte for byte", () => {
    const input = bytes("sku;note;price\r\nA1;x;1\r\nA2;y;2\r\n");
    const table = parseCsv(input);
    const changed = serializeWithChanges(table, [
      { row: 0, column: 1, value: "a;b" },
      { row: 1, column: 1, value: "a,b" },
    ]);
    expect(new TextDecoder().decode(changed)).toBe('sku;note;price\r\nA1;"a;b";1\r\nA2;a,b;2\r\n');
  });

  it("takes the separator it is given over the one it would detect", () => {
    const table = parseCsv(bytes("a;b\n1;2\n"), { delimiter: "," });
    expect(table.header).toEqual(["a;b"]);
  });
});

describe("serializeWithChanges", () => {
  const source = '\uFEFFsku,name,price\r\nA1,"quoted, name",1.50\r\nA2,plain,"2.00"\nA3,x,3\r\n';

  it("writes an unchanged table back byte for byte", () => {
    const data = bytes(source);
    expect(serializeWithChanges(parseCsv(data), [])).toEqual(data);
  });

  it("re-renders only changed cells and keeps everything else", () => {
    const table = parseCsv(bytes(source));
    const out = serializeWithChanges(table, [
      { row: 0, column: 2, value: "1.65" },
      { row: 1, column: 2, value: "2.20" },
      { row: 2, column: 1, value: 'has "quotes", commas' },
    ]);
    expect(text(out)).toBe(
      '\uFEFFsku,name,price\r\nA1,"quoted, name",1.65\r\nA2,plain,"2.20"\nA3,"has ""quotes"", commas",3\r\n',
    );
  });

  it("handles longer, shorter and same-length cells in one file", () => {
    const table = parseCsv(bytes("k,v,w\nA,10.00,x\nB,9.99,y\nC,100.00,z\nD,1,w\n"));
    const out = serializeWithChanges(table, [
      { row: 0, column: 1, value: "11.00" },
      { row: 1, column: 1, value: "10.99" },
      { row: 2, column: 1, value: "90.00" },
      { row: 2, column: 2, value: "zz" },
      { row: 3, column: 1, value: "2" },
    ]);
    expect(text(out)).toBe("k,v,w\nA,11.00,x\nB,10.99,y\nC,90.00,zz\nD,2,w\n");
  });

  it("writes a large table in shared memory as it writes it from plain memory", () => {
    // Megabytes, so the output is assembled in several pieces, each copied into shared memory.
    const rows = Array.from({ length: 60_000 }, (_, k) => `K${k},${k % 97}.5,${k % 2 === 0}`);
    const encoded = bytes(`id,price,flag\n${rows.join("\n")}\n`);
    const shared = new Uint8Array(new SharedArrayBuffer(encoded.length + 3), 3, encoded.length);
    shared.set(encoded);
    const edits = [];
    for (let row = 0; row < rows.length; row += 3) {
      edits.push({ row, column: 1, value: row % 2 === 0 ? "1" : "1000.25" });
      if (row % 5 === 0) edits.push({ row, column: 2, value: "maybe" });
    }
    const expected = Buffer.from(writeChanges(parseCsv(encoded), edits).bytes);
    const written = writeChanges(parseCsv(shared), edits).bytes;
    expect(written.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(written).equals(expected)).toBe(true);
  });

  it("counts a row with several changed cells once", () => {
    const table = parseCsv(bytes("k,v,w\nA,1,x\nB,2,y\nC,3,z\n"));
    const written = writeChanges(
      table,
      new Map([
        [2, ColumnOverlay.of(["xx", undefined, "z"])],
        [1, ColumnOverlay.of(["10", "20", undefined])],
      ]),
    );
    expect(text(written.bytes)).toBe("k,v,w\nA,10,xx\nB,20,y\nC,3,z\n");
    expect(written.rowsChanged).toBe(2);
    expect(written.cellsChanged).toBe(3);
  });

  it("gives the written table without parsing it again, even when an empty last cell is filled", () => {
    const table = parseCsv(bytes("k,v,note\nA,1,\nB,2,\r\nC,3,\n"));
    const written = writeChanges(table, [
      { row: 0, column: 2, value: "new" },
      { row: 1, column: 1, value: "20" },
      { row: 1, column: 2, value: "a, b" },
    ]);
    const shifted = written.shiftedTable();
    const parsed = parseCsv(written.bytes);
    expect(shifted?.rowEnd).toEqual(parsed.rowEnd);
    expect(shifted?.fieldStart).toEqual(parsed.fieldStart);
    expect([0, 1, 2].map((row) => shifted?.cell(row, 2))).toEqual(["new", "a, b", ""]);
    // ASCII without a BOM, like the input: read from its bytes, not decoded.
    expect(shifted?.decodedText).toBeNull();
    // Non-ASCII text: offsets are no longer bytes, so it is parsed instead.
    expect(writeChanges(table, [{ row: 2, column: 2, value: "é" }]).shiftedTable()).toBeNull();
  });

  it("treats an edit equal to the current value as no change", () => {
    const data = bytes(source);
    const table = parseCsv(data);
    expect(serializeWithChanges(table, [{ row: 1, column: 2, value: "2.00" }])).toEqual(data);
  });

  it("works for non-ASCII files", () => {
    const table = parseCsv(bytes("k,v\nü,1\né,2\n"));
    const out = serializeWithChanges(table, new Map([[1, ColumnOverlay.of([undefined, "3"])]]));
    expect(text(out)).toBe("k,v\nü,1\né,3\n");
  });

  it("quotes only when needed, or when the replaced cell was quoted", () => {
    expect(renderField("32.99")).toBe("32.99");
    expect(renderField("a,b")).toBe('"a,b"');
    expect(renderField('5"')).toBe('"5"""');
    expect(renderField("line\nbreak")).toBe('"line\nbreak"');
    expect(renderField(" padded")).toBe('" padded"');
    expect(renderField("x", true)).toBe('"x"');
    expect(renderField("")).toBe("");
  });
});

describe("column dictionaries", () => {
  const source =
    '\uFEFFsku,category,note\nA1,café,x\nA2,"café",y\nA3,"say ""hi""",z\nA4,tea,w\nA5,café,v\n';
  const decode = (table: ReturnType<typeof parseCsv>, col: number, limit: number) => {
    const dictionary = table.dictionary(col, limit);
    return dictionary && Array.from(dictionary.codes, (code) => dictionary.values[code]);
  };

  it("encodes a column during the parse as a pass over it would, quoted and non-ASCII cells included", () => {
    const encoded = parseCsv(bytes(source), { encode: { column: "category", limit: 3 } });
    const plain = parseCsv(bytes(source));
    const values = ["café", "café", 'say "hi"', "tea", "café"];
    expect(decode(encoded, 1, 3)).toEqual(values);
    expect(decode(plain, 1, 3)).toEqual(values);
    expect(encoded.dictionary(1, 3)?.values).toHaveLength(3);
  });

  it("chooses the column from the header when asked by a function", () => {
    const headers: string[][] = [];
    const chosen = parseCsv(bytes(source), {
      encode: (header) => {
        headers.push([...header]);
        return { column: "category", limit: 3 };
      },
    });
    expect(headers[0]).toEqual(["sku", "category", "note"]);
    expect(decode(chosen, 1, 3)).toEqual(["café", "café", 'say "hi"', "tea", "café"]);
    const none = parseCsv(bytes(source), { encode: () => undefined });
    expect(decode(none, 1, 3)).toEqual(decode(chosen, 1, 3));
  });

  it("has none for a column with more distinct values than the limit", () => {
    const encoded = parseCsv(bytes(source), { encode: { column: "category", limit: 2 } });
    expect(encoded.dictionary(1, 2)).toBeNull();
    const byNote = parseCsv(bytes(source), { encode: { column: "note", limit: 2 } });
    expect(byNote.dictionary(2, 2)).toBeNull();
    expect(parseCsv(bytes(source)).dictionary(1, 2)).toBeNull();
  });

  it("builds one by a pass for a limit or a column the parse did not encode, and keeps it", () => {
    const table = parseCsv(bytes(source), { encode: { column: "category", limit: 2 } });
    expect(decode(table, 1, 3)).toEqual(["café", "café", 'say "hi"', "tea", "café"]);
    expect(decode(table, 0, 10)).toEqual(["A1", "A2", "A3", "A4", "A5"]);
    const unknown = parseCsv(bytes(source), { encode: { column: "nope", limit: 3 } });
    expect(decode(unknown, 1, 3)).toEqual(["café", "café", 'say "hi"', "tea", "café"]);
    expect(table.dictionary(0, 10)).toBe(table.dictionary(0, 10));
  });
});

describe("a likely key hashed during the parse", () => {
  // Semicolon files, so that decimal commas ("1,5") are read as points in some columns.
  const cell = fc.constantFrom("1", "2", "1,5", "2,5", "a", '"b"', "", "x;y");
  const fileOf = (rows: string[][]) =>
    `k;n;v\n${rows.map((row) => row.map((c) => (c.includes(";") ? `"${c}"` : c)).join(";")).join("\n")}\n`;

  it("keys the table as a parse without it does, whichever column becomes the key", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom("k", "n", "v", "missing"),
        fc.constantFrom("k", "n", "v"),
        (rows, likely, key) => {
          const bytes = new TextEncoder().encode(fileOf(rows));
          const keyed = (table: ReturnType<typeof parseCsv>) => {
            try {
              table.setKeyColumn(key);
            } catch (error) {
              return (error as CsvError).code;
            }
            return Array.from({ length: table.rowCount }, (_, row) =>
              table.rowOfKey(table.rowKey(row)),
            );
          };
          const hinted = parseCsv(bytes, { likelyKeyColumn: () => likely });
          const plain = parseCsv(bytes);
          expect(keyed(hinted)).toEqual(keyed(plain));
          expect(hinted.column(2)).toEqual(plain.column(2));
        },
      ),
      { numRuns: 300 },
    );
  });
});
