import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { isFormulaLike, spreadsheetSafeCsv } from "./spreadsheet-safe";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

describe("isFormulaLike", () => {
  it.each([
    ["=1+1", true],
    ["+cmd|' /C calc'!A0", true],
    ["-2+3", true],
    ["@SUM(A1:A2)", true],
    ["\tleading tab", true],
    ["\rleading return", true],
    ["-5", false],
    ["+3.25", false],
    ["-1e3", false],
    ["plain text", false],
    ["a=b", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isFormulaLike(value)).toBe(expected);
  });
});

describe("spreadsheetSafeCsv", () => {
  it("prefixes formula-like cells with an apostrophe and copies everything else byte for byte", () => {
    const csv =
      'sku,name,price\r\nA1,"=HYPERLINK(""http://x"")",-5\r\nA2,@boom,12.50\r\nA3,"\tTabbed",+7\r\nA4,Plain,1\r\n';
    const safe = spreadsheetSafeCsv(encode(csv));
    expect(safe.neutralised).toBe(3);
    const table = parseCsv(safe.bytes);
    expect(table.decodeColumn(1)).toEqual([
      '\'=HYPERLINK("http://x")',
      "'@boom",
      "'\tTabbed",
      "Plain",
    ]);
    expect(table.decodeColumn(2)).toEqual(["-5", "12.50", "+7", "1"]);
    const text = decode(safe.bytes);
    expect(text.startsWith("sku,name,price\r\nA1,")).toBe(true);
    expect(text.endsWith(",+7\r\nA4,Plain,1\r\n")).toBe(true);
  });

  it("returns the same bytes when nothing needs neutralising", () => {
    const bytes = encode("sku,price\nA1,-1.5\nA2,3\n");
    const safe = spreadsheetSafeCsv(bytes);
    expect(safe.neutralised).toBe(0);
    expect(decode(safe.bytes)).toBe(decode(bytes));
  });

  it("neutralises a cell holding a carriage return at its start, keeping it quoted", () => {
    const safe = spreadsheetSafeCsv(encode('sku,note\nA1,"\rsurprise"\n'));
    expect(decode(safe.bytes)).toBe('sku,note\nA1,"\'\rsurprise"\n');
    expect(parseCsv(safe.bytes).cell(0, 1)).toBe("'\rsurprise");
  });

  it("neutralises formula-like header names and keeps a BOM and non-ASCII text", () => {
    const csv = "\uFEFFsku,=cmd,naïve\nA1,=1,café\n";
    const safe = spreadsheetSafeCsv(encode(csv));
    expect(decode(safe.bytes)).toBe("\uFEFFsku,'=cmd,naïve\nA1,'=1,café\n");
    expect(safe.neutralised).toBe(2);
  });
});
