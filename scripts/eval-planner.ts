/**
 * `npm run eval:planner [-- CORPUS_DIR] [--planner rules|llm] [--quiet]`: scores a planner on the
 * corpus (lib/planner/corpus/domains by default) through `signoff plan` and `signoff apply`,
 * printing each case's verdict and the totals per domain and split. Exits 1 when any plan is
 * wrong, 2 on a bad command line or corpus.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type CaseResult,
  CorpusFormatError,
  correctRate,
  evaluateCase,
  loadCorpus,
  type Tally,
  tally,
} from "@/cli/corpus-eval";

/** The day the corpus's relative dates ("last year", "since March") are written against. */
const CORPUS_TODAY = "2026-06-15";
const DEFAULT_CORPUS = path.resolve(import.meta.dirname, "../lib/planner/corpus/domains");

const { values, positionals } = parseArgs({
  options: {
    planner: { type: "string", default: "rules" },
    quiet: { type: "boolean", default: false },
  },
  allowPositionals: true,
});

function llmPlanner(): string | undefined {
  if (process.env.GOOGLE_GENERATIVE_AI_API_KEY) return "google";
  if (process.env.SIGNOFF_OPENAI_BASE_URL && process.env.SIGNOFF_MODEL) return "openai-compatible";
  return undefined;
}

async function run(): Promise<number> {
  let planner: string;
  if (values.planner === "rules") planner = "rules";
  else if (values.planner === "llm") {
    const configured = llmPlanner();
    if (!configured) {
      console.log(
        "eval:planner: no LLM is configured (set GOOGLE_GENERATIVE_AI_API_KEY, or SIGNOFF_OPENAI_BASE_URL and SIGNOFF_MODEL); nothing to score.",
      );
      return 0;
    }
    planner = configured;
  } else {
    console.error(`eval:planner: --planner must be rules or llm, not ${values.planner}`);
    return 2;
  }

  const dir = path.resolve(positionals[0] ?? DEFAULT_CORPUS);
  // Plans are drafted against the corpus's day, and no app database is consulted.
  const workDir = await mkdtemp(path.join(os.tmpdir(), "signoff-eval-"));
  process.env.SIGNOFF_TODAY = CORPUS_TODAY;
  process.env.DATABASE_URL = `file:${path.join(workDir, "no-database.db")}`;

  try {
    const domains = await loadCorpus(dir);
    const bySplit = new Map<string, CaseResult[]>();
    const lines: string[] = [];
    for (const domain of domains) {
      const results: CaseResult[] = [];
      for (const corpusCase of domain.cases) {
        const result = await evaluateCase(domain, corpusCase, { planner, workDir });
        results.push(result);
        if (!values.quiet || result.verdict === "wrong") {
          console.log(
            `${result.verdict.padEnd(7)} ${domain.name}:${corpusCase.line}  ${corpusCase.instruction}`,
          );
          if (result.detail && result.verdict !== "correct" && result.verdict !== "refused") {
            console.log(`        ${result.detail}`);
          }
        }
      }
      bySplit.set(domain.split, [...(bySplit.get(domain.split) ?? []), ...results]);
      lines.push(row(`${domain.name} (${domain.split})`, tally(results)));
    }
    console.log(`\nplanner: ${planner}; corpus: ${path.relative(process.cwd(), dir) || "."}`);
    console.log(header());
    for (const line of lines) console.log(line);
    for (const [split, results] of bySplit) console.log(row(`${split} split`, tally(results)));
    const all = tally([...bySplit.values()].flat());
    console.log(row("all", all));
    return all.wrong > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof CorpusFormatError) {
      console.error(`eval:planner: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function header(): string {
  return `${"".padEnd(26)}${["cases", "correct", "refused", "missed", "wrong", "rate"].map((h) => h.padStart(8)).join("")}`;
}

function row(label: string, counts: Tally): string {
  const cells = [counts.total, counts.correct, counts.refused, counts.missed, counts.wrong];
  const rate = `${(correctRate(counts) * 100).toFixed(1)}%`;
  return `${label.padEnd(26)}${[...cells.map(String), rate].map((c) => c.padStart(8)).join("")}`;
}

process.exitCode = await run();
