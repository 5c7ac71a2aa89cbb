/**
 * Child process for planner-rules. The headline: every instruction of the planner corpus's staff
 * roster (lib/planner/corpus/domains/staff.cases), planned against a 100,000-row roster of the
 * same columns with the lookups the app gives the planner (every key, every text column's
 * values), ROUNDS times after one warm-up round, each call timed on its own. Building the
 * lookups and the vocabulary once per table version is timed apart (`index_ms`). The small
 * corpora (the seed catalogs and all twelve domain tables) are timed as well.
 * Prints one JSON line. Usage: planner.ts ROUNDS
 */
import fs from "node:fs";
import path from "node:path";
import { type CsvTable, parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { CORPUS } from "@/lib/planner/corpus/cases";
import { createRulesPlanner } from "@/lib/planner/rules/rules-planner";
import { textColumnValues } from "@/lib/planner/rules/value-index";
import { vocabularyFor } from "@/lib/planner/rules/vocabulary";
import type { PlanRequest } from "@/lib/planner/types";

const ROUNDS = Number(process.argv[2] ?? 20);
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOMAINS = path.join(ROOT, "lib/planner/corpus/domains");
const NOW = new Date("2026-06-15T12:00:00Z");
const planner = createRulesPlanner({ clock: () => NOW });

type Lookups = Pick<PlanRequest, "profile" | "knownKeys" | "knownValues">;

function lookupsOf(table: CsvTable): Lookups {
  const profile = profileDataset(table);
  const keyColumn = table.header.indexOf(profile.keyColumn);
  return {
    profile,
    knownKeys: new Set(table.column(keyColumn)),
    knownValues: textColumnValues(table, profile),
  };
}

function instructionsOf(domain: string): string[] {
  return fs
    .readFileSync(path.join(DOMAINS, `${domain}.cases`), "utf8")
    .split("\n")
    .filter((line) => line.startsWith(">"))
    .map((line) => line.slice(1).trim());
}

/** A roster of `rows` people with the staff domain's columns and its names among them. */
function roster(rows: number): Uint8Array {
  const small = parseCsv(new Uint8Array(fs.readFileSync(path.join(DOMAINS, "staff.csv"))));
  const column = (name: string) => small.column(small.header.indexOf(name));
  const names = column("full_name");
  const [firsts, lasts] = [names.map((n) => n.split(" ")[0]), names.map((n) => n.split(" ")[1])];
  const departments = [...new Set(column("department"))];
  const titles = [...new Set(column("title"))];
  const cities = [...new Set(column("city"))];
  const lines = [small.header.join(",")];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  for (let i = 0; i < rows; i++) {
    // The first rows are the small roster's people, so its instructions name real rows.
    const name =
      i < names.length
        ? names[i]
        : `${firsts[random(firsts.length)]} ${lasts[random(lasts.length)]}`;
    const year = 2014 + random(12);
    lines.push(
      [
        `E-${String(1001 + i).padStart(6, "0")}`,
        `"${name}"`,
        departments[random(departments.length)],
        titles[random(titles.length)],
        cities[random(cities.length)],
        38_000 + random(100) * 1000,
        `${year}-${String(1 + random(12)).padStart(2, "0")}-${String(1 + random(28)).padStart(2, "0")}`,
        random(4) === 0 ? "yes" : "no",
        random(3) === 0 ? "night" : "day",
      ].join(","),
    );
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

async function timeAll(
  requests: PlanRequest[],
  rounds: number,
): Promise<{ samples: number[]; refusals: number }> {
  const samples: number[] = [];
  let refusals = 0;
  for (let round = -1; round < rounds; round++) {
    refusals = 0;
    for (const request of requests) {
      const started = performance.now();
      const result = await planner.plan(request);
      if (round >= 0) samples.push(performance.now() - started);
      if (!result.ok) refusals++;
    }
  }
  return { samples: samples.sort((a, b) => a - b), refusals };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const mean = (samples: number[]) => samples.reduce((sum, ms) => sum + ms, 0) / samples.length;

// The 100k-row roster: lookups and vocabulary once, as a dataset version is read once.
const indexStarted = performance.now();
const big = lookupsOf(parseCsv(roster(100_000)));
vocabularyFor(big.profile, big.knownKeys, big.knownValues);
const indexMs = performance.now() - indexStarted;
const staff = instructionsOf("staff").map((instruction) => ({ instruction, now: NOW, ...big }));
const headline = await timeAll(staff, ROUNDS);

// Every small table of both corpora.
const small: PlanRequest[] = [];
for (const file of fs.readdirSync(DOMAINS).filter((name) => name.endsWith(".cases"))) {
  const domain = file.slice(0, -".cases".length);
  const lookups = lookupsOf(
    parseCsv(new Uint8Array(fs.readFileSync(path.join(DOMAINS, `${domain}.csv`)))),
  );
  for (const instruction of instructionsOf(domain))
    small.push({ instruction, now: NOW, ...lookups });
}
const catalogs = new Map<string, Lookups>();
for (const item of CORPUS) {
  const file =
    item.catalog === "seed"
      ? path.join(ROOT, "tests/fixtures/seed-products.csv")
      : path.join(
          ROOT,
          `lib/planner/corpus/${item.catalog === "generated" ? "generated-300" : "books"}.csv`,
        );
  if (!catalogs.has(file))
    catalogs.set(file, lookupsOf(parseCsv(new Uint8Array(fs.readFileSync(file)))));
  small.push({ instruction: item.instruction, now: NOW, ...catalogs.get(file)! });
}
const corpus = await timeAll(small, Math.max(1, Math.floor(ROUNDS / 4)));

console.log(
  JSON.stringify({
    seconds: mean(headline.samples) / 1000,
    rows: 100_000,
    cases: staff.length,
    refusals: headline.refusals,
    rounds: ROUNDS,
    mean_ms: mean(headline.samples),
    p50_ms: percentile(headline.samples, 50),
    p99_ms: percentile(headline.samples, 99),
    max_ms: headline.samples.at(-1),
    index_ms: indexMs,
    corpus_cases: small.length,
    corpus_mean_ms: mean(corpus.samples),
    corpus_p99_ms: percentile(corpus.samples, 99),
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);
