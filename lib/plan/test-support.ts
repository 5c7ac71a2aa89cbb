import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import type { ExecutionPlan, Operation } from "./schema";

/**
 * Test support for lib/plan: the fixtures (tests/fixtures, copied from the original design brief)
 * and dataset profiles written out by hand so the validation tests read on their own.
 * `seedProfile` is the profile of tests/fixtures/seed-products.csv.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES_DIR = path.resolve(REPO_ROOT, "tests/fixtures");

export function fixturePath(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

export function readFixtureJson(name: string): unknown {
  return JSON.parse(readFileSync(fixturePath(name), "utf8"));
}

function column(
  index: number,
  name: string,
  type: ColumnProfile["type"],
  extra: Partial<ColumnProfile> = {},
): ColumnProfile {
  return { name, index, type, emptyCount: 0, distinctCount: 0, ...extra };
}

export const seedProfile: DatasetProfile = {
  columns: [
    column(0, "sku", "text", {
      distinctCount: 7,
      distinctValues: ["A101", "A102", "A103", "B201", "B202", "C301", "C302"],
    }),
    column(1, "category", "text", {
      distinctCount: 3,
      distinctValues: ["accessories", "fitness", "yoga"],
    }),
    column(2, "price", "number", { distinctCount: 7, min: "9.99", max: "49.99", decimals: 2 }),
    column(3, "in_stock", "boolean", {
      distinctCount: 2,
      distinctValues: ["false", "true"],
      booleanStyle: "true/false",
    }),
  ],
  rowCount: 7,
  keyColumn: "sku",
  shorthand: { key: "sku", category: "category", stock: "in_stock", price: "price" },
  sampleRows: [["A101", "fitness", "29.99", "true"]],
};

/** A wider catalog: more types, a high-cardinality key, a column with empty cells. */
export const catalogProfile: DatasetProfile = {
  columns: [
    column(0, "id", "text", { distinctCount: 5000 }),
    column(1, "name", "text", { distinctCount: 5000 }),
    column(2, "category", "text", {
      distinctCount: 4,
      distinctValues: ["Accessories", "Fitness", "Outdoor", "Yoga"],
    }),
    column(3, "price", "number", { distinctCount: 900, min: "5.00", max: "199.99", decimals: 2 }),
    column(4, "stock_qty", "integer", { distinctCount: 300, min: "0", max: "500" }),
    column(5, "active", "boolean", {
      distinctCount: 2,
      distinctValues: ["no", "yes"],
      booleanStyle: "yes/no",
    }),
    column(6, "updated", "date", { distinctCount: 200, min: "2024-01-01", max: "2024-12-31" }),
    column(7, "supplier", "text", {
      emptyCount: 12,
      distinctCount: 3,
      distinctValues: ["Acme", "Globex", "Initech"],
    }),
    column(8, "notes", "text", { emptyCount: 0, distinctCount: 5000 }),
  ],
  rowCount: 5000,
  keyColumn: "id",
  shorthand: { key: "id", category: "category", price: "price" },
  sampleRows: [],
};

/** Two columns could be the category (category, genre) and two the price (price, list_price). */
export const ambiguousProfile: DatasetProfile = {
  columns: [
    column(0, "sku", "text", { distinctCount: 10 }),
    column(1, "category", "text", { distinctCount: 2, distinctValues: ["books", "music"] }),
    column(2, "genre", "text", { distinctCount: 2, distinctValues: ["jazz", "rock"] }),
    column(3, "price", "number", { distinctCount: 10, min: "1", max: "20" }),
    column(4, "list_price", "number", { distinctCount: 10, min: "1", max: "25" }),
  ],
  rowCount: 10,
  keyColumn: "sku",
  shorthand: { key: "sku" },
  ambiguousShorthand: { category: ["category", "genre"], price: ["price", "list_price"] },
  sampleRows: [],
};

/** A price column with a cell that is not a number ("n/a"), so it profiles as text. */
export const textPriceProfile: DatasetProfile = {
  columns: [
    column(0, "sku", "text", { distinctCount: 8 }),
    column(1, "price", "text", {
      distinctCount: 3,
      distinctValues: ["19.99", "29.99", "n/a"],
    }),
    column(2, "note", "text", { distinctCount: 8 }),
  ],
  rowCount: 8,
  keyColumn: "sku",
  shorthand: { key: "sku" },
  sampleRows: [],
};

/** An operation as the editor holds it: fitness +10%, unless `extra` says otherwise. */
export function testOperation(id: string, extra: Partial<Operation> = {}): Operation {
  return {
    operation_id: id,
    filter: { categories: ["fitness"] },
    action: { type: "percent_increase", value: 10 },
    ...extra,
  };
}

/** A plan of these operations, unparsed (editor drafts may be invalid). */
export function testPlan(...operations: Operation[]): ExecutionPlan {
  return {
    execution_id: "plan_test_0001",
    created_at: "2024-06-01T12:00:00Z",
    source_instruction: "test",
    operations,
  };
}
