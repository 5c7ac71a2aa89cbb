import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CellEdit, parseCsv, writeChanges } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { Action, ExecutionPlan, Filter } from "@/lib/plan/schema";
import { findOrderConflicts } from "./conflicts";
import { dryRun } from "./dry-run";
import { changeSetHash } from "./hash";
import { inversePlan } from "./inverse";
import { planOf } from "./test-support";

/**
 * Properties of the executor over generated catalogs: determinism, no-op plans, inverse plans and
 * commuting independent operations. Catalogs vary quoting, line endings, BOM, boolean style,
 * number formatting and text with commas, quotes, newlines and non-ASCII characters.
 */

const CATEGORIES = ["fitness", "yoga", "accessories", "outdoor"];
const BOOLEAN_STYLES = [
  ["true", "false"],
  ["TRUE", "FALSE"],
  ["Yes", "No"],
];

// A note that reads as a yes/no word ("Y", "no") would make a one-row column a yes/no column,
// where the text values the plans set are refused; notes here stay free text.
const noteText = fc
  .stringMatching(/^[a-zA-Z ,"\n\u00e9\u4e2d\u{1F600}-]{0,12}$/u)
  .filter((note) => !/^(true|false|yes|no|y|n)$/i.test(note.trim()));

interface Catalog {
  csv: Uint8Array;
  keys: string[];
}

function field(value: string, quote: boolean): string {
  const needs = /[",\r\n]/.test(value) || /^\s|\s$/.test(value);
  return needs || quote ? `"${value.replaceAll('"', '""')}"` : value;
}

const catalog: fc.Arbitrary<Catalog> = fc
  .record({
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
    style: fc.constantFrom(...BOOLEAN_STYLES),
    // Files quote a column everywhere or only where needed, as their writer did.
    quotePrice: fc.boolean(),
    quoteNote: fc.boolean(),
    rows: fc.array(
      fc.record({
        category: fc.constantFrom(...CATEGORIES),
        cents: fc.integer({ min: 0, max: 100_000 }),
        decimals: fc.constantFrom(0, 1, 2, 3),
        inStock: fc.boolean(),
        note: noteText,
        crlf: fc.boolean(),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  })
  .map(({ bom, finalNewline, style, quotePrice, quoteNote, rows }) => {
    const keys = rows.map((_, i) => `K${i + 1}`);
    let text = `${bom ? "\uFEFF" : ""}sku,category,price,in_stock,note`;
    rows.forEach((row, i) => {
      const price =
        row.decimals === 0
          ? String(Math.round(row.cents / 100))
          : (row.cents / 100).toFixed(row.decimals);
      const cells = [
        keys[i],
        row.category,
        field(price, quotePrice),
        row.inStock ? style[0] : style[1],
        field(row.note, quoteNote),
      ];
      text += `${row.crlf ? "\r\n" : "\n"}${cells.join(",")}`;
    });
    if (finalNewline) text += "\n";
    return { csv: new TextEncoder().encode(text), keys };
  });

const filterFor = (keys: string[]): fc.Arbitrary<Filter> =>
  fc.oneof(
    fc.constant({}),
    fc.subarray(CATEGORIES, { minLength: 1 }).map((categories) => ({ categories })),
    fc.subarray(keys).map((skus) => ({ skus })),
    fc.boolean().map((in_stock) => ({ in_stock })),
    fc.integer({ min: 0, max: 1000 }).map((price_gte) => ({ price_gte })),
    fc
      .integer({ min: 0, max: 1000 })
      .map((v) => ({ all: [{ column: "price", op: "lt" as const, value: v }] })),
  );

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.integer({ min: 0, max: 60 }).map((value) => ({ type: "percent_increase" as const, value })),
  fc.integer({ min: 0, max: 60 }).map((value) => ({ type: "percent_decrease" as const, value })),
  fc
    .integer({ min: 0, max: 500 })
    .map((v) => ({ type: "fixed_increase" as const, value: v / 100 })),
  fc.integer({ min: 0, max: 300 }).map((v) => ({ type: "multiply" as const, value: v / 100 })),
  fc.integer({ min: 0, max: 9999 }).map((v) => ({ type: "set_price" as const, value: v / 100 })),
  fc.boolean().map((value) => ({ type: "set_stock" as const, value })),
  fc.constantFrom("red", "blue, green", 'say "hi"', "ünï").map((value) => ({
    type: "set_value" as const,
    column: "note",
    value,
  })),
);

const planFor = (keys: string[]) =>
  fc
    .array(
      fc.record({
        filter: filterFor(keys),
        action,
        options: fc.record({ round_to: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: [] }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((operations) => planOf(operations));

const catalogAndPlan = catalog.chain((c) => planFor(c.keys).map((plan) => ({ ...c, plan })));

function cellsOf(csv: Uint8Array): string[][] {
  const table = parseCsv(csv);
  return Array.from({ length: table.rowCount }, (_, row) =>
    table.header.map((_, col) => table.cell(row, col)),
  );
}

/** Some cell of the column is bare, or quoted without needing it. */
function hasStyleEvidence(table: ReturnType<typeof parseCsv>, col: number): boolean {
  for (let row = 0; row < table.rowCount; row++) {
    if (!table.isQuoted(row, col) || !/[",\r\n]|^\s|\s$/.test(table.cell(row, col))) return true;
  }
  return false;
}

function run(plan: ExecutionPlan, csv: Uint8Array) {
  const table = parseCsv(csv);
  const result = dryRun(plan, table, profileDataset(table));
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

describe("executor properties", () => {
  it("same plan and bytes give the same output and change set", () => {
    fc.assert(
      fc.property(catalogAndPlan, ({ csv, plan }) => {
        const first = run(plan, csv);
        const second = run(plan, csv);
        expect(second.output).toEqual(first.output);
        expect(second.changes).toEqual(first.changes);
        expect(second.changeSetHash).toBe(first.changeSetHash);
        // The hash the dry run takes from its record is the hash of the change list.
        expect(first.changeSetHash).toBe(changeSetHash(first.changes));
      }),
      { numRuns: 150 },
    );
  });

  it("writes each changed cell's last value into the input, as the general CSV writer does", () => {
    // The executor renders the cells it recorded without reading the input again; the general
    // writer looks at every cell it is given. Both must give the same bytes and counts.
    fc.assert(
      fc.property(catalogAndPlan, ({ csv, plan }) => {
        const result = run(plan, csv);
        const table = parseCsv(csv);
        table.setKeyColumn("sku");
        const last = new Map<string, CellEdit>();
        for (const change of result.changes) {
          const row = table.rowOfKey(change.rowKey);
          const column = table.columnIndex(change.column);
          last.set(`${row}:${column}`, { row, column, value: change.after });
        }
        const general = writeChanges(table, [...last.values()]);
        expect(result.output).toEqual(general.bytes);
        expect([result.rowsChanged, result.cellsChanged]).toEqual([
          general.rowsChanged,
          general.cellsChanged,
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it("a plan that changes nothing writes the input back byte for byte", () => {
    fc.assert(
      fc.property(catalog, ({ csv, keys }) => {
        const none = run(
          planOf([
            { filter: { skus: [] }, action: { type: "percent_increase", value: 10 } },
            { filter: {}, action: { type: "fixed_increase", value: 0 } },
          ]),
          csv,
        );
        expect(none.output).toEqual(csv);
        expect(none.changes).toEqual([]);
        expect(keys.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it("the inverse plan restores the original bytes", () => {
    fc.assert(
      fc.property(catalogAndPlan, ({ csv, plan }) => {
        const forward = run(plan, csv);
        const inverse = inversePlan(forward.changes, {
          keyColumn: "sku",
          executionId: "revert_property",
          createdAt: "2024-06-02T00:00:00Z",
          sourceInstruction: "Revert",
        });
        // One operation per changed column: every execution here has an inverse.
        if (!inverse.ok) throw new Error(inverse.message);
        const restored = run(inverse.plan, forward.output).output;
        // Every value comes back. The bytes come back too unless a column quoted everywhere had
        // every cell rewritten to a value that needs quotes: then nothing shows the column's
        // style any more, and restored cells are quoted only where needed.
        expect(cellsOf(restored)).toEqual(cellsOf(csv));
        const after = parseCsv(forward.output);
        const styleLost = [2, 4].some((col) => !hasStyleEvidence(after, col));
        if (!styleLost) expect(restored).toEqual(csv);
      }),
      { numRuns: 150 },
    );
  });

  it("independent operations with disjoint effects commute", () => {
    const pair = catalog.chain((c) =>
      fc
        .record({
          split: fc.integer({ min: 0, max: c.keys.length }),
          first: action,
          second: action,
          byColumn: fc.boolean(),
        })
        .map((p) => ({ ...c, ...p })),
    );
    fc.assert(
      fc.property(pair, ({ csv, keys, split, first, second, byColumn }) => {
        // Either disjoint rows, or (by column) the same rows with the two actions on different columns.
        const writes = (a: Action) =>
          a.type === "set_stock" ? "in_stock" : a.type === "set_value" ? "note" : "price";
        if (byColumn && writes(first) === writes(second)) return;
        const left: Filter = byColumn
          ? { categories: ["fitness", "yoga"] }
          : { skus: keys.slice(0, split) };
        const right: Filter = byColumn
          ? { categories: ["yoga", "outdoor"] }
          : { skus: keys.slice(split) };
        const ab = planOf([
          { depends_on: [], filter: left, action: first },
          { depends_on: [], filter: right, action: second },
        ]);
        const ba = planOf([
          { depends_on: [], filter: right, action: second },
          { depends_on: [], filter: left, action: first },
        ]);
        expect(run(ba, csv).output).toEqual(run(ab, csv).output);
        const table = parseCsv(csv);
        expect(findOrderConflicts(ab, table, profileDataset(table))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
