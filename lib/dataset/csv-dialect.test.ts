import { describe, expect, it } from "vitest";
import { detectDelimiter } from "./csv-dialect";

describe("detectDelimiter", () => {
  it.each([
    ["sku,price,stock\nA1,2.50,3\nA2,4.00,1\n", ","],
    ["sku;price;stock\nA1;2,50;3\nA2;4,00;1\n", ";"],
    ["sku\tprice\tstock\nA1\t2.50\t3\n", "\t"],
    ['sku\t"name"\tprice\nA1\t"Mug, large"\t2.50\n', "\t"],
    ["sku|price\nA1|2.50\n", "|"],
    // Commas in text and decimal commas do not outvote the real separator.
    ['name;note\nAda;"likes tea, and cake"\nBob;one, two, three\n', ";"],
    // A comma file whose text holds semicolons.
    ['sku,desc\nA1,"red;blue"\nA2,green\n', ","],
    // One column: nothing to separate, comma by default.
    ["sku\nA1\nA2\n", ","],
    ["", ","],
    // Excel's trailing separator on every line.
    ["a;b;c;\n1;2,5;3;\n", ";"],
  ])("%j is %j-separated", (text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });

  it("weighs the rows, not the header alone", () => {
    // The header has one comma and one semicolon; only the semicolon splits the rows alike.
    expect(detectDelimiter("a,b;c\n1;2\n3;4\n5;6\n")).toBe(";");
  });

  it("starts where the header starts", () => {
    expect(detectDelimiter("\uFEFFsku;price\nA1;1\n", 1)).toBe(";");
  });
});
