import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CaseResult,
  CorpusFormatError,
  changedCells,
  compareCells,
  correctRate,
  evaluateCase,
  loadCorpus,
  parseDomain,
  tally,
} from "./corpus-eval";

const CORPUS = path.resolve(__dirname, "../lib/planner/corpus/domains");
const encode = (text: string) => new TextEncoder().encode(text);

describe("corpus files", () => {
  it("reads cases, cells and refusals, with the split and description", () => {
    const domain = parseDomain(
      "pets",
      "# pets: a pet shop\n# split: held-out\n\n> raise dogs by 5%\nP1 | price | 10.50\nP2 | price | 21\n\n> delete the cats\nrefused\n",
      "pets.csv",
    );
    expect(domain).toMatchObject({ name: "pets", description: "a pet shop", split: "held-out" });
    expect(domain.cases).toEqual([
      {
        domain: "pets",
        line: 4,
        instruction: "raise dogs by 5%",
        expected: [
          { key: "P1", column: "price", value: "10.50" },
          { key: "P2", column: "price", value: "21" },
        ],
      },
      { domain: "pets", line: 8, instruction: "delete the cats", expected: "refused" },
    ]);
  });

  it.each([
    ["a cell before any case", "P1 | price | 1\n", /line 1: a case starts with/],
    ["a malformed cell", "> raise\nP1 | price\n", /line 2: expected "KEY \| column \| new value"/],
    ["a case with nothing expected", "> raise\n> lower\nrefused\n", /line 1: the case lists no/],
    ["cells and a refusal", "> raise\nP1 | price | 1\nrefused\n", /line 3: a case either/],
    ["an unknown split", "# split: training\n", /split must be tuning or held-out/],
  ])("refuses %s with the line", (_, text, message) => {
    expect(() => parseDomain("pets", text, "pets.csv")).toThrow(CorpusFormatError);
    expect(() => parseDomain("pets", text, "pets.csv")).toThrow(message);
  });
});

describe("judging the cells a plan changed", () => {
  const before = encode("id,price,name\nA,10.00,x\nB,20.00,y\n");

  it("lists changed cells by key and column", () => {
    expect(changedCells(before, encode("id,price,name\nA,11.00,x\nB,20.00,z\n"))).toEqual([
      { key: "A", column: "price", value: "11.00" },
      { key: "B", column: "name", value: "z" },
    ]);
  });

  it("compares numbers by value and says what differs", () => {
    const changed = [{ key: "A", column: "price", value: "11.00" }];
    expect(compareCells([{ key: "A", column: "price", value: "11" }], changed)).toBeUndefined();
    expect(compareCells([{ key: "A", column: "price", value: "12" }], changed)).toBe(
      "A price = 11.00 (expected 12)",
    );
    expect(compareCells([], changed)).toBe("A price = 11.00 (should not change)");
    expect(compareCells([{ key: "B", column: "price", value: "1" }], [])).toBe(
      "B price unchanged (expected 1)",
    );
  });

  it("counts correct plans and correct refusals as right", () => {
    const verdicts = ["correct", "refused", "missed", "wrong"] as const;
    const results = verdicts.map((verdict) => ({ verdict }) as CaseResult);
    const counts = tally(results);
    expect(counts).toEqual({ correct: 1, refused: 1, missed: 1, wrong: 1, total: 4 });
    expect(correctRate(counts)).toBe(0.5);
  });
});

/**
 * The rules planner on the whole corpus, through `signoff plan` and `signoff apply`: no case
 * may get a wrong plan, and each split must be at least 90% right. `npm run eval:planner`
 * prints the same cases one by one.
 */
describe("the rules planner on the corpus", () => {
  let workDir: string;
  const saved = { today: process.env.SIGNOFF_TODAY, database: process.env.DATABASE_URL };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), "signoff-corpus-"));
    process.env.SIGNOFF_TODAY = "2026-06-15";
    process.env.DATABASE_URL = `file:${path.join(workDir, "no-database.db")}`;
  });

  afterAll(async () => {
    process.env.SIGNOFF_TODAY = saved.today;
    process.env.DATABASE_URL = saved.database;
    if (saved.today === undefined) delete process.env.SIGNOFF_TODAY;
    if (saved.database === undefined) delete process.env.DATABASE_URL;
    await rm(workDir, { recursive: true, force: true });
  });

  it("makes no wrong plan and gets at least 90% right on each split", async () => {
    const domains = await loadCorpus(CORPUS);
    const bySplit = new Map<string, CaseResult[]>();
    for (const domain of domains) {
      for (const corpusCase of domain.cases) {
        const result = await evaluateCase(domain, corpusCase, { planner: "rules", workDir });
        bySplit.set(domain.split, [...(bySplit.get(domain.split) ?? []), result]);
      }
    }
    expect([...bySplit.keys()].sort()).toEqual(["held-out", "tuning"]);
    const all = [...bySplit.values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(400);
    const wrong = all
      .filter((result) => result.verdict === "wrong")
      .map((result) => `${result.case.domain}:${result.case.line} ${result.detail}`);
    expect(wrong).toEqual([]);
    for (const [split, results] of bySplit) {
      const rate = correctRate(tally(results));
      expect({ split, rate: rate >= 0.9 }).toEqual({ split, rate: true });
    }

    // Every example in the README's "What you can ask" is a corpus case the planner gets right.
    const readme = await readFile(path.resolve(__dirname, "../README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("## What you can ask"),
      readme.indexOf("**Refused"),
    );
    const examples = [...section.matchAll(/(?<!\*)\*([^*\n]+)\*(?!\*)/g)].map((match) => match[1]);
    expect(examples.length).toBeGreaterThanOrEqual(15);
    const verdictOf = new Map(all.map((result) => [result.case.instruction, result.verdict]));
    expect(examples.filter((example) => verdictOf.get(example) !== "correct")).toEqual([]);
  }, 120_000);
});
