import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { encodeChanges } from "./change-columns";
import { csvField, diffCsvChunks, neutraliseFormula } from "./diff-csv";

describe("neutraliseFormula", () => {
  it("prefixes a quote to cells a spreadsheet would evaluate", () => {
    expect(neutraliseFormula("=1+1")).toBe("'=1+1");
    expect(neutraliseFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("\tx")).toBe("'\tx");
    expect(neutraliseFormula("\rx")).toBe("'\rx");
  });

  it("leaves plain numbers and ordinary text alone", () => {
    expect(neutraliseFormula("-4.50")).toBe("-4.50");
    expect(neutraliseFormula("+3.00")).toBe("+3.00");
    expect(neutraliseFormula("-10.0%")).toBe("-10.0%");
    expect(neutraliseFormula("a=b")).toBe("a=b");
    expect(neutraliseFormula("")).toBe("");
  });
});

describe("csvField", () => {
  it("quotes commas, quotes and line breaks and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });
});

describe("diffCsvChunks", () => {
  const changes = encodeChanges([
    { operationId: "op_01", rowKey: "SKU-1", column: "price", before: "29.99", after: "32.99" },
    { operationId: "op_01", rowKey: "SKU,2", column: "price", before: "10", after: "9.5" },
    { operationId: "op_02", rowKey: "SKU-3", column: "name", before: "Mat", after: '=cmd "x"' },
  ]);

  it("writes the header and the selected changes in view order, in chunks", () => {
    const chunks = [...diffCsvChunks(changes, [2, 0, 1], 2)];
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toBe("row_key,operation,column,before,after,change,change_percent\r\n");
    const table = parseCsv(new TextEncoder().encode(chunks.join("")));
    const rows = Array.from({ length: table.rowCount }, (_, row) =>
      table.header.map((_, column) => table.cell(row, column)),
    );
    expect(rows).toEqual([
      ["SKU-3", "op_02", "name", "Mat", `'=cmd "x"`, "", ""],
      ["SKU-1", "op_01", "price", "29.99", "32.99", "+3.00", "+10.0%"],
      ["SKU,2", "op_01", "price", "10", "9.5", "-0.5", "-5.0%"],
    ]);
  });

  it("writes only the header for an empty view", () => {
    expect([...diffCsvChunks(changes, [])].join("")).toBe(
      "row_key,operation,column,before,after,change,change_percent\r\n",
    );
  });
});
