import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { WorkingCells } from "./cells";
import { load, planOf } from "./test-support";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("WorkingCells.readAhead", () => {
  const rowsOf = (count: number) => Int32Array.from({ length: count }, (_, k) => k * 2);

  it("answers the end of a block of 64 rows, or of the rows", () => {
    const lines = Array.from({ length: 300 }, (_, k) => `k${k},${k}.5`);
    const cells = new WorkingCells(
      parseCsv(bytes(`id,v\n${lines.join("\n")}\n`), { keyColumn: "id" }),
    );
    const rows = rowsOf(150);
    expect(cells.readAhead(rows, 0, 1)).toBe(64);
    expect(cells.readAhead(rows, 64, 1)).toBe(128);
    expect(cells.readAhead(rows, 128, 1)).toBe(150);
    expect(cells.readAhead(rows.subarray(0, 0), 0, 1)).toBe(0);
  });

  it("changes nothing it reads: decoded text, no key column, a written column", () => {
    const lines = Array.from({ length: 200 }, (_, k) => `é${k},"${k}, ${k}"`);
    const tables = [
      parseCsv(bytes(`name,v\n${lines.join("\n")}\n`)),
      parseCsv(bytes(`name,v\n${lines.join("\n")}\n`), { keyColumn: "name" }),
    ];
    for (const table of tables) {
      const cells = new WorkingCells(table);
      cells.set(10, 1, "new");
      const rows = rowsOf(100);
      const before = [...rows].map((row) => [cells.get(row, 0), cells.get(row, 1)]);
      for (let k = 0; k < rows.length; k = cells.readAhead(rows, k, 1));
      for (let k = 0; k < rows.length; k = cells.readAhead(rows, k, 0));
      expect([...rows].map((row) => [cells.get(row, 0), cells.get(row, 1)])).toEqual(before);
      expect(cells.get(10, 1)).toBe("new");
    }
  });
});

describe("WorkingCells.expectWrites", () => {
  it("makes no overlay: until a cell is written, a column reads as its input", () => {
    const table = parseCsv(bytes("id,v\na,1\nb,2\nc,1\n"), { keyColumn: "id" });
    const cells = new WorkingCells(table);
    cells.expectWrites(1, 3);
    expect(cells.overlays[1]).toBeUndefined();
    cells.set(1, 1, "9");
    expect(cells.overlays[1]?.size).toBe(1);
    expect([0, 1, 2].map((row) => cells.get(row, 1))).toEqual(["1", "9", "1"]);
  });
});

describe("a numeric filter on a table read from its bytes", () => {
  // The same rows, read from bytes (ASCII) and as decoded text (a name beyond ASCII).
  const values = ["12", "-3.5", "49.99", "50", "50.00", "50.001", "1234567890123456789", "0.5", ""];
  for (let k = 0; k < 30; k++) values.push(`${k * 7}.${k % 10}`);
  const file = (name: string) =>
    `sku,name,price,flag\n${values.map((v, k) => `S${k},${k === 0 ? name : "n"},${v},no`).join("\n")}\n`;
  const ascii = load(file("plain"));
  const decoded = load(file("crème"));
  const matched = (loaded: typeof ascii, op: string, value: number) =>
    loaded
      .ok(
        planOf([
          {
            // After a first condition, so that the price is tested row by row, not by its values.
            filter: {
              all: [
                { column: "flag", op: "eq", value: "no" },
                { column: "price", op, value },
              ],
            },
            action: { type: "set_value", column: "flag", value: "yes" },
          } as never,
        ]),
      )
      .changes.map((change) => change.rowKey);

  it("matches the rows the decoded table matches, big numbers and empty cells included", () => {
    expect(parseCsv(ascii.bytes).decodedText).toBeNull();
    expect(ascii.profile.columns[2].type).toBe("number");
    expect(matched(ascii, "lt", 50).slice(0, 4)).toEqual(["S0", "S1", "S2", "S7"]);
    expect(matched(ascii, "gte", 50).slice(0, 4)).toEqual(["S3", "S4", "S5", "S6"]);
    for (const op of ["lt", "lte", "gt", "gte", "eq", "neq"]) {
      for (const value of [50, 0, -3.5, 50.001, 123456789012]) {
        expect(matched(ascii, op, value)).toEqual(matched(decoded, op, value));
      }
    }
  });
});
