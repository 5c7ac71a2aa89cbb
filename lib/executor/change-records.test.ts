import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { load, planOf } from "./test-support";

/** What a change record is stored with besides its run's operation and column. */
const expectedJson = (fields: string[][]) =>
  JSON.stringify(
    fields.map(([, rowKey, , before, after]) =>
      [rowKey, before, after].map((t) => t.toWellFormed()),
    ),
  );

/** The operation and column of each record, as the runs tell them. */
const runsSpelledOut = (runs: { operationId: string; column: string; count: number }[]) =>
  runs.flatMap(({ operationId, column, count }) => Array(count).fill(`${operationId} ${column}`));

const csvCell = (text: string) =>
  /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;

/** Keys and texts with everything JSON escapes or a CSV quotes, and text beyond ASCII. */
const keyText = fc
  .string({
    unit: fc.constantFrom("A", "7", " ", ",", '"', "\\", "é", "\u0001", "😀"),
    minLength: 1,
  })
  .filter((key) => key.trim() !== "");
const valueText = fc.string({
  unit: fc.constantFrom("x", "1", '"', "\\", "\n", "\u007f", "ü", "\ud800", "\udc00", "😀"),
});

describe("change records as JSON text", () => {
  it("are each record's key, before and after as JSON, each text well-formed, for any piece", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keyText, { minLength: 1, maxLength: 8, selector: (key) => key.trim() }),
        valueText,
        fc.nat(),
        fc.nat(),
        (keys, note, a, b) => {
          const rows = keys.map((key, i) => `${csvCell(key)},${10 + i}.50,old`).join("\n");
          const result = load(`sku,price,note\n${rows}\n`, "sku").ok(
            planOf([
              { filter: {}, action: { type: "percent_increase", value: 10 } },
              { filter: {}, action: { type: "set_value", column: "note", value: note } },
            ]),
          );
          const records = result.changeRecords();
          const start = a % (records.count + 1);
          const end = start + (b % (records.count - start + 1));
          expect(records.json(start, end)).toBe(expectedJson(records.fields(start, end)));
          expect(runsSpelledOut(records.runs)).toEqual(
            records
              .fields(0, records.count)
              .map(([operationId, , column]) => `${operationId} ${column}`),
          );
        },
      ),
    );
  });

  it("span more than one piece of written bytes", () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `K${i},${i}.25,old`).join("\n");
    const result = load(`sku,price,note\n${rows}\n`, "sku").ok(
      planOf([
        {
          filter: {},
          action: { type: "set_value", column: "note", value: "a new note ".repeat(3) },
        },
      ]),
    );
    const records = result.changeRecords();
    expect(records.count).toBe(40_000);
    const json = records.json(0, records.count);
    expect(json.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(json).toBe(expectedJson(records.fields(0, records.count)));
    expect(records.json(5, 5)).toBe("[]");
  });
});
