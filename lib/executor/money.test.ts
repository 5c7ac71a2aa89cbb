import { describe, expect, it } from "vitest";
import { load, planOf, text } from "./test-support";

/**
 * A shop export whose prices carry a dollar sign, as spreadsheets write money: its prices are
 * numbers to the plan, and the result writes them back with the sign and the thousands commas.
 */
const EXPORT =
  'sku,category,price\nA1,kitchen,$12.50\nA2,kitchen,"$1,250.00"\nB1,lighting,$45.99\nB2,lighting,-$5.00\n';

describe("amounts with a currency sign", () => {
  const table = load(EXPORT);

  it("raises them and writes them back in the column's style, the rest byte for byte", () => {
    const result = table.ok(
      planOf([
        {
          filter: { categories: ["kitchen"] },
          action: { type: "percent_increase", column: "price", value: 5 },
        },
      ]),
    );
    expect(result.changes.map((c) => [c.before, c.after])).toEqual([
      ["12.50", "13.13"],
      ["1250.00", "1312.50"],
    ]);
    expect(text(result.output)).toBe(
      'sku,category,price\nA1,kitchen,$13.13\nA2,kitchen,"$1,312.50"\nB1,lighting,$45.99\nB2,lighting,-$5.00\n',
    );
  });

  it("filters on them by their numbers and sets them in the column's style", () => {
    const result = table.ok(
      planOf([
        {
          filter: { all: [{ column: "price", op: "lt", value: 20 }] },
          action: { type: "set_value", column: "price", value: 1999 },
        },
      ]),
    );
    expect(text(result.output)).toBe(
      'sku,category,price\nA1,kitchen,"$1,999.00"\nA2,kitchen,"$1,250.00"\nB1,lighting,$45.99\nB2,lighting,"$1,999.00"\n',
    );
  });
});
