import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { InternedText } from "./interned-text";

describe("InternedText", () => {
  const bytesOf = (text: string) => new TextEncoder().encode(text);

  it("makes each short value once, and reads every value right", () => {
    const bytes = bytesOf(
      "true,false,true,19.99,true,a-very-long-value-indeed,a-very-long-value-indeed",
    );
    const texts = new InternedText(bytes);
    const at = (start: number, end: number) => texts.text(start, end);
    expect(at(0, 4)).toBe("true");
    expect(at(5, 10)).toBe("false");
    expect(at(16, 21)).toBe("19.99");
    expect(at(11, 15)).toBe("true");
    expect(at(27, 51)).toBe("a-very-long-value-indeed");
    expect(at(52, 76)).toBe("a-very-long-value-indeed");
    expect(at(4, 4)).toBe("");
  });

  it("tells apart values with the same hash slot and reads on once its table is full", () => {
    // 100,000 distinct values: far more than it keeps, so many share slots and most are made
    // afresh each time; each must still read as itself, the first and the last time.
    const values = Array.from({ length: 100_000 }, (_, i) => i.toString(36));
    const text = values.join(",");
    const bytes = bytesOf(text);
    const texts = new InternedText(bytes);
    const starts: number[] = [];
    for (let at = 0, k = 0; k < values.length; k++) {
      starts.push(at);
      at += values[k].length + 1;
    }
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < values.length; k++) {
        expect(texts.text(starts[k], starts[k] + values[k].length)).toBe(values[k]);
      }
    }
  });

  it("gives a table read from its bytes the same cells as one decoded", () => {
    const csv = 'sku,flag,price,note\nA1,true,1.50,"x, y"\nA2,false,1.50,z\nA3,true,2.00,\n';
    const lazy = parseCsv(bytesOf(csv), { keyColumn: "sku" });
    const decoded = parseCsv(bytesOf(`\uFEFF${csv}`), { keyColumn: "sku" });
    expect(lazy.decodedText).toBeNull();
    expect(decoded.decodedText).not.toBeNull();
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) expect(lazy.cell(row, col)).toBe(decoded.cell(row, col));
    }
  });
});
