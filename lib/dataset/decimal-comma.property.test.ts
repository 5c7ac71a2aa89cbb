import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, serializeWithChanges } from "./csv";

/**
 * A semicolon file with a decimal-comma column: read unchanged it writes back byte for byte, and
 * a changed number is written with a comma and reads back as the same number.
 */
const amount = fc
  .tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
  .map(([whole, cents, comma]) =>
    comma ? `${whole},${String(cents).padStart(2, "0")}` : String(whole),
  );

const file = fc
  .record({
    amounts: fc.array(fc.tuple(amount, fc.boolean()), { minLength: 1, maxLength: 15 }),
    separator: fc.constantFrom(";", "\t", "|"),
    lineBreak: fc.constantFrom("\n", "\r\n"),
  })
  .filter(({ amounts }) => amounts.some(([value]) => value.includes(",")));

interface Spec {
  amounts: Array<[string, boolean]>;
  separator: string;
  lineBreak: string;
}

function render({ amounts, separator, lineBreak }: Spec): string {
  const lines = amounts.map(
    ([value, quoted], index) => `K${index}${separator}${quoted ? `"${value}"` : value}`,
  );
  return `key${separator}amount${lineBreak}${lines.join(lineBreak)}${lineBreak}`;
}

describe("decimal-comma properties", () => {
  it("reads numbers, writes back the same bytes, and writes changed numbers with a comma", () => {
    fc.assert(
      fc.property(file, fc.integer({ min: -99999, max: 99999 }), (spec, cents) => {
        const bytes = new TextEncoder().encode(render(spec));
        const table = parseCsv(bytes, { keyColumn: "key" });
        spec.amounts.forEach(([value], row) => {
          expect(table.cell(row, 1)).toBe(value.replace(",", "."));
        });
        expect(serializeWithChanges(table, [])).toEqual(bytes);

        const next = (cents / 100).toFixed(2);
        const changed = serializeWithChanges(table, [{ row: 0, column: 1, value: next }]);
        const again = parseCsv(changed, { keyColumn: "key" });
        expect(again.cell(0, 1)).toBe(next);
        expect(new TextDecoder().decode(changed)).toContain(next.replace(".", ","));
      }),
      { numRuns: 300 },
    );
  });
});
