import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiText, isAscii } from "./ascii";
import { type CsvTable, parseCsv } from "./csv";

const encode = (text: string) => new TextEncoder().encode(text);

/** The same file parsed twice, the second table with its text decoded before anything is read. */
function bothWays(text: string): [CsvTable, CsvTable] {
  const fromBytes = parseCsv(encode(text));
  const decoded = parseCsv(encode(text));
  expect(decoded.text).toBe(text);
  return [fromBytes, decoded];
}

describe("an ASCII file read from its bytes", () => {
  it("is not decoded by the parse", () => {
    const table = parseCsv(encode("sku,name\nA1,Lamp\nA2,Desk\n"));
    expect(table.decodedText).toBeNull();
    expect(table.cell(1, 1)).toBe("Desk");
    expect(table.decodedText).toBeNull();
  });

  it("gives every cell as its decoded text does", () => {
    const long = "x".repeat(300);
    const file = [
      "sku,name,note,price",
      'A1,"Lamp, brass","she said ""hi""",12.50',
      `A2,,${long},7`,
      'A3,"",a,"1"',
      "A4,Desk ,   ,0.5",
    ].join("\r\n");
    const [fromBytes, decoded] = bothWays(file);
    expect(fromBytes.rowCount).toBe(decoded.rowCount);
    for (let row = 0; row < decoded.rowCount; row++) {
      for (let col = 0; col < decoded.columnCount; col++) {
        expect(fromBytes.cell(row, col)).toBe(decoded.cell(row, col));
        expect(fromBytes.rawCell(row, col)).toBe(decoded.rawCell(row, col));
        expect(fromBytes.isQuoted(row, col)).toBe(decoded.isQuoted(row, col));
        const value = decoded.cell(row, col);
        expect(fromBytes.cellEquals(row, col, value)).toBe(true);
        expect(fromBytes.cellEquals(row, col, `${value}!`)).toBe(false);
      }
    }
    expect(fromBytes.column(2)).toEqual(decoded.column(2));
    expect(fromBytes.decodedText).toBeNull();
  });

  it("finds the header past more blank lines than the parse decodes at first", () => {
    const table = parseCsv(encode(`${"\n".repeat(200_000)}sku,price\nA1,3\n`));
    expect(table.header).toEqual(["sku", "price"]);
    expect(table.cell(0, 1)).toBe("3");
    expect(table.lineOfRow(0)).toBe(200_002);
  });

  it("reads a header longer than the parse decodes at first", () => {
    const names = Array.from({ length: 900 }, (_, k) => `column_${k}_${"n".repeat(150)}`);
    const table = parseCsv(encode(`${names.join(",")}\n${names.map((_, k) => k).join(",")}\n`));
    expect(table.header).toEqual(names);
    expect(table.cell(0, 899)).toBe("899");
  });

  it("still reads decimal commas and amounts with a currency sign as numbers", () => {
    const commas = parseCsv(encode("sku;price\nA1;12,50\nA2;3,75\n"));
    expect(commas.cell(0, 1)).toBe("12.50");
    const money = parseCsv(encode('sku,price\nA1,"$1,250.00"\nA2,$3.75\n'));
    expect(money.cell(0, 1)).toBe("1250.00");
    expect(money.cell(1, 1)).toBe("3.75");
  });
});

describe("isAscii", () => {
  it("finds a byte of 0x80 or above anywhere, at any alignment", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(8), (bytes, offset) => {
        const padded = new Uint8Array(bytes.length + offset);
        padded.set(bytes, offset);
        const view = padded.subarray(offset);
        expect(isAscii(view)).toBe(bytes.every((b) => b < 0x80));
      }),
    );
  });
});

describe("asciiText", () => {
  it("is the text of the bytes between two offsets, at every length", () => {
    const text = Array.from({ length: 700 }, (_, k) => String.fromCharCode(32 + (k % 95))).join("");
    const bytes = encode(text);
    for (const start of [0, 3]) {
      for (let length = 0; length <= 600; length += length < 20 ? 1 : 37) {
        expect(asciiText(bytes, start, start + length)).toBe(text.slice(start, start + length));
      }
    }
  });
});
