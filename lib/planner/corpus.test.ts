import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CsvTable, parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import { dryRun } from "@/lib/executor";
import { CORPUS } from "./corpus/cases";
import type { Change, CorpusCase, Row } from "./corpus/expect";
import { createRulesPlanner } from "./rules/rules-planner";

/**
 * Every corpus instruction, planned by the rules planner and dry-run by the executor: the set
 * of changed cells must be exactly the expected one, or the refusal must name exactly the
 * expected words.
 */

const CATALOG_FILES: Record<CorpusCase["catalog"], string> = {
  seed: path.resolve(__dirname, "../../tests/fixtures/seed-products.csv"),
  generated: path.resolve(__dirname, "corpus/generated-300.csv"),
  books: path.resolve(__dirname, "corpus/books.csv"),
};

interface Catalog {
  bytes: Uint8Array;
  table: CsvTable;
  profile: DatasetProfile;
  keys: Set<string>;
  rows: Row[];
}

function loadCatalog(name: CorpusCase["catalog"]): Catalog {
  const bytes = new Uint8Array(fs.readFileSync(CATALOG_FILES[name]));
  const table = parseCsv(bytes);
  const profile = profileDataset(table);
  const rows: Row[] = [];
  for (let row = 0; row < table.rowCount; row++) {
    rows.push(
      Object.fromEntries(table.header.map((column, col) => [column, table.cell(row, col)])),
    );
  }
  const keys = new Set(rows.map((row) => row[profile.keyColumn]));
  return { bytes, table, profile, keys, rows };
}

const catalogs = new Map<CorpusCase["catalog"], Catalog>();
function catalog(name: CorpusCase["catalog"]): Catalog {
  let loaded = catalogs.get(name);
  if (!loaded) {
    loaded = loadCatalog(name);
    catalogs.set(name, loaded);
  }
  return loaded;
}

const planner = createRulesPlanner({ clock: () => new Date("2026-01-01T00:00:00Z") });

/** The net effect of a dry run: each cell's final value, for cells that end up different. */
function netCells(
  changes: { rowKey: string; column: string; before: string; after: string }[],
): Change[] {
  const first = new Map<string, string>();
  const last = new Map<string, Change>();
  for (const change of changes) {
    const id = `${change.rowKey}\u0000${change.column}`;
    if (!first.has(id)) first.set(id, change.before);
    last.set(id, [change.rowKey, change.column, change.after]);
  }
  return [...last.entries()]
    .filter(([id, cell]) => first.get(id) !== cell[2])
    .map(([, cell]) => cell);
}

/** Cells compared by meaning: 26.4 = "26.40", true = "TRUE"; text exactly. */
function normalise(cell: Change, profile: DatasetProfile): string {
  const [key, column, after] = cell;
  const type = profile.columns.find((candidate) => candidate.name === column)?.type;
  let value = after;
  if (
    (type === "number" || type === "integer") &&
    after.trim() !== "" &&
    Number.isFinite(Number(after))
  ) {
    value = String(Number(after));
  } else if (type === "boolean") {
    value = String(["true", "yes", "1"].includes(after.trim().toLowerCase()));
  }
  return `${key} · ${column} · ${value}`;
}

describe("rules planner corpus", () => {
  it("has at least 80 instructions over the three catalogs", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(CORPUS.map((item) => item.catalog))).toEqual(
      new Set(["seed", "generated", "books"]),
    );
    expect(new Set(CORPUS.map((item) => `${item.catalog}:${item.instruction}`)).size).toBe(
      CORPUS.length,
    );
  });

  it.each(CORPUS.map((item) => [`${item.catalog}: ${item.instruction}`, item] as const))(
    "%s",
    async (_, item) => {
      const { table, profile, keys, rows } = catalog(item.catalog);
      const result = await planner.plan({
        instruction: item.instruction,
        profile,
        knownKeys: keys,
      });

      if ("refuse" in item.expect) {
        expect(result.ok, result.ok ? JSON.stringify(result.plan.operations) : "").toBe(false);
        if (!result.ok) {
          expect(result.unplaced).toEqual(item.expect.refuse);
          expect(result.reason).not.toBe("");
        }
        return;
      }

      if (!result.ok)
        throw new Error(`refused: ${result.reason} ${JSON.stringify(result.unplaced)}`);
      expect(result.plan.source_instruction).toBe(item.instruction);
      const run = dryRun(result.plan, table, profile);
      if (!run.ok) throw new Error(`dry run failed: ${run.error.message}`);
      expect(run.guardsPassed).toBe(true);

      const expected =
        "changes" in item.expect ? [...item.expect.changes] : item.expect.oracle(rows);
      const actual = netCells(run.changes).map((cell) => normalise(cell, profile));
      expect(actual.sort()).toEqual(expected.map((cell) => normalise(cell, profile)).sort());
    },
  );
});
