import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseCsv } from "@/lib/dataset/csv";
import type { CliIo } from "./io";
import { main } from "./main";

/**
 * The planner corpus, scored through the command line a user has: each instruction is planned
 * with `signoff plan` and the plan applied with `signoff apply`, and the cells that changed are
 * compared with the ones the case expects. A domain is a table (`NAME.csv`) and its cases
 * (`NAME.cases`):
 *
 *     # NAME: what the table is
 *     # split: tuning | held-out
 *     > raise the rent for every Williamsburg apartment by 5%
 *     L-102 | Monthly Rent | 3098
 *     > Delete all vacant units
 *     refused
 *
 * Cells not listed must not change; numbers are compared by value.
 */

export type Split = "tuning" | "held-out";

export interface ExpectedCell {
  key: string;
  column: string;
  value: string;
}

export interface CorpusCase {
  domain: string;
  line: number;
  instruction: string;
  /** The cells that must change, or "refused" when no plan should be made. */
  expected: ExpectedCell[] | "refused";
}

export interface CorpusDomain {
  name: string;
  description: string;
  split: Split;
  csvPath: string;
  cases: CorpusCase[];
}

export type Verdict = "correct" | "refused" | "missed" | "wrong";

export interface CaseResult {
  case: CorpusCase;
  verdict: Verdict;
  /** Why, for anything but a correct plan: the planner's refusal or the cells that differ. */
  detail?: string;
}

export class CorpusFormatError extends Error {}

/** Every domain in `dir`, in name order. */
export async function loadCorpus(dir: string): Promise<CorpusDomain[]> {
  const names = (await readdir(dir))
    .filter((file) => file.endsWith(".cases"))
    .map((file) => file.slice(0, -".cases".length))
    .sort();
  if (names.length === 0) throw new CorpusFormatError(`no NAME.cases files in ${dir}`);
  return Promise.all(
    names.map(async (name) =>
      parseDomain(
        name,
        await readFile(path.join(dir, `${name}.cases`), "utf8"),
        path.join(dir, `${name}.csv`),
      ),
    ),
  );
}

export function parseDomain(name: string, text: string, csvPath: string): CorpusDomain {
  const domain: CorpusDomain = { name, description: "", split: "tuning", csvPath, cases: [] };
  let current: CorpusCase | undefined;
  const fail = (line: number, message: string) =>
    new CorpusFormatError(`${name}.cases line ${line}: ${message}`);
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    const at = index + 1;
    if (line === "") continue;
    if (line.startsWith("#")) {
      const header = /^#\s*([\w-]+):\s*(.*)$/.exec(line);
      if (header?.[1] === "split") {
        if (header[2] !== "tuning" && header[2] !== "held-out") {
          throw fail(at, `split must be tuning or held-out, not ${JSON.stringify(header[2])}`);
        }
        domain.split = header[2];
      } else if (header?.[1] === name) {
        domain.description = header[2];
      }
      continue;
    }
    if (line.startsWith(">")) {
      current = { domain: name, line: at, instruction: line.slice(1).trim(), expected: [] };
      domain.cases.push(current);
      continue;
    }
    if (!current) throw fail(at, 'a case starts with "> " and its instruction');
    if (line === "refused") {
      if (current.expected !== "refused" && current.expected.length > 0) {
        throw fail(at, "a case either lists cells or is refused");
      }
      current.expected = "refused";
      continue;
    }
    const parts = line.split("|").map((part) => part.trim());
    if (parts.length !== 3 || current.expected === "refused") {
      throw fail(at, 'expected "KEY | column | new value" or "refused"');
    }
    current.expected.push({ key: parts[0], column: parts[1], value: parts[2] });
  }
  for (const corpusCase of domain.cases) {
    if (corpusCase.expected !== "refused" && corpusCase.expected.length === 0) {
      throw fail(corpusCase.line, "the case lists no cells and is not refused");
    }
  }
  return domain;
}

/** A CliIo that keeps what a command wrote. */
function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (text) => stdout.push(text), err: (text) => stderr.push(text) };
}

export interface EvaluateOptions {
  /** `signoff plan --planner`: rules, google or openai-compatible. */
  planner: string;
  /** A scratch folder for plans, outputs and audit files. */
  workDir: string;
}

/** Plan and apply one case with the CLI, and judge the cells it changed. */
export async function evaluateCase(
  domain: CorpusDomain,
  corpusCase: CorpusCase,
  options: EvaluateOptions,
): Promise<CaseResult> {
  const dir = path.join(options.workDir, domain.name);
  await mkdir(dir, { recursive: true });
  const file = (suffix: string) => path.join(dir, `${corpusCase.line}.${suffix}`);
  const planIo = capture();
  const planned = await main(
    [
      "plan",
      "--csv",
      domain.csvPath,
      "--instruction",
      corpusCase.instruction,
      "--planner",
      options.planner,
      "--out",
      file("plan.json"),
    ],
    planIo,
  );
  const refusal = planIo.stderr.join(" ").replace(/\s+/g, " ").trim();
  if (planned !== 0) {
    const verdict = corpusCase.expected === "refused" && planned === 2 ? "refused" : "missed";
    return { case: corpusCase, verdict, detail: refusal };
  }
  if (corpusCase.expected === "refused") {
    return { case: corpusCase, verdict: "wrong", detail: "a plan was made; none should be" };
  }
  const applyIo = capture();
  const applied = await main(
    [
      "apply",
      "--plan",
      file("plan.json"),
      "--csv",
      domain.csvPath,
      "--out",
      file("out.csv"),
      "--audit",
      file("audit.jsonl"),
      "--db",
      "none",
    ],
    applyIo,
  );
  if (applied !== 0) {
    const why = applyIo.stderr.join(" ").replace(/\s+/g, " ").trim();
    return { case: corpusCase, verdict: "wrong", detail: `the plan did not apply: ${why}` };
  }
  const changed = changedCells(await readFile(domain.csvPath), await readFile(file("out.csv")));
  const difference = compareCells(corpusCase.expected, changed);
  return difference === undefined
    ? { case: corpusCase, verdict: "correct" }
    : { case: corpusCase, verdict: "wrong", detail: difference };
}

/** The cells whose text differs between two versions of a table, by key and column. */
export function changedCells(before: Uint8Array, after: Uint8Array): ExpectedCell[] {
  const old = parseCsv(before);
  const now = parseCsv(after);
  const keyColumn = old.header[0];
  const rowsOf = (table: typeof old) => {
    const rows = new Map<string, string[]>();
    const key = table.columnIndex(keyColumn);
    for (let row = 0; row < table.rowCount; row++) {
      rows.set(
        table.cell(row, key),
        table.header.map((_, col) => table.cell(row, col)),
      );
    }
    return rows;
  };
  const oldRows = rowsOf(old);
  const changes: ExpectedCell[] = [];
  for (const [key, cells] of rowsOf(now)) {
    const previous = oldRows.get(key);
    now.header.forEach((column, col) => {
      const before = previous?.[old.columnIndex(column)];
      if (before !== cells[col]) changes.push({ key, column, value: cells[col] });
    });
  }
  return changes;
}

function sameValue(a: string, b: string): boolean {
  if (a === b) return true;
  const number = /^-?\d+(\.\d+)?$/;
  return number.test(a) && number.test(b) && Number(a) === Number(b);
}

/** Undefined when the changes are exactly the expected ones; else what differs, briefly. */
export function compareCells(
  expected: readonly ExpectedCell[],
  changed: readonly ExpectedCell[],
): string | undefined {
  const id = (cell: ExpectedCell) => `${cell.key} ${cell.column}`;
  const actual = new Map(changed.map((cell) => [id(cell), cell.value]));
  const problems: string[] = [];
  for (const cell of expected) {
    const value = actual.get(id(cell));
    if (value === undefined) problems.push(`${id(cell)} unchanged (expected ${cell.value})`);
    else if (!sameValue(value, cell.value)) {
      problems.push(`${id(cell)} = ${value} (expected ${cell.value})`);
    }
    actual.delete(id(cell));
  }
  for (const [cell, value] of actual) problems.push(`${cell} = ${value} (should not change)`);
  if (problems.length === 0) return undefined;
  const shown = problems.slice(0, 4).join("; ");
  return problems.length > 4 ? `${shown}; and ${problems.length - 4} more` : shown;
}

export interface Tally {
  correct: number;
  refused: number;
  missed: number;
  wrong: number;
  total: number;
}

export function tally(results: readonly CaseResult[]): Tally {
  const counts: Tally = { correct: 0, refused: 0, missed: 0, wrong: 0, total: 0 };
  for (const result of results) {
    counts[result.verdict]++;
    counts.total++;
  }
  return counts;
}

/** The share of cases the planner got right: correct plans plus correct refusals. */
export function correctRate(counts: Tally): number {
  return counts.total === 0 ? 1 : (counts.correct + counts.refused) / counts.total;
}
