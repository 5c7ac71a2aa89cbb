import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "./test-support";

/**
 * Files as people have them, through the CLI as they would run it: a semicolon export with
 * decimal commas, columns of different precision, Excel's trailing separator, lines of spaces, a
 * first column that cannot be the key.
 */

let dir: string;
const at = (name: string) => path.join(dir, name);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "signoff-cli-files-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Action = Record<string, unknown>;

async function writePlan(actions: Action[], filter: Record<string, unknown> = {}): Promise<string> {
  const plan = {
    execution_id: "people_files_v1",
    created_at: "2026-11-26T00:00:00Z",
    source_instruction: "a change to a file as people have it",
    operations: actions.map((action, index) => ({
      operation_id: `op_0${index + 1}`,
      filter,
      action,
    })),
  };
  await writeFile(at("plan.json"), JSON.stringify(plan, null, 2));
  return at("plan.json");
}

async function apply(csv: string, actions: Action[], filter?: Record<string, unknown>) {
  await writeFile(at("in.csv"), csv);
  const run = await runCli([
    "apply",
    "--plan",
    await writePlan(actions, filter),
    "--csv",
    at("in.csv"),
    "--out",
    at("out.csv"),
    "--audit",
    at("audit.jsonl"),
    "--db",
    "none",
  ]);
  const out = run.code === 0 ? await readFile(at("out.csv"), "utf8") : "";
  return { ...run, out };
}

describe("signoff apply on files as people have them", () => {
  it("reads decimal commas in a semicolon file as numbers and writes results with a comma", async () => {
    const run = await apply("sku;name;price\r\nA1;Mat;2,50\r\nA2;Ball, red;10,00\r\n", [
      { type: "percent_increase", value: 10, column: "price" },
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toBe("sku;name;price\r\nA1;Mat;2,75\r\nA2;Ball, red;11,00\r\n");
  });

  it("keeps each column's own precision when the plan does not round", async () => {
    const run = await apply("sku,ratio,price\nA,0.980268513777,19.99\nB,0.5,5.00\n", [
      { type: "percent_increase", value: 10, column: "ratio" },
      { type: "percent_increase", value: 10, column: "price" },
    ]);
    expect(run.code).toBe(0);
    // 0.980268513777 × 1.1 = 1.0782953651547, kept at the column's 12 places; prices at cents.
    expect(run.out).toBe("sku,ratio,price\nA,1.078295365155,21.99\nB,0.550000000000,5.50\n");
  });

  it("warns, naming the rows, when rounding to a whole-number column swallows the change", async () => {
    const run = await apply("sku,stock\nA,2\nB,40\n", [
      { type: "percent_increase", value: 10, column: "stock" },
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toBe("sku,stock\nA,2\nB,44\n");
    expect(run.stderr).toMatch(/warning: .*\bA\b/);
    expect(run.stderr).not.toMatch(/warning: .*\bB\b/);
  });

  it("previews a result that rounding moved by more than a quarter of its change", async () => {
    await writeFile(at("in.csv"), "sku,price\nA,5\nB,40\n");
    const plan = await writePlan([{ type: "percent_increase", value: 10, column: "price" }]);
    const run = await runCli(["preview", "--plan", plan, "--csv", at("in.csv")]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "rounding moved 1 value by more than a quarter of its change: A 5 → 6 (exactly 5.5)",
    );
  });

  it("keeps Excel's trailing separator and a line of spaces as they were", async () => {
    const run = await apply("sku,price,\nA1,10,\n   \nA2,20,\n", [
      { type: "fixed_increase", value: 1, column: "price" },
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toBe("sku,price,\nA1,11,\n   \nA2,21,\n");
  });

  it("refuses a value under a header without a name, naming the line and the way on", async () => {
    const run = await apply("sku,price,\nA1,10,\nA2,20,oops\n", [
      { type: "fixed_increase", value: 1, column: "price" },
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("in.csv:3");
    expect(run.stderr).toMatch(/name/i);
  });

  it("says which column became the key when the first one repeats, and --key picks another", async () => {
    const csv = "category,sku,code,price\nYoga,A1,X1,10\nYoga,A2,X2,20\n";
    const picked = await apply(csv, [{ type: "fixed_increase", value: 1, column: "price" }]);
    expect(picked.code).toBe(0);
    expect(picked.stderr).toContain("The first column, “category”, repeats");
    expect(picked.stderr).toContain("“sku”");
    expect(picked.stderr).toContain("--key COLUMN picks another");

    await writeFile(at("in.csv"), csv);
    const chosen = await runCli([
      "preview",
      "--plan",
      at("plan.json"),
      "--csv",
      at("in.csv"),
      "--key",
      "code",
      "--json",
    ]);
    expect(chosen.code).toBe(0);
    const preview = JSON.parse(chosen.stdout);
    expect(preview.key_column).toBe("code");
    expect(preview.warnings.join(" ")).not.toContain("first column");
  });

  it("prints keys with line breaks escaped in the summary", async () => {
    const run = await apply('sku,price\n"A\n1",10\nB,20\n', [
      { type: "fixed_increase", value: 1, column: "price" },
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 rows changed ("A\\n1", B)');
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    await writeFile(at("in.csv"), 'sku,price\n"A\n1",10\nB,20\n');
    const preview = await runCli(["preview", "--plan", at("plan.json"), "--csv", at("in.csv")]);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain("A⏎1");
    expect(preview.stdout).not.toContain("A\n1");
  });
});
