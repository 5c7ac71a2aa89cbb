import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import { executionPlanSchema } from "@/lib/plan/schema";
import { fixturePath, REPO_ROOT } from "@/lib/plan/test-support";
import { runCli } from "./test-support";

/**
 * The real CLI, spawned as a user would run it (node --import tsx cli/signoff.ts), on files in a
 * fresh temporary directory per test.
 */

const SEED_CSV = fixturePath("seed-products.csv");
const SEED_AFTER = fixturePath("seed-products-after-fitness-10pct.csv");
const FITNESS_PLAN = fixturePath("seed-plan-fitness-10pct.json");

let dir: string;
const at = (name: string) => path.join(dir, name);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "signoff-cli-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAudit(file = at("audit.jsonl")): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

async function writePlan(name: string, edit: (plan: Record<string, unknown>) => void) {
  const plan = JSON.parse(await readFile(FITNESS_PLAN, "utf8"));
  edit(plan);
  await writeFile(at(name), JSON.stringify(plan, null, 2));
  return at(name);
}

function apply(plan: string, csv: string, out = at("out.csv"), extra: string[] = []) {
  return runCli([
    "apply",
    "--plan",
    plan,
    "--csv",
    csv,
    "--out",
    out,
    "--audit",
    at("audit.jsonl"),
    "--db",
    "none",
    "--actor",
    "tester",
    ...extra,
  ]);
}

/** No stray temporary files beside the output. */
async function leftovers(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith(".tmp"));
}

describe("signoff apply", () => {
  it("reads a semicolon file and writes it back with semicolons, untouched cells byte for byte", async () => {
    const seed = await readFile(SEED_CSV, "utf8");
    const semicolons = seed.replaceAll(",", ";");
    await writeFile(at("products.csv"), semicolons);
    const run = await apply(FITNESS_PLAN, at("products.csv"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const expected = (await readFile(SEED_AFTER, "utf8")).replaceAll(",", ";");
    expect(await readFile(at("out.csv"), "utf8")).toBe(expected);
  });

  it("takes --delimiter over what the file suggests, and refuses one it does not know", async () => {
    await writeFile(at("one.csv"), "sku;price\nA1;1\n");
    const wrong = await apply(FITNESS_PLAN, at("one.csv"), at("out.csv"), ["--delimiter", "colon"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--delimiter must be comma, semicolon, tab or pipe");
  });

  it("resolves relative paths from where npm run was typed (INIT_CWD)", async () => {
    await copyFile(SEED_CSV, at("here.csv"));
    await copyFile(FITNESS_PLAN, at("plan.json"));
    const run = await runCli(
      [
        "apply",
        "--plan",
        "plan.json",
        "--csv",
        "here.csv",
        "--out",
        "out.csv",
        "--audit",
        "audit.jsonl",
        "--db",
        "none",
      ],
      { env: { INIT_CWD: dir } },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));
  });

  it("writes exactly the seed executor's output and one audit line", async () => {
    const run = await apply(FITNESS_PLAN, SEED_CSV);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "completed plan_fitness_price_increase_10pct_v1: 2 rows changed (A101, A102)",
    );
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));

    const [line, ...more] = await readAudit();
    expect(more).toEqual([]);
    // The seed executor's fields, in its order, then what the CLI adds.
    expect(Object.keys(line)).toEqual([
      "execution_id",
      "source_instruction",
      "executed_at",
      "status",
      "error",
      "operations_count",
      "rows_changed",
      "keys_changed",
      "changes",
      "plan_snapshot",
      "actor",
      "input",
      "output",
      "guards",
      "override_reason",
    ]);
    expect(line).toMatchObject({
      execution_id: "plan_fitness_price_increase_10pct_v1",
      source_instruction:
        "Increase prices by 10% for all in-stock fitness products. Do not change prices for out-of-stock items.",
      status: "completed",
      error: null,
      operations_count: 1,
      rows_changed: 2,
      keys_changed: ["A101", "A102"],
      actor: "tester",
      input: { path: SEED_CSV },
      output: { path: at("out.csv") },
      guards: [],
      override_reason: null,
    });
    expect(Number.isNaN(Date.parse(String(line.executed_at)))).toBe(false);
    expect(line.changes).toEqual([
      {
        operation_id: "op_01",
        sku: "A101",
        before: { sku: "A101", category: "fitness", price: "29.99", in_stock: "true" },
        after: { sku: "A101", category: "fitness", price: "32.99", in_stock: "true" },
      },
      {
        operation_id: "op_01",
        sku: "A102",
        before: { sku: "A102", category: "fitness", price: "39.99", in_stock: "true" },
        after: { sku: "A102", category: "fitness", price: "43.99", in_stock: "true" },
      },
    ]);
    expect(line.plan_snapshot).toEqual(JSON.parse(await readFile(FITNESS_PLAN, "utf8")));
  });

  it("skips a second run with the same execution_id: exit 0, nothing written", async () => {
    expect((await apply(FITNESS_PLAN, SEED_CSV)).code).toBe(0);
    const second = await apply(FITNESS_PLAN, SEED_CSV, at("second.csv"));
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^skipped plan_fitness_price_increase_10pct_v1: it already completed at /,
    );
    expect(existsSync(at("second.csv"))).toBe(false);
    const lines = await readAudit();
    expect(lines.map((line) => line.status)).toEqual(["completed", "skipped"]);
    expect(lines[1]).toMatchObject({ rows_changed: 0, changes: [], output: null });
  });

  it("recognises an execution_id that the seed executor recorded", async () => {
    const plan = JSON.parse(await readFile(FITNESS_PLAN, "utf8"));
    const seedLine = {
      execution_id: plan.execution_id,
      rows_changed: 2,
      changes: [],
      plan_snapshot: plan,
    };
    await writeFile(at("audit.jsonl"), `${JSON.stringify(seedLine)}\n`);
    const run = await apply(FITNESS_PLAN, SEED_CSV);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^skipped /);
    expect(existsSync(at("out.csv"))).toBe(false);
  });

  it("refuses an execution_id that already ran a different plan", async () => {
    expect((await apply(FITNESS_PLAN, SEED_CSV)).code).toBe(0);
    const changed = await writePlan("changed.json", (plan) => {
      (plan.operations as { action: { value: number } }[])[0].action.value = 20;
    });
    const run = await apply(changed, SEED_CSV, at("again.csv"));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^signoff apply: execution_id plan_fitness_price_increase_10pct_v1 already completed at .* with a different plan \(audit file .*\); give this plan a new execution_id\n$/,
    );
    expect(existsSync(at("again.csv"))).toBe(false);
  });

  it("runs again after a failed execution with the same execution_id", async () => {
    await writeFile(at("bad.csv"), "sku,category,price,in_stock\nA101,fitness,n/a,true\n");
    const plan = await writePlan("column.json", (p) => {
      (p.operations as { action: object }[])[0].action = {
        type: "percent_increase",
        column: "price",
        value: 10,
      };
    });
    expect((await apply(plan, at("bad.csv"))).code).toBe(3);
    const retry = await apply(plan, SEED_CSV);
    expect(retry.code).toBe(0);
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));
    expect((await readAudit()).map((line) => line.status)).toEqual(["failed", "completed"]);
  });

  it("rejects an invalid plan (exit 2) before it reads the CSV", async () => {
    const plan = await writePlan("typo.json", (p) => {
      (p.operations as { action: { type: string } }[])[0].action.type = "percent_incrase";
    });
    const run = await apply(plan, at("does-not-exist.csv"));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `signoff apply: ${plan} is not a valid plan (1 error)\n` +
        `  ${plan}:16:9: error: operations[0].action.type: unknown action type "percent_incrase" — did you mean "percent_increase"?\n`,
    );
    expect(existsSync(at("audit.jsonl"))).toBe(false);
  });

  it("reports JSON syntax errors with their line (exit 2)", async () => {
    await writeFile(
      at("broken.json"),
      '{\n  "execution_id": "abcdefgh",\n  "operations": [,]\n}\n',
    );
    const run = await apply(at("broken.json"), at("does-not-exist.csv"));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `signoff apply: ${at("broken.json")}:3:18: not valid JSON: unexpected ",": a value is expected here\n`,
    );
  });

  it("rejects a plan that does not fit the CSV (exit 2), nothing written", async () => {
    const plan = await writePlan("category.json", (p) => {
      (p.operations as { filter: object }[])[0].filter = { categories: ["fittness"] };
    });
    const run = await apply(plan, SEED_CSV);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: operations[0].filter.categories[0]: no category "fittness" in this dataset — did you mean "fitness"?',
    );
    expect(existsSync(at("out.csv"))).toBe(false);
  });

  it("checks keys in skus against every key of the CSV", async () => {
    const plan = await writePlan("skus.json", (p) => {
      (p.operations as { filter: object }[])[0].filter = { skus: ["A101", "A1O2"] };
    });
    const run = await apply(plan, SEED_CSV);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: operations[0].filter.skus[1]: no row with sku "A1O2" in this dataset — did you mean "A102"?',
    );
  });

  it("exits 1 when the CSV cannot be read or parsed", async () => {
    const missing = await apply(FITNESS_PLAN, at("missing.csv"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `signoff apply: cannot read the CSV ${at("missing.csv")}: no such file or directory\n`,
    );
    await writeFile(at("ragged.csv"), "sku,category,price,in_stock\nA101,fitness,29.99\n");
    const ragged = await apply(FITNESS_PLAN, at("ragged.csv"));
    expect(ragged.code).toBe(1);
    expect(ragged.stderr).toMatch(/^signoff apply: cannot read the CSV .*ragged\.csv:2: /);
    expect(existsSync(at("out.csv"))).toBe(false);
  });

  it("exits 1 when the plan file cannot be read", async () => {
    const run = await apply(at("no-plan.json"), SEED_CSV);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `signoff apply: cannot read the plan ${at("no-plan.json")}: no such file or directory\n`,
    );
  });

  it("exits 3 when a cell is not a number, writes nothing and records the failure", async () => {
    const csv = (await readFile(SEED_CSV, "utf8")).replace("29.99", "n/a");
    await writeFile(at("prices.csv"), csv);
    const plan = await writePlan("column.json", (p) => {
      (p.operations as { action: object }[])[0].action = {
        type: "percent_increase",
        column: "price",
        value: 10,
      };
    });
    const run = await apply(plan, at("prices.csv"));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      "signoff apply: Operation op_01: 1 matched row has a 'price' that is not a number (A101). Nothing was applied.\n",
    );
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(at("out.csv"))).toBe(false);
    const [line] = await readAudit();
    expect(line).toMatchObject({
      status: "failed",
      error:
        "Operation op_01: 1 matched row has a 'price' that is not a number (A101). Nothing was applied.",
      rows_changed: 0,
      changes: [],
      output: null,
    });
  });

  it("exits 4 when --out cannot be written, leaving no temporary file", async () => {
    const run = await apply(FITNESS_PLAN, SEED_CSV, at("no-such-dir/out.csv"));
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      `signoff apply: cannot write --out ${at("no-such-dir/out.csv")}: no such file or directory; nothing was written\n`,
    );
    expect(await leftovers()).toEqual([]);
    const [line] = await readAudit();
    expect(line).toMatchObject({ status: "failed", output: null });
  });

  it("exits 4 when the output cannot be put in place after it was flushed, recording only the failure", async () => {
    // A directory where the output goes: the temporary file is written and flushed (while the
    // audit line is being made), then cannot be renamed over it.
    await mkdir(at("taken"));
    const run = await apply(FITNESS_PLAN, SEED_CSV, at("taken"));
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^signoff apply: cannot write --out .*taken: .*; nothing was written\n$/,
    );
    expect(await leftovers()).toEqual([]);
    const lines = await readAudit();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: "failed", output: null, changes: [] });
  });

  it("exits 4 when the audit file cannot be opened, and writes no output", async () => {
    const run = await runCli([
      "apply",
      "--plan",
      FITNESS_PLAN,
      "--csv",
      SEED_CSV,
      "--out",
      at("out.csv"),
      "--audit",
      at("no-such-dir/audit.jsonl"),
      "--db",
      "none",
    ]);
    expect(run.code).toBe(4);
    expect(existsSync(at("out.csv"))).toBe(false);
  });

  it("can write the result over its input", async () => {
    await copyFile(SEED_CSV, at("products.csv"));
    const run = await apply(FITNESS_PLAN, at("products.csv"), at("products.csv"));
    expect(run.code).toBe(0);
    expect(await readFile(at("products.csv"))).toEqual(await readFile(SEED_AFTER));
    expect(await leftovers()).toEqual([]);
  });

  it("refuses a failed guard (exit 3) unless --override-guards gives a reason", async () => {
    const plan = await writePlan("guarded.json", (p) => {
      p.guards = { max_rows_changed: 1 };
    });
    const refused = await apply(plan, SEED_CSV);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("signoff apply: guard failed: max_rows_changed: ");
    expect(existsSync(at("out.csv"))).toBe(false);

    const overridden = await apply(plan, SEED_CSV, at("out.csv"), [
      "--override-guards",
      "approved by pricing lead",
    ]);
    expect(overridden.code).toBe(0);
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));
    const lines = await readAudit();
    expect(lines.map((line) => [line.status, line.override_reason])).toEqual([
      ["failed", null],
      ["completed", "approved by pricing lead"],
    ]);
  });

  it("refuses independent operations that write the same cells (exit 2)", async () => {
    const plan = await writePlan("conflict.json", (p) => {
      p.operations = [
        {
          operation_id: "raise",
          depends_on: [],
          filter: { categories: ["fitness"] },
          action: { type: "percent_increase", value: 10 },
        },
        {
          operation_id: "fix",
          depends_on: [],
          filter: {},
          action: { type: "set_price", value: 15 },
        },
      ];
    });
    const run = await apply(plan, SEED_CSV);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("order-dependent: raise and fix both write");
    expect(existsSync(at("out.csv"))).toBe(false);
  });

  it("explains wrong use of the command line in one line (exit 2)", async () => {
    const unknown = await runCli(["apply", "--plan", FITNESS_PLAN, "--bogus"]);
    expect(unknown).toMatchObject({
      code: 2,
      stdout: "",
      stderr: "signoff apply: unknown option --bogus (see: signoff apply --help)\n",
    });
    const missing = await runCli(["apply", "--plan", FITNESS_PLAN, "--csv", SEED_CSV]);
    expect(missing.stderr).toBe("signoff apply: --out is required (see: signoff apply --help)\n");
    const command = await runCli(["aply"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/^signoff: unknown command "aply"/);
  });
});

describe("signoff preview", () => {
  it("prints counts per operation and the diff as aligned tables", async () => {
    const run = await runCli([
      "preview",
      "--plan",
      fixturePath("seed-plan-mixed.json"),
      "--csv",
      SEED_CSV,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      [
        "#  operation  matched  changed  skipped  action",
        "-  ---------  -------  -------  -------  -------------------",
        "1  op_01            2        2        0  percent_increase 15",
        "2  op_02            2        2        0  set_stock false",
      ].join("\n"),
    );
    expect(run.stdout).toContain(
      [
        "Changes: 4 cells in 4 rows",
        "sku   column    before  after  operation",
        "----  --------  ------  -----  ---------",
        "A101  price     29.99   34.49  op_01",
        "A102  price     39.99   45.99  op_01",
        "C301  in_stock  true    false  op_02",
        "C302  in_stock  true    false  op_02",
      ].join("\n"),
    );
  });

  it("prints one JSON object with --json", async () => {
    const run = await runCli(["preview", "--plan", FITNESS_PLAN, "--csv", SEED_CSV, "--json"]);
    expect(run.code).toBe(0);
    const preview = JSON.parse(run.stdout);
    expect(preview).toMatchObject({
      execution_id: "plan_fitness_price_increase_10pct_v1",
      rows: 7,
      key_column: "sku",
      operations: [{ operation_id: "op_01", matched: 2, changed: 2, skipped: 0 }],
      guards_passed: true,
      rows_changed: 2,
      cells_changed: 2,
      changes: [
        { operation_id: "op_01", key: "A101", column: "price", before: "29.99", after: "32.99" },
        { operation_id: "op_01", key: "A102", column: "price", before: "39.99", after: "43.99" },
      ],
    });
    expect(preview.change_set_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("shows failed guards and exits 3", async () => {
    const plan = await writePlan("guarded.json", (p) => {
      p.guards = { max_value: 40 };
    });
    const run = await runCli(["preview", "--plan", plan, "--csv", SEED_CSV]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/max_value\s+40\s+FAILED/);
  });
});

describe("signoff plan", () => {
  it("drafts a plan with the rules planner that parses as a plan", async () => {
    const run = await runCli([
      "plan",
      "--csv",
      SEED_CSV,
      "--instruction",
      "Increase prices by 10% for all in-stock fitness products",
      "--planner",
      "rules",
      "--out",
      at("plan.json"),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^wrote .*plan\.json \(1 operation, rules planner\)/);
    const plan = executionPlanSchema.parse(JSON.parse(await readFile(at("plan.json"), "utf8")));
    expect(plan.operations[0]).toMatchObject({
      filter: { categories: ["fitness"], in_stock: true },
      action: { type: "percent_increase", value: 10 },
    });
    // And the drafted plan applies to the same result as the seed plan.
    expect((await apply(at("plan.json"), SEED_CSV)).code).toBe(0);
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));
  });

  it("gives different instructions different execution ids, and the same one the same id", async () => {
    const idOf = async (instruction: string) => {
      const run = await runCli(["plan", "--csv", SEED_CSV, "--instruction", instruction]);
      expect(run.code).toBe(0);
      return executionPlanSchema.parse(JSON.parse(run.stdout)).execution_id;
    };
    const first = await idOf("Increase prices by 10% for fitness products");
    const second = await idOf("raise fitness prices 10%");
    expect(first).not.toBe(second);
    expect(await idOf("Increase prices by 10% for fitness products")).toBe(first);
  });

  it("moves a drafted plan past an execution id the app database already recorded", async () => {
    const env = { DATABASE_URL: `file:${at("app.db")}` };
    const plan = async () => {
      const run = await runCli(
        ["plan", "--csv", SEED_CSV, "--instruction", "Cut yoga by 5%", "--out", at("plan.json")],
        { env },
      );
      expect(run.code).toBe(0);
      return executionPlanSchema.parse(JSON.parse(await readFile(at("plan.json"), "utf8")));
    };
    const first = await plan();
    const applied = await runCli(
      [
        "apply",
        "--plan",
        at("plan.json"),
        "--csv",
        SEED_CSV,
        "--out",
        at("out.csv"),
        "--audit",
        at("audit.jsonl"),
        "--db",
        env.DATABASE_URL,
      ],
      { env },
    );
    expect(applied.code).toBe(0);
    const second = await plan();
    expect(second.execution_id).not.toBe(first.execution_id);
    expect(second.execution_id).toMatch(/_v2$/);
  });

  it("gives up on a model endpoint that does not answer within SIGNOFF_PLANNER_TIMEOUT_MS", async () => {
    const { createServer } = await import("node:http");
    const server = createServer(() => {}); // accepts and never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const started = Date.now();
      const run = await runCli(
        ["plan", "--csv", SEED_CSV, "--instruction", "Increase yoga prices by 10%"],
        {
          env: {
            SIGNOFF_PLANNER: "openai-compatible",
            SIGNOFF_OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
            SIGNOFF_MODEL: "test-model",
            SIGNOFF_PLANNER_TIMEOUT_MS: "1000",
          },
        },
      );
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/made no plan/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 30_000);

  it("exits 2 with the words the planner could not place", async () => {
    const run = await runCli([
      "plan",
      "--csv",
      SEED_CSV,
      "--instruction",
      "Zorblax the flurbs",
      "--planner",
      "rules",
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^signoff plan: the rules planner made no plan: .*\n {2}could not place: /,
    );
  });
});

describe("help and the bin", () => {
  it.each(["plan", "preview", "apply"])("signoff %s --help", async (command) => {
    const run = await runCli([command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: signoff ${command} `));
  });

  it("bin/signoff.mjs runs the CLI from any directory, with a new database there", async () => {
    const bin = [path.join(REPO_ROOT, "bin", "signoff.mjs")];
    const help = await runCli(["--help"], { cwd: dir, entry: bin });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: signoff <command> \[options\]/);
    const run = await runCli(
      [
        "apply",
        "--plan",
        FITNESS_PLAN,
        "--csv",
        SEED_CSV,
        "--out",
        "out.csv",
        "--audit",
        "audit.jsonl",
        "--db",
        "file:app.db",
      ],
      { cwd: dir, entry: bin },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await readFile(at("out.csv"))).toEqual(await readFile(SEED_AFTER));
    // A new database in that directory, made from the repository's schema.
    expect(existsSync(at("app.db"))).toBe(true);
  });
});

describe("the bin on a large file", () => {
  // Each Node process the bin starts notes its pid and GLIBC_TUNABLES as it loads (its main
  // thread: the preload runs in worker threads too).
  async function runNoting(args: string[], env: Record<string, string> = {}) {
    const notes = at("processes.txt");
    await writeFile(
      at("note.cjs"),
      `if (require("node:worker_threads").isMainThread) require("node:fs").appendFileSync(${JSON.stringify(notes)}, \`\${process.pid} \${process.env.GLIBC_TUNABLES ?? "-"}\\n\`);`,
    );
    const bin = [path.join(REPO_ROOT, "bin", "signoff.mjs")];
    const run = await runCli(args, {
      entry: bin,
      env: { NODE_OPTIONS: `--require ${at("note.cjs")}`, ...env },
    });
    const processes = existsSync(notes) ? (await readFile(notes, "utf8")).trim().split("\n") : [];
    return { run, tunables: processes.map((line) => line.split(" ")[1]) };
  }

  async function largeCsv(): Promise<string> {
    const rows = Array.from({ length: 150_000 }, (_, i) => {
      const sku = `F${String(i).padStart(7, "0")}`;
      return `${sku},fitness item ${i} of the catalogue,fitness,${(i % 90) + 10}.50,true`;
    });
    const file = at("large.csv");
    await writeFile(file, `sku,name,category,price,in_stock\n${rows.join("\n")}\n`);
    return file;
  }

  it.runIf(process.platform === "linux")(
    "starts itself again with glibc's large pages, and answers as it would have",
    async () => {
      const csv = await largeCsv();
      const plan = ["plan", "--csv", csv, "--instruction", "raise fitness prices by 5%"];
      const { run, tunables } = await runNoting([...plan, "--planner", "rules"]);
      expect(run.code, run.stderr).toBe(0);
      expect(executionPlanSchema.parse(JSON.parse(run.stdout)).operations).toHaveLength(1);
      expect(tunables).toEqual(["-", "glibc.malloc.hugetlb=1"]);

      // A failure in the second process is the bin's failure, with its message and code.
      await rm(at("processes.txt"));
      const refused = await runNoting([...plan, "--planner", "nonsense"]);
      expect(refused.run.code).toBe(2);
      expect(refused.run.stderr).toMatch(/^signoff plan: --planner must be one of/);
      expect(refused.tunables).toHaveLength(2);
    },
  );

  it("runs in one process for a small file, or with the caller's own glibc settings", async () => {
    const small = await runNoting([
      "plan",
      "--csv",
      SEED_CSV,
      "--instruction",
      "raise fitness prices by 5%",
      "--planner",
      "rules",
    ]);
    expect(small.run.code, small.run.stderr).toBe(0);
    expect(small.tunables).toEqual(["-"]);
    await rm(at("processes.txt"));
    const csv = await largeCsv();
    const own = await runNoting(
      ["plan", "--csv", csv, "--instruction", "raise fitness prices by 5%", "--planner", "rules"],
      { GLIBC_TUNABLES: "glibc.malloc.arena_max=2" },
    );
    expect(own.run.code, own.run.stderr).toBe(0);
    expect(own.tunables).toEqual(["glibc.malloc.arena_max=2"]);
  });
});

describe("signoff apply with the app database", () => {
  it("records the run in the database (as the web history reads it) and skips a replay", async () => {
    const url = `file:${at("app.db")}`;
    const args = [
      "apply",
      "--plan",
      FITNESS_PLAN,
      "--csv",
      SEED_CSV,
      "--out",
      at("out.csv"),
      "--audit",
      at("audit.jsonl"),
      "--db",
      url,
      "--actor",
      "ci-bot",
    ];
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);

    const sqlite = new Database(at("app.db"), { readonly: true });
    const executions = sqlite
      .prepare(
        'SELECT "executionId", "status", "source", "approvedBy", "rowsChanged" FROM "Execution"',
      )
      .all();
    const changes = sqlite
      .prepare('SELECT "rowKey", "column", "before", "after" FROM "Change" ORDER BY "seq"')
      .all();
    const versions = sqlite
      .prepare('SELECT "number", "source" FROM "DatasetVersion" ORDER BY "number"')
      .all();
    sqlite.close();
    expect(executions).toEqual([
      {
        executionId: "plan_fitness_price_increase_10pct_v1",
        status: "completed",
        source: "cli",
        approvedBy: "cli:ci-bot",
        rowsChanged: 2,
      },
    ]);
    expect(changes).toEqual([
      { rowKey: "A101", column: "price", before: "29.99", after: "32.99" },
      { rowKey: "A102", column: "price", before: "39.99", after: "43.99" },
    ]);
    expect(versions).toEqual([
      { number: 1, source: "upload" },
      { number: 2, source: "execution" },
    ]);
    // The input version, kept as a patch from the result, reads back as the input's bytes, and
    // the dataset's profile is whole.
    const client = createDb(url);
    try {
      expect(await checkDatabaseIntegrity(client)).toMatchObject({ ok: true, problems: [] });
      const [dataset] = await client.dataset.findMany();
      const profile = readProfile(dataset.profileJson);
      expect(profile.keyColumn).toBe("sku");
      expect(profile.columns.map(({ name, type }) => [name, type])).toEqual([
        ["sku", "text"],
        ["category", "text"],
        ["price", "number"],
        ["in_stock", "boolean"],
      ]);
      expect(profile.columns[1].distinctValues).toEqual(["accessories", "fitness", "yoga"]);
    } finally {
      await client.$disconnect();
    }

    // The audit file is gone: the database alone knows the id ran.
    await rm(at("audit.jsonl"));
    await rm(at("out.csv"));
    const again = await runCli(args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout + again.stderr).toMatch(/skipped/i);
    expect(existsSync(at("out.csv"))).toBe(false);
  });
});
