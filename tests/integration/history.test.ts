import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as executionChanges } from "@/app/api/executions/[id]/changes/route";
import { GET as downloadExecutionFile } from "@/app/api/executions/[id]/downloads/[file]/route";
import { GET as executionRows } from "@/app/api/executions/[id]/rows/route";
import { GET as exportHistory } from "@/app/api/history/export/route";
import type { Actor } from "@/lib/auth/actor";
import { loadVersionContent } from "@/lib/db/dataset-versions";
import { laterChangesToSameCells, listExecutionEvents, rowHistory } from "@/lib/db/executions";
import { listExecutions } from "@/lib/db/history";
import { AppError } from "@/lib/errors";
import { DEFAULT_HISTORY_FILTERS, type HistoryFilters } from "@/lib/schemas/history";
import { approvePlan } from "@/lib/services/approve-plan";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { previewPlan } from "@/lib/services/preview-plan";
import { revertExecution } from "@/lib/services/revert-execution";
import { installTempDb, type TempDb } from "../support/temp-db";

const author: Actor = { id: "user:author", name: "Author", role: "author" };
const approver: Actor = { id: "user:approver", name: "Approver", role: "approver" };
const fixtures = path.resolve(__dirname, "../fixtures");

let temp: TempDb;
let datasetId: string;
let otherDatasetId: string;
const ids: Record<string, string> = {};

function plan(executionId: string, instruction: string, operations: unknown[]) {
  return {
    execution_id: executionId,
    created_at: "2026-01-01T00:00:00Z",
    source_instruction: instruction,
    operations,
  };
}

async function apply(onDataset: string, body: unknown): Promise<string> {
  const { planId } = await createManualPlan({ datasetId: onDataset, plan: body, actor: author });
  return approvePreviewed(planId);
}

async function approvePreviewed(planId: string): Promise<string> {
  const preview = await previewPlan({ planId, actor: author });
  if (!preview.ok) throw new Error(`preview failed: ${JSON.stringify(preview)}`);
  const approved = await approvePlan({
    planId,
    revisionId: preview.revisionId,
    previewHash: preview.previewHash,
    actor: approver,
  });
  return approved.id;
}

async function versionContent(number: number, onDataset = datasetId): Promise<string> {
  // Through the app's reader: an older version is kept as a patch of the next one.
  const version = await loadVersionContent(onDataset, number);
  if (!version) throw new Error(`no version ${number}`);
  return Buffer.from(version.content).toString("utf8");
}

async function currentContent(onDataset = datasetId): Promise<string> {
  const dataset = await temp.db.dataset.findUniqueOrThrow({
    where: { id: onDataset },
    include: { currentVersion: true },
  });
  return Buffer.from(dataset.currentVersion?.content ?? []).toString("utf8");
}

function view(filters: Partial<HistoryFilters>): HistoryFilters {
  return { ...DEFAULT_HISTORY_FILTERS, ...filters };
}

beforeAll(async () => {
  temp = await installTempDb();
  const seed = await readFile(path.join(fixtures, "seed-products.csv"));
  datasetId = (await createDataset({ name: "Seed", content: seed, actor: author.id })).datasetId;
  otherDatasetId = (await createDataset({ name: "Other", content: seed, actor: author.id }))
    .datasetId;

  // v1 → v2: fitness +10% (A101 29.99→32.99, A102 39.99→43.99).
  ids.fitness = await apply(
    datasetId,
    JSON.parse(await readFile(path.join(fixtures, "seed-plan-fitness-10pct.json"), "utf8")),
  );
  // v2 → v3: A101 and B201 to 15.00 (A101 changed again later).
  ids.setPrice = await apply(
    datasetId,
    plan("plan_set_a101_b201", "Set A101 and B201 to $15", [
      {
        operation_id: "op_01",
        filter: { skus: ["A101", "B201"] },
        action: { type: "set_price", value: 15 },
      },
    ]),
  );
  // On the other dataset: yoga to $12.
  ids.other = await apply(
    otherDatasetId,
    plan("plan_other_yoga", "Set yoga products to $12", [
      {
        operation_id: "op_01",
        filter: { categories: ["yoga"] },
        action: { type: "set_price", value: 12 },
      },
    ]),
  );
  // A refused attempt: the same execution_id with a different plan.
  const { planId } = await createManualPlan({
    datasetId,
    plan: plan("plan_set_a101_b201", "Set A101 to $99", [
      {
        operation_id: "op_01",
        filter: { skus: ["A101"] },
        action: { type: "set_price", value: 99 },
      },
    ]),
    actor: author,
  });
  await expect(approvePreviewed(planId)).rejects.toThrow(/already used/);
});

afterAll(async () => {
  await temp.dispose();
});

describe("listExecutions", () => {
  it("lists every attempt newest first, with the dataset and counts", async () => {
    const page = await listExecutions(view({}));
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => row.status)).toEqual([
      "refused",
      "completed",
      "completed",
      "completed",
    ]);
    expect(page.rows[1]).toMatchObject({
      executionId: "plan_other_yoga",
      dataset: { name: "Other" },
      rowsChanged: 2,
      approvedBy: approver.id,
    });
  });

  it("filters by a row key across datasets, and within one", async () => {
    const anywhere = await listExecutions(view({ key: "B201" }));
    expect(anywhere.rows.map((row) => row.executionId).sort()).toEqual([
      "plan_other_yoga",
      "plan_set_a101_b201",
    ]);
    const inSeed = await listExecutions(view({ key: "A101", dataset: datasetId }));
    expect(inSeed.rows.map((row) => row.executionId)).toEqual([
      "plan_set_a101_b201",
      "plan_fitness_price_increase_10pct_v1",
    ]);
    expect((await listExecutions(view({ key: "nope" }))).total).toBe(0);
  });

  it("filters by status, planner, instruction text and date range", async () => {
    expect((await listExecutions(view({ status: "refused" }))).rows).toHaveLength(1);
    expect((await listExecutions(view({ planner: "manual" }))).total).toBe(4);
    expect((await listExecutions(view({ planner: "rules" }))).total).toBe(0);
    const text = await listExecutions(view({ q: "YOGA" }));
    expect(text.rows.map((row) => row.executionId)).toEqual(["plan_other_yoga"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listExecutions(view({ from: today, to: today }))).total).toBe(4);
    expect((await listExecutions(view({ from: "2020-01-01", to: "2020-12-31" }))).total).toBe(0);
  });

  it("sorts and paginates", async () => {
    const byRows = await listExecutions(view({ sort: "rows", dir: "asc" }));
    expect(byRows.rows[0].rowsChanged).toBe(0);
    const byDataset = await listExecutions(view({ sort: "dataset", dir: "asc" }));
    expect(byDataset.rows[0].dataset.name).toBe("Other");
    const second = await listExecutions(view({ size: 25, page: 2 }));
    expect(second.rows).toEqual([]);
    expect(second.pageCount).toBe(1);
  });
});

describe("row history and later changes", () => {
  it("lists every change to one row, newest first", async () => {
    const history = await rowHistory(datasetId, "A101");
    expect(history.map((c) => [c.execution.executionId, c.before, c.after])).toEqual([
      ["plan_set_a101_b201", "32.99", "15.00"],
      ["plan_fitness_price_increase_10pct_v1", "29.99", "32.99"],
    ]);
  });

  it("finds the cells a later execution changed again", async () => {
    const later = await laterChangesToSameCells(ids.fitness);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({
      rowKey: "A101",
      column: "price",
      wroteValue: "32.99",
      laterExecutionId: "plan_set_a101_b201",
      laterBefore: "32.99",
      laterAfter: "15.00",
    });
    expect(later[0].laterCreatedAt).toBeInstanceOf(Date);
    expect(await laterChangesToSameCells(ids.setPrice)).toEqual([]);
  });
});

describe("revertExecution", () => {
  it("refuses what cannot be reverted", async () => {
    const refused = (await listExecutions(view({ status: "refused" }))).rows[0];
    await expect(revertExecution({ executionId: refused.id, actor: author })).rejects.toThrow(
      /Only a completed execution can be reverted/,
    );
    await expect(revertExecution({ executionId: "missing", actor: author })).rejects.toBeInstanceOf(
      AppError,
    );
  });

  it("drafts the inverse plan, which restores the bytes of the version before the execution", async () => {
    const drafted = await revertExecution({ executionId: ids.setPrice, actor: author });
    expect(drafted).toMatchObject({ existing: false, laterChanges: 0 });
    const again = await revertExecution({ executionId: ids.setPrice, actor: author });
    expect(again).toEqual({ ...drafted, existing: true });

    const revertPlan = await temp.db.plan.findUniqueOrThrow({ where: { id: drafted.planId } });
    expect(revertPlan).toMatchObject({
      planner: "revert",
      revertOfId: ids.setPrice,
      status: "draft",
    });
    const events = await listExecutionEvents({ id: ids.setPrice, planId: null });
    expect(events.map((e) => e.type)).toContain("plan.drafted");

    const revertId = await approvePreviewed(drafted.planId);
    expect(await currentContent()).toBe(await versionContent(2));
    const original = await temp.db.execution.findUniqueOrThrow({ where: { id: ids.setPrice } });
    expect(original).toMatchObject({ status: "reverted", revertedById: revertId });
    await expect(revertExecution({ executionId: ids.setPrice, actor: author })).rejects.toThrow(
      /already reverted/,
    );
    expect((await listExecutions(view({ status: "reverted" }))).rows[0].id).toBe(ids.setPrice);
  });

  it("counts later changes to the same cells when reverting an older execution", async () => {
    // After the revert above, A101 went 15.00 → 32.99 in a later execution, and earlier 32.99 → 15.00.
    const drafted = await revertExecution({ executionId: ids.fitness, actor: author });
    expect(drafted.laterChanges).toBe(2);
    await approvePreviewed(drafted.planId);
    expect(await currentContent()).toBe(await versionContent(1));
  });
});

describe("downloads and export", () => {
  const noContext = (params: { id: string; file: string }) => ({ params: Promise.resolve(params) });

  it("serves an execution's before and after CSV as exact bytes, and its audit line", async () => {
    const before = await downloadExecutionFile(
      new Request("http://localhost/x"),
      noContext({ id: ids.fitness, file: "before.csv" }),
    );
    expect(before.headers.get("content-disposition")).toMatch(
      /seed-plan-fitness-price-increase-10pct-v1-before-v1\.csv/,
    );
    expect(await before.text()).toBe(await versionContent(1));
    const after = await downloadExecutionFile(
      new Request("http://localhost/x"),
      noContext({ id: ids.fitness, file: "after.csv" }),
    );
    expect(await after.text()).toBe(await versionContent(2));

    const audit = await downloadExecutionFile(
      new Request("http://localhost/x"),
      noContext({ id: ids.fitness, file: "audit.jsonl" }),
    );
    const text = await audit.text();
    expect(text.split("\n")).toHaveLength(2);
    const record = JSON.parse(text);
    expect(record).toMatchObject({
      execution_id: "plan_fitness_price_increase_10pct_v1",
      status: "reverted",
      rows_changed: 2,
      keys_changed: ["A101", "A102"],
    });
    expect(record.changes[0]).toEqual({
      operation_id: "op_01",
      sku: "A101",
      before: { sku: "A101", category: "fitness", price: "29.99", in_stock: "true" },
      after: { sku: "A101", category: "fitness", price: "32.99", in_stock: "true" },
    });

    const changes = await downloadExecutionFile(
      new Request("http://localhost/x"),
      noContext({ id: ids.fitness, file: "changes.csv" }),
    );
    expect((await changes.text()).split("\r\n").slice(0, 2)).toEqual([
      "row_key,operation,column,before,after,change,change_percent",
      "A101,op_01,price,29.99,32.99,+3.00,+10.0%",
    ]);
    const unknown = await downloadExecutionFile(
      new Request("http://localhost/x"),
      noContext({ id: ids.fitness, file: "secrets.txt" }),
    );
    expect(unknown.status).toBe(404);
  });

  it("serves the change set and the changed rows for the diff table", async () => {
    const context = { params: Promise.resolve({ id: ids.setPrice }) };
    const changes = await (
      await executionChanges(new Request("http://localhost/x"), context)
    ).json();
    expect(changes).toMatchObject({
      operationIds: ["op_01"],
      columns: ["price"],
      rowKeys: ["A101", "B201"],
      before: ["32.99", "19.99"],
      after: ["15.00", "15.00"],
    });
    const rows = await (await executionRows(new Request("http://localhost/x"), context)).json();
    expect(rows).toEqual({
      header: ["sku", "category", "price", "in_stock"],
      keyColumn: "sku",
      rowKeys: ["A101", "B201"],
      cells: ["A101", "fitness", "32.99", "true", "B201", "yoga", "19.99", "false"],
    });
  });

  it("exports the history for a date range as one JSON line per execution, oldest first", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await exportHistory(
      new Request(
        `http://localhost/api/history/export?from=${today}&to=${today}&dataset=${datasetId}`,
      ),
      {},
    );
    expect(response.headers.get("content-type")).toMatch(/ndjson/);
    const lines = (await response.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.execution_id, line.status])).toEqual([
      ["plan_fitness_price_increase_10pct_v1", "reverted"],
      ["plan_set_a101_b201", "reverted"],
      ["plan_set_a101_b201", "refused"],
      [expect.stringMatching(/^revert_plan_set_a101_b201/), "completed"],
      [expect.stringMatching(/^revert_plan_fitness/), "completed"],
    ]);
    expect(lines[2]).toMatchObject({ changes: [], error: expect.stringMatching(/already used/) });
    // Beyond the seed format: who approved (name and email for a person), the dataset and the
    // versions.
    expect(lines[0]).toMatchObject({
      approved_by: expect.any(String),
      approved_by_id: expect.any(String),
      dataset: { id: datasetId, name: expect.any(String) },
      base_version: 1,
      result_version: 2,
      source: "web",
    });

    const csv = await exportHistory(
      new Request(
        `http://localhost/api/history/export?from=${today}&to=${today}&dataset=${datasetId}&format=csv`,
      ),
      {},
    );
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const csvLines = (await csv.text()).trimEnd().split("\r\n");
    expect(csvLines[0]).toBe(
      "execution_id,instruction,dataset,version_before,version_after,status,author,approver,approved_at,override_reason,approval_comment,row_key,column,before,after",
    );
    const fitness = csvLines.filter((line) =>
      line.startsWith("plan_fitness_price_increase_10pct_v1,"),
    );
    expect(fitness.map((line) => line.split(",").slice(-4))).toEqual([
      ["A101", "price", "29.99", "32.99"],
      ["A102", "price", "39.99", "43.99"],
    ]);
    // The refused attempt changed nothing: one line, without a cell.
    expect(csvLines.filter((line) => line.includes(",refused,"))).toHaveLength(1);

    // One execution's own audit CSV: the same columns, its cells only.
    const fitnessExecution = await temp.db.execution.findFirstOrThrow({
      where: { executionId: "plan_fitness_price_increase_10pct_v1" },
    });
    const own = await exportHistory(
      new Request(
        `http://localhost/api/history/export?execution=${fitnessExecution.id}&format=csv`,
      ),
      {},
    );
    const ownLines = (await own.text()).trimEnd().split("\r\n");
    expect(ownLines[0]).toBe(csvLines[0]);
    expect(ownLines.slice(1)).toEqual(fitness);

    const empty = await exportHistory(
      new Request("http://localhost/api/history/export?from=2020-01-01&to=2020-01-02"),
      {},
    );
    expect(await empty.text()).toBe("");
  });
});
