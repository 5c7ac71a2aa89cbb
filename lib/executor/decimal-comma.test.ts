import { describe, expect, it } from "vitest";
import { load, planOf, text } from "./test-support";

/**
 * A semicolon file with decimal commas, as Excel writes it in much of Europe: its numbers are
 * numbers to the plan, and the result writes them back with commas.
 */
const EXPORT =
  'sku;category;price;weight\r\nA1;fitness;2,50;1\r\nA2;fitness;10,00;0,5\r\nB1;yoga;"4,25";2\r\n';

describe("decimal commas", () => {
  const table = load(EXPORT);

  it("profiles a decimal-comma column as numbers with their precision", () => {
    const price = table.profile.columns.find((column) => column.name === "price");
    expect(price?.type).toBe("number");
    expect(price?.scale).toBe(2);
    expect(Number(price?.max)).toBe(10);
  });

  it("raises the prices and writes them back in the file's style, the rest byte for byte", () => {
    const result = table.ok(
      planOf([
        {
          filter: { categories: ["fitness"] },
          action: { type: "percent_increase", column: "price", value: 10 },
        },
      ]),
    );
    expect(result.rowsChanged).toBe(2);
    expect(text(result.output)).toBe(
      'sku;category;price;weight\r\nA1;fitness;2,75;1\r\nA2;fitness;11,00;0,5\r\nB1;yoga;"4,25";2\r\n',
    );
  });

  it("filters on a decimal-comma column by its numbers", () => {
    const result = table.ok(
      planOf([
        {
          filter: { all: [{ column: "weight", op: "lt", value: 1 }] },
          action: { type: "set_value", column: "category", value: "light" },
        },
      ]),
    );
    expect(result.changes.map((change) => change.rowKey)).toEqual(["A2"]);
  });

  it("leaves a comma-separated file's quoted commas as text", () => {
    const commas = load('sku,price\nA1,"2,50"\nA2,"3,00"\n');
    const price = commas.profile.columns.find((column) => column.name === "price");
    expect(price?.type).toBe("text");
  });
});
