import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, serializeWithChanges } from "./csv";
import { type MoneyStyle, toMoney } from "./money";
import { profileDataset } from "./profile";

const read = (text: string, options: { keyColumn?: string } = {}) =>
  parseCsv(new TextEncoder().encode(text), options);
const column = (text: string, col: number) => {
  const table = read(text);
  return Array.from({ length: table.rowCount }, (_, row) => table.cell(row, col));
};

describe("amounts with a currency sign", () => {
  it("reads them as plain numbers, in the styles spreadsheets export", () => {
    expect(column('sku,price\nA,$12.50\nB,"$1,250.00"\nC,-$5.00\nD,\n', 1)).toEqual([
      "12.50",
      "1250.00",
      "-5.00",
      "",
    ]);
    expect(column("sku;Preis\nA;12,50 €\nB;1.250,00 €\nC;-3 €\n", 1)).toEqual([
      "12.50",
      "1250.00",
      "-3",
    ]);
    expect(column("id,cost\n1,£2.50\n2,4.00\n3,£-1.25\n", 1)).toEqual(["2.50", "4.00", "-1.25"]);
    expect(column("id;prix\n1;€ 1 250,5\n2;€ 3\n", 1)).toEqual(["1250.5", "3"]);
    expect(column('id,balance\n1,$12.00\n2,($5.25)\n3,"($1,000.00)"\n', 1)).toEqual([
      "12.00",
      "-5.25",
      "-1000.00",
    ]);
  });

  it("leaves columns alone that are not all amounts of one currency, and the key", () => {
    expect(column("id,note\n1,$5 off\n2,$3\n", 1)).toEqual(["$5 off", "$3"]);
    expect(column("id,price\n1,$5\n2,€3\n", 1)).toEqual(["$5", "€3"]);
    expect(column("id,price\n1,5\n2,3\n", 1)).toEqual(["5", "3"]);
    expect(read("code,n\n$1,1\n$2,2\n", { keyColumn: "code" }).rowKey(1)).toBe("$2");
  });

  it("finds a column whose only sign is on the last row it samples, or in parentheses", () => {
    const plain = Array.from({ length: 1_999 }, (_, k) => `k${k},${k}.50,${k}`);
    expect(column(`id,price,n\n${plain.join("\n")}\nlast,£12.50,1\n`, 1).at(-1)).toBe("12.50");
    const more = Array.from({ length: 1_999 }, (_, k) => `k${k},${k}`);
    expect(column(`id,price\n${more.join("\n")}\nlast,"(€5,00)"\n`, 1).at(-1)).toBe("-5.00");
    // Past the rows sampled, a sign is text in a column of numbers.
    expect(column(`id,price\n${more.join("\n")}\nx,1\nlast,$3\n`, 1).at(-1)).toBe("$3");
  });

  it("profiles an amount column as numbers, with their decimals and range", () => {
    const profile = profileDataset(read('sku,price\nA,$12.50\nB,"$1,250.00"\nC,$0.99\n'));
    expect(profile.columns[1]).toMatchObject({
      type: "number",
      decimals: 2,
      min: "0.99",
      max: "1250.00",
    });
  });

  it("writes a negative amount in parentheses where the column does", () => {
    const table = read("id,balance\n1,$12.00\n2,($5.25)\n");
    const out = serializeWithChanges(table, [{ row: 0, column: 1, value: "-3.50" }]);
    expect(new TextDecoder().decode(out)).toBe("id,balance\n1,($3.50)\n2,($5.25)\n");
  });

  it("writes a changed amount in its column's style; other cells keep their bytes", () => {
    const source = 'sku,price,note\nA,$12.50,x\nB,"$1,250.00",y\nC,-$5.00,z\n';
    const table = read(source);
    const out = serializeWithChanges(table, [
      { row: 0, column: 1, value: "13.13" },
      { row: 1, column: 1, value: "1312.50" },
      { row: 2, column: 1, value: "-5.25" },
    ]);
    expect(new TextDecoder().decode(out)).toBe(
      'sku,price,note\nA,$13.13,x\nB,"$1,312.50",y\nC,-$5.25,z\n',
    );
    // An edit to the value a cell already holds changes nothing.
    expect(serializeWithChanges(table, [{ row: 1, column: 1, value: "1250.00" }])).toEqual(
      table.bytes,
    );
  });

  it("reads back any amount it writes, in any style (property)", () => {
    const style = fc.record<MoneyStyle>({
      symbol: fc.constantFrom("$", "€", "£", "¥"),
      before: fc.boolean(),
      space: fc.boolean(),
      decimal: fc.constantFrom(".", ","),
      grouping: fc.constantFrom("", ",", ".", " "),
      minusFirst: fc.boolean(),
      parentheses: fc.boolean(),
    });
    const value = fc
      .tuple(fc.integer({ min: -9_999_999, max: 9_999_999 }), fc.nat({ max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        // A grouping mark is never the decimal mark.
        style.filter((s) => s.grouping !== s.decimal && !(s.decimal === "." && s.grouping === " ")),
        fc.array(value, { minLength: 1, maxLength: 8 }),
        (money, values) => {
          const separator = money.decimal === "," || money.grouping === "," ? ";" : ",";
          const cells = values.map((v) => toMoney(v, money));
          const text = `k${separator}amount\n${cells.map((c, i) => `K${i}${separator}${c}`).join("\n")}\n`;
          const table = read(text);
          const readBack = values.map((_, row) => table.cell(row, 1));
          // "-0.05" and "0.05" aside, each amount reads as the number it was made from.
          expect(readBack.map(Number)).toEqual(values.map(Number));
          expect(serializeWithChanges(table, [])).toEqual(table.bytes);
        },
      ),
      { numRuns: 300 },
    );
  });
});
