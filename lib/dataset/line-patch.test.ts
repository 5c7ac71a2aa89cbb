import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLinePatch, linePatch, linePatchOfReplacements } from "./line-patch";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A file's lines: any text without a line break, some ending in "\r". */
const lineText = fc.string({ unit: fc.constantFrom("a", "b", "1", ",", '"', "é", "\r", " ") });

describe("linePatch", () => {
  it("rebuilds the changed file byte for byte, whatever the lines and line endings", () => {
    fc.assert(
      fc.property(
        fc.array(lineText, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), lineText), { maxLength: 5 }),
        fc.boolean(),
        (lines, edits, finalBreak) => {
          const edited = [...lines];
          for (const [at, text] of edits) edited[at % lines.length] = text;
          const ending = finalBreak ? "\n" : "";
          const from = encode(lines.join("\n") + ending);
          const to = encode(edited.join("\n") + ending);
          const patch = linePatch(from, to);
          if (patch) expect(decode(applyLinePatch(from, patch))).toBe(decode(to));
          // Only the changed lines travel: never more than half the file.
          if (patch) expect(patch.byteLength).toBeLessThanOrEqual(to.byteLength / 2 + 16);
        },
      ),
    );
  });

  it("keeps a few changed lines of a large file as a small patch", () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `SKU-${i},Item ${i},${(i % 90) + 10}.00`);
    const from = encode(`sku,title,price\r\n${rows.join("\r\n")}\r\n`);
    rows[42] = "SKU-42,Item 42,11.00";
    rows[9_999] = "SKU-9999,Item 9999,99.99";
    const to = encode(`sku,title,price\r\n${rows.join("\r\n")}\r\n`);
    const patch = linePatch(from, to);
    expect(patch).not.toBeNull();
    expect(patch?.byteLength).toBeLessThan(80);
    expect(Buffer.from(applyLinePatch(from, patch as Uint8Array)).equals(Buffer.from(to))).toBe(
      true,
    );
  });

  it("gives no patch when the number of lines differs or most of the file changed", () => {
    expect(linePatch(encode("a\nb\n"), encode("a\nb\nc\n"))).toBeNull();
    expect(linePatch(encode("a,1\nb,2\n"), encode("x,9\ny,8\n"))).toBeNull();
  });

  it("refuses a patch that does not fit the file it is applied to", () => {
    const patch = linePatch(encode("a\nb\nc\nd\ne\n"), encode("a\nb\nc\nd\nz\n")) as Uint8Array;
    expect(() => applyLinePatch(encode("a\nb\n"), patch)).toThrow(/does not fit/);
    expect(() => applyLinePatch(encode("a\nb\nc\nd\ne\n"), patch.subarray(0, 3))).toThrow(
      /cut short/,
    );
  });
});

describe("linePatchOfReplacements", () => {
  /** A file and some of its byte ranges replaced, the way a writer of changed cells makes one. */
  const replacedFile = fc
    .tuple(
      fc.string({
        unit: fc.constantFrom("a", "b", "1", ",", "é", "\r", "\n", " "),
        maxLength: 300,
      }),
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.nat({ max: 6 }),
          fc.string({ unit: fc.constantFrom("x", "y", "2", ",", "ü", "\n"), maxLength: 6 }),
        ),
        { maxLength: 12 },
      ),
    )
    .map(([text, picks]) => {
      const input = encode(text);
      // Ascending, non-overlapping ranges; a range may be empty (an insertion). Each is kept
      // only if it starts at or after the end of the last one kept.
      const ranges: Array<{ start: number; end: number; value: Uint8Array }> = [];
      const sorted = picks
        .map(([at, length, value]) => {
          const start = at % (input.length + 1);
          return { start, end: Math.min(input.length, start + length), value: encode(value) };
        })
        .sort((a, b) => a.start - b.start);
      for (const range of sorted) {
        if (ranges.length === 0 || range.start >= ranges[ranges.length - 1].end) ranges.push(range);
      }
      const parts: Uint8Array[] = [];
      let copied = 0;
      for (const range of ranges) {
        parts.push(input.subarray(copied, range.start), range.value);
        copied = range.end;
      }
      parts.push(input.subarray(copied));
      const output = new Uint8Array(Buffer.concat(parts));
      const replaced = {
        starts: ranges.map((r) => r.start),
        ends: ranges.map((r) => r.end),
        lengths: ranges.map((r) => r.value.length),
        count: ranges.length,
      };
      return { input, output, replaced };
    });

  it("makes the same patch as comparing every line", () => {
    fc.assert(
      fc.property(replacedFile, ({ input, output, replaced }) => {
        const expected = linePatch(output, input);
        const patch = linePatchOfReplacements(input, output, replaced);
        expect(patch === null ? null : Buffer.from(patch)).toEqual(
          expected === null ? null : Buffer.from(expected),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("finds a line unchanged when its replacements only moved bytes", () => {
    // "," deleted, then "," inserted after where it was: the same line.
    const input = encode(",\nb\n");
    const replaced = { starts: [0, 1], ends: [1, 1], lengths: [0, 1], count: 2 };
    const patch = linePatchOfReplacements(input, input, replaced);
    expect(Buffer.from(patch as Uint8Array)).toEqual(
      Buffer.from(linePatch(input, input) as Uint8Array),
    );
  });

  it("compares only the lines a replacement is on, and counts the rest", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `K${i},${i}.00`);
    const input = encode(`key,price\n${rows.join("\n")}\n`);
    const start = encode(`key,price\n${rows.slice(0, 1500).join("\n")}\nK1500,`).length;
    const output = new Uint8Array(
      Buffer.concat([input.subarray(0, start), encode("1575.00"), input.subarray(start + 7)]),
    );
    const patch = linePatchOfReplacements(input, output, {
      starts: [start],
      ends: [start + 7],
      lengths: [7],
      count: 1,
    });
    expect(Buffer.from(applyLinePatch(output, patch as Uint8Array))).toEqual(Buffer.from(input));
    expect(Buffer.from(patch as Uint8Array)).toEqual(
      Buffer.from(linePatch(output, input) as Uint8Array),
    );
  });
});
