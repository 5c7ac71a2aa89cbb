import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { load, planOf } from "@/lib/executor/test-support";
import { auditLine } from "./audit-line";
import { type AuditRecordInput, buildAuditRecord } from "./audit-record";
import { parseCsv } from "./csv";

/**
 * The audit line is written as text for speed; it must equal JSON.stringify of the record built as
 * objects, whatever the table holds: text needing escapes, header names that JSON objects reorder
 * (integer-like) or that collide with an entry's own fields, rows changed by several operations,
 * cells quoted or not, files with a byte order mark.
 */

const cellText = fc.oneof(
  fc.constantFrom("", "a", "x y", 'say "hi"', "back\\slash", "tab\there", "é ü 漢", "\u0001"),
  fc.string({ maxLength: 6 }),
);
const columnName = fc.constantFrom(
  "name",
  "note",
  "1",
  "10",
  "before",
  "after",
  "operation_id",
  "Ünï",
);

const table = fc
  .record({
    extra: fc.uniqueArray(columnName, { minLength: 1, maxLength: 3 }),
    rows: fc.integer({ min: 1, max: 8 }),
    key: fc.constantFrom("sku", "before", "operation_id"),
  })
  .chain(({ extra, rows, key }) =>
    fc.record({
      key: fc.constant(key),
      extra: fc.constant(extra.filter((name) => name !== key)),
      cells: fc.array(fc.array(cellText, { minLength: 3, maxLength: 3 }), {
        minLength: rows,
        maxLength: rows,
      }),
      prices: fc.array(fc.integer({ min: 1, max: 999 }), { minLength: rows, maxLength: rows }),
      // Cells quoted only where they must be, as many files have them, or all quoted.
      quoteAll: fc.boolean(),
      bom: fc.boolean(),
    }),
  );

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
const quoteWhereNeeded = (text: string) => (/[",\r\n]/.test(text) ? quote(text) : text);

describe("audit line written as text", () => {
  it("equals JSON.stringify of the record built as objects", () => {
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 3 }), (t, operations) => {
        const header = [t.key, "price", ...t.extra];
        const lines = t.cells.map((cells, row) =>
          [`K${row}`, String(t.prices[row]), ...t.extra.map((_, i) => cells[i] ?? "")]
            .map(t.quoteAll ? quote : quoteWhereNeeded)
            .join(","),
        );
        const csv = `${t.bom ? "\uFEFF" : ""}${header.map(quote).join(",")}\n${lines.join("\n")}\n`;
        const loaded = load(csv, t.key);
        const plan = planOf(
          Array.from({ length: operations }, (_, i) => ({
            filter: {},
            action: { type: "percent_increase" as const, value: 10 + i, column: "price" },
          })),
        );
        const result = loaded.ok(plan);
        const input: AuditRecordInput = {
          executionId: plan.execution_id,
          sourceInstruction: "test",
          executedAt: "2024-06-01T10:00:00.000Z",
          status: "completed",
          error: null,
          operationsCount: operations,
          rowsChanged: result.rowsChanged,
          keyColumn: t.key,
          input: parseCsv(loaded.bytes, { keyColumn: t.key }),
          changes: result.changes,
          planSnapshot: plan,
        };
        const expected = `${JSON.stringify(buildAuditRecord(input, { actor: "t" }))}\n`;
        expect(auditLine(input, { actor: "t" })).toBe(expected);
        // The same, with the executor telling each change's row instead of a lookup by key.
        const rowOfChange = (index: number) => result.rowOfChange(index);
        expect(auditLine({ ...input, rowOfChange }, { actor: "t" })).toBe(expected);
        // And from the executor's runs of changes, as the CLI writes it.
        const changeRuns = result.changeRuns();
        expect(auditLine({ ...input, rowOfChange, changeRuns }, { actor: "t" })).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });
});
