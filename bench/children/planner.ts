/**
 * Child process for planner-rules: every instruction of the rules planner's test corpus
 * (lib/planner/corpus/cases.ts), planned against its catalog's profile, ROUNDS times after one
 * warm-up round. Each call is timed on its own; prints one JSON line with the mean and
 * percentiles. Usage: planner.ts ROUNDS
 */
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import { CORPUS } from "@/lib/planner/corpus/cases";
import type { CorpusCase } from "@/lib/planner/corpus/expect";
import { createRulesPlanner } from "@/lib/planner/rules/rules-planner";

const ROUNDS = Number(process.argv[2] ?? 20);
const ROOT = path.resolve(import.meta.dirname, "../..");
const CATALOG_FILES: Record<CorpusCase["catalog"], string> = {
  seed: path.resolve(ROOT, "tests/fixtures/seed-products.csv"),
  generated: path.join(ROOT, "lib/planner/corpus/generated-300.csv"),
  books: path.join(ROOT, "lib/planner/corpus/books.csv"),
};

interface Catalog {
  profile: DatasetProfile;
  keys: ReadonlySet<string>;
}

/** Profiles are computed once, as the app stores them with the dataset version. */
function loadCatalog(file: string): Catalog {
  const table = parseCsv(new Uint8Array(fs.readFileSync(file)));
  const profile = profileDataset(table);
  const keyColumn = table.header.indexOf(profile.keyColumn);
  const keys = new Set<string>();
  for (let row = 0; row < table.rowCount; row++) keys.add(table.cell(row, keyColumn));
  return { profile, keys };
}

const catalogs = new Map(
  Object.entries(CATALOG_FILES).map(([name, file]) => [name, loadCatalog(file)]),
);
const planner = createRulesPlanner({ clock: () => new Date("2026-01-01T00:00:00Z") });

async function planAll(samples: number[] | undefined): Promise<number> {
  let refusals = 0;
  for (const item of CORPUS) {
    const { profile, keys } = catalogs.get(item.catalog)!;
    const started = performance.now();
    const result = await planner.plan({ instruction: item.instruction, profile, knownKeys: keys });
    samples?.push(performance.now() - started);
    if (!result.ok) refusals++;
  }
  return refusals;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

await planAll(undefined);
const samples: number[] = [];
let refusals = 0;
for (let round = 0; round < ROUNDS; round++) refusals = await planAll(samples);
samples.sort((a, b) => a - b);
const total = samples.reduce((sum, ms) => sum + ms, 0);
console.log(
  JSON.stringify({
    seconds: total / samples.length / 1000,
    cases: CORPUS.length,
    refusals,
    rounds: ROUNDS,
    mean_ms: total / samples.length,
    p50_ms: percentile(samples, 50),
    p99_ms: percentile(samples, 99),
    max_ms: samples[samples.length - 1],
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);
