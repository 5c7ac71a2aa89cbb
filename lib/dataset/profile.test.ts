import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { CsvError, parseCsv } from "./csv";
import { scanDistinct } from "./distinct";
import {
  profileDataset,
  profileDatasetOnDemand,
  reprofileChangedColumns,
  SHORTHAND_SYNONYMS,
} from "./profile";
import { tailScannerForTests } from "./scan-worker";

// The real scan, watched: which columns an on-demand profile scans.
vi.mock("./distinct", async (actual) => {
  const module = await actual<typeof import("./distinct")>();
  return { ...module, scanDistinct: vi.fn(module.scanDistinct) };
});

const workerScanner = tailScannerForTests();
let keyChecksAside = 0;
const keyChecksOnWorker = (hashes: Int32Array) => {
  keyChecksAside++;
  return workerScanner.checkKeys?.(hashes) ?? null;
};

const fixtures = path.resolve(__dirname, "../../tests/fixtures");
const table = (csv: string) => parseCsv(new TextEncoder().encode(csv));

describe("profileDataset", () => {
  it("profiles the seed catalog", () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, "seed-products.csv")));
    const profile = profileDataset(parseCsv(bytes));
    expect(profile.rowCount).toBe(7);
    expect(profile.keyColumn).toBe("sku");
    expect(profile.shorthand).toEqual({
      key: "sku",
      category: "category",
      stock: "in_stock",
      price: "price",
    });
    const [sku, category, price, inStock] = profile.columns;
    expect(sku.type).toBe("text");
    expect(sku.distinctValues).toBeUndefined();
    expect(category.distinctValues).toEqual(["accessories", "fitness", "yoga"]);
    expect(price).toMatchObject({ type: "number", min: "9.99", max: "49.99", decimals: 2 });
    expect(inStock).toMatchObject({ type: "boolean", booleanStyle: "true/false" });
    expect(profile.sampleRows[0]).toEqual(["A101", "fitness", "29.99", "true"]);
  });

  it("types columns", () => {
    const profile = profileDataset(
      table(
        "id,qty,flag,active,when,code,mixed\n1,3,Yes,1,2024-06-01,007,a\n2,10,no,0,2024-06-02,012,1\n3,-2,YES,1,2024-07-01,100,2\n",
      ),
    );
    const types = Object.fromEntries(profile.columns.map((c) => [c.name, c.type]));
    expect(types).toEqual({
      id: "integer",
      qty: "integer",
      flag: "boolean",
      active: "boolean",
      when: "date",
      code: "text",
      mixed: "text",
    });
    expect(profile.columns[2].booleanStyle).toBe("Yes/No");
    expect(profile.columns[3].booleanStyle).toBe("1/0");
    expect(profile.columns[1]).toMatchObject({ min: "-2", max: "10" });
  });

  it("treats 0/1 columns without a flag-like name as integers", () => {
    const profile = profileDataset(table("id,count\na,0\nb,1\nc,1\n"));
    expect(profile.columns[1].type).toBe("integer");
  });

  it("prefers sku, then id, then *_id, then code", () => {
    expect(profileDataset(table("name,product_id,id\na,1,x\nb,2,y\n")).keyColumn).toBe("id");
    expect(profileDataset(table("name,product_id\na,1\nb,2\n")).keyColumn).toBe("product_id");
    expect(profileDataset(table("name,code\na,1\nb,2\n")).keyColumn).toBe("code");
    expect(profileDataset(table("dup,name\na,x\na,y\n")).keyColumn).toBe("name");
  });

  it("honours the user's key column and rejects a bad one with its line", () => {
    expect(profileDataset(table("sku,name\na,x\nb,y\n"), { keyColumn: "name" }).keyColumn).toBe(
      "name",
    );
    expect(() => profileDataset(table("sku,name\na,x\nb,x\n"), { keyColumn: "name" })).toThrow(
      "Line 3: key 'x' already appears on line 2.",
    );
  });

  it("fails when no column can be the key", () => {
    try {
      profileDataset(table("a,b\n1,1\n1,1\n"));
      throw new Error("expected a CsvError");
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError);
      expect((error as CsvError).code).toBe("no_key_column");
    }
  });

  it("maps synonyms and reports equally good candidates as ambiguous", () => {
    const profile = profileDataset(
      table("sku,Department,List Price,sale_price,available\na,x,1.5,1.2,yes\nb,y,2.5,2.2,no\n"),
    );
    expect(profile.shorthand).toEqual({ key: "sku", category: "Department", stock: "available" });
    expect(profile.ambiguousShorthand).toEqual({ price: ["List Price", "sale_price"] });
    const chosen = profileDataset(table("sku,list_price,sale_price\na,1.5,1.2\nb,2.5,2.2\n"), {
      shorthand: { price: "sale_price" },
    });
    expect(chosen.shorthand.price).toBe("sale_price");
    expect(chosen.ambiguousShorthand).toBeUndefined();
  });

  it("ignores synonyms of the wrong type", () => {
    const profile = profileDataset(table("sku,price,active\na,n/a,maybe\nb,1,no\n"));
    expect(profile.shorthand.price).toBeUndefined();
    expect(profile.shorthand.stock).toBeUndefined();
  });

  it("exports the synonym tables", () => {
    expect(SHORTHAND_SYNONYMS.price).toContain("list_price");
    expect(SHORTHAND_SYNONYMS.stock).toContain("in_stock");
    expect(SHORTHAND_SYNONYMS.category).toContain("genre");
  });

  it("counts quoted and unquoted spellings of a value as one", () => {
    const profile = profileDataset(
      table(
        'id,category,note\n1,yoga,"say ""hi"""\n2,"yoga","say ""hi"""\n3,"fit, ness",x\n4,fitness,""\n',
      ),
    );
    expect(profile.columns[1]).toMatchObject({ distinctCount: 3, emptyCount: 0 });
    expect(profile.columns[2]).toMatchObject({ distinctCount: 2, emptyCount: 1 });
  });

  it("profiles a header-only file", () => {
    const profile = profileDataset(table("sku,price\n"));
    expect(profile.rowCount).toBe(0);
    expect(profile.keyColumn).toBe("sku");
    expect(profile.columns[1].type).toBe("text");
  });
});

describe("reprofileChangedColumns", () => {
  const cell = fc.constantFrom(
    "",
    " ",
    "1",
    "0",
    "2.50",
    "19.99",
    "007",
    "yes",
    "No",
    "2024-06-01",
    "a,b",
    'say "hi"',
  );
  const csvField = (value: string) =>
    /[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const csvOf = (rows: string[][]) =>
    `sku,price,in_stock,category\n${rows.map((row, at) => [`K${at}`, ...row].map(csvField).join(",")).join("\n")}\n`;

  it("equals a full profile when only the named columns changed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(29), fc.nat(2), cell), { maxLength: 12 }),
        (rows, edits) => {
          const before = profileDataset(table(csvOf(rows)), { keyColumn: "sku" });
          const after = rows.map((row) => [...row]);
          const changed = new Set<string>();
          for (const [row, col, value] of edits) {
            if (row >= after.length) continue;
            after[row][col] = value;
            changed.add(["price", "in_stock", "category"][col]);
          }
          const full = profileDataset(table(csvOf(after)), { keyColumn: "sku" });
          expect(reprofileChangedColumns(table(csvOf(after)), before, changed)).toEqual({
            ...full,
            shorthand: before.shorthand,
            ambiguousShorthand: before.ambiguousShorthand,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("profiles everything again when the key column changed, and checks it is still unique", () => {
    const before = profileDataset(table("sku,price\nA,1\nB,2\n"), { keyColumn: "sku" });
    const renamed = reprofileChangedColumns(table("sku,price\nA,1\nC,2\n"), before, ["sku"]);
    expect(renamed.sampleRows).toEqual([
      ["A", "1"],
      ["C", "2"],
    ]);
    expect(() => reprofileChangedColumns(table("sku,price\nA,1\nA,2\n"), before, ["sku"])).toThrow(
      CsvError,
    );
  });
});

describe("profileDatasetOnDemand", () => {
  // Values that make columns unique or not, empty or not, of every type, quoted or bare.
  const cell = fc.constantFrom("", " ", "1", "0", "2.50", "yes", "007", "2024-06-01", "a,b", "x");
  const names = fc.constantFrom("sku", "id", "order_id", "code", "name", "price", "in_stock");
  const csvField = (value: string) => (/[",]/.test(value) ? `"${value}"` : value);
  const tableOf = fc.uniqueArray(names, { minLength: 1, maxLength: 5 }).chain((header) =>
    fc.record({
      header: fc.constant(header),
      rows: fc.array(
        fc.array(fc.oneof(cell, fc.nat(40).map(String)), {
          minLength: header.length,
          maxLength: header.length,
        }),
        { maxLength: 12 },
      ),
    }),
  );
  const csvOf = ({ header, rows }: { header: string[]; rows: string[][] }) =>
    `${header.join(",")}\n${rows.map((row) => row.map(csvField).join(",")).join("\n")}\n`;
  const outcome = (profile: () => unknown) => {
    try {
      return { profile: JSON.parse(JSON.stringify(profile())) };
    } catch (error) {
      return { error: (error as CsvError).code };
    }
  };

  it("reads as the full profile, with the same key, or fails as it does", () => {
    fc.assert(
      fc.property(tableOf, (shape) => {
        const csv = csvOf(shape);
        expect(outcome(() => profileDatasetOnDemand(table(csv)))).toEqual(
          outcome(() => profileDataset(table(csv))),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("with the key checked on another thread, still reads as the full profile", () => {
    const aside = { checkKeysAside: keyChecksOnWorker };
    fc.assert(
      fc.property(tableOf, (shape) => {
        const csv = csvOf(shape);
        expect(outcome(() => profileDatasetOnDemand(table(csv), aside))).toEqual(
          outcome(() => profileDataset(table(csv))),
        );
      }),
      { numRuns: 100 },
    );
    expect(keyChecksAside).toBeGreaterThan(50);
    // The likeliest key repeats: the next unique column is the key; a user's key must be unique.
    const repeated = "sku,id,n\nA1,1,5\nA1,2,5\n";
    expect(profileDatasetOnDemand(table(repeated), aside).keyColumn).toBe("id");
    expect(() => profileDatasetOnDemand(table(repeated), { ...aside, keyColumn: "sku" })).toThrow(
      /'A1' already appears on line 2/,
    );
  });

  it("reads a column's type first as the full profile types it", () => {
    // Numbers written every way, among values of other types.
    const number = fc.oneof(
      fc.constantFrom(
        "0",
        "1",
        "-0",
        "+1",
        "007",
        "0.5",
        "5.",
        ".5",
        "1e3",
        " 2",
        "2 ",
        "-",
        "1.2.3",
        "€5",
      ),
      fc.integer({ min: -500, max: 500 }).map(String),
      fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((n) => n.toFixed(2)),
    );
    const column = fc.array(fc.oneof(number, number, cell), { minLength: 1, maxLength: 12 });
    // A flag's name makes a column of 0 and 1 a flag.
    const name = fc.constantFrom("amount", "is_active", "qty");
    fc.assert(
      fc.property(name, column, (name, values) => {
        const csv = `sku,${name}\n${values.map((v, k) => `S${k},${csvField(v)}`).join("\n")}\n`;
        const full = profileDataset(table(csv)).columns[1].type;
        expect(profileDatasetOnDemand(table(csv)).columns[1].type).toBe(full);
      }),
      { numRuns: 200 },
    );
  });

  it("types a column of plain numbers without counting its values", () => {
    const profile = profileDatasetOnDemand(
      table("sku,price,stock\nA1,10.50,3\nA2,9,\nA3,-0.25,12\nA4, ,0\n"),
    );
    const scanned = vi.mocked(scanDistinct);
    scanned.mockClear();
    expect([profile.columns[1].type, profile.columns[2].type]).toEqual(["number", "integer"]);
    expect(scanned).not.toHaveBeenCalled();
    // The rest of a figure's column is counted when something reads it, and agrees.
    expect(profile.columns[1]).toMatchObject({ type: "number", min: "-0.25", max: "10.50" });
    expect(scanned.mock.calls.map(([, col]) => col)).toEqual([1]);
  });

  it("scans only the columns something reads", () => {
    const profile = profileDatasetOnDemand(table("sku,name,weight\nA1,Mat,10\nA2,Block,12\n"));
    expect(profile.keyColumn).toBe("sku");
    const scanned = vi.mocked(scanDistinct);
    scanned.mockClear();
    expect(profile.columns[2]).toMatchObject({ name: "weight", type: "integer", max: "12" });
    expect(profile.columns[2].decimals).toBeUndefined();
    expect(scanned.mock.calls.map(([, col]) => col)).toEqual([2]);
  });
});
