/**
 * Child process for approve-100k, approve-1m and preview-100k: a scratch database holding the
 * ROWS-row catalog and a plan (by default one that changes every row's price), then the preview
 * task (the work the preview server action hands to the compute thread: the preview service and
 * the impact summary it answers with) twice and the approval transaction, each timed,
 * with their phases, after one untimed warm-up of the same flow on 1,000 rows. Prints one JSON
 * line.
 *
 * The catalog is uploaded and the plan drafted by a process of its own (this file with --setup),
 * as a server would have done it long before someone previews: the figures, peak memory
 * included, are those of the preview and the approval, not of an upload in the same process
 * (whose peak is reported beside them as `setup_peak_rss_mb`).
 *
 * Usage: approve.ts CSV_FILE [PLAN_FILE]: the plan file, when given, is the plan to preview and
 * approve instead. SIGNOFF_BENCH_DATABASE_URL, when set, is an empty PostgreSQL database to use
 * instead of a SQLite file. Run with lib/compute/server-only-hook.mjs (see there).
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

(process.env as Record<string, string>).NODE_ENV = "production";
const { createDb } = await import("@/lib/db/client");
const { migrateDatabase, migratePostgres } = await import("@/lib/db/migrations");
const { createDataset } = await import("@/lib/services/create-dataset");
const { createManualPlan } = await import("@/lib/services/create-plan");
// The preview as the server runs it on its compute thread: the change set stays in the preview
// cache and the answer carries its summary, so nothing here holds a change list of its own.
const {
  computeTasks: { previewPlan },
} = await import("@/lib/compute/tasks");
const { approvePlan } = await import("@/lib/services/approve-plan");
const { tableCacheStats } = await import("@/lib/services/table-cache");

const author = { id: "bench:author", name: "Author", role: "author" as const };
const approver = { id: "bench:approver", name: "Approver", role: "approver" as const };
const postgresUrl = process.env.SIGNOFF_BENCH_DATABASE_URL;

if (process.argv[2] === "--setup") {
  const [databaseFile, csvFile, planFile] = process.argv.slice(3);
  if (postgresUrl) await migratePostgres(postgresUrl);
  else await migrateDatabase(databaseFile);
  openDatabase(databaseFile);
  const { datasetId, rowCount } = await createDataset({
    name: "Bench catalog",
    content: readFileSync(csvFile),
    actor: author.id,
  });
  const planId = planFile
    ? await planFromFile(datasetId, planFile)
    : await everyPricePlan(datasetId, "bench_every_price_v1");
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ planId, rowCount, peak_rss_mb: peak }));
} else {
  await measureApproval();
}

function openDatabase(databaseFile: string) {
  (globalThis as { signoffDb?: unknown }).signoffDb = createDb(
    postgresUrl ?? `file:${databaseFile}`,
  );
}

async function measureApproval() {
  const [csvFile, planFile] = process.argv.slice(2);
  const dir = mkdtempSync(path.join(os.tmpdir(), "signoff-bench-approve-"));
  try {
    const databaseFile = path.join(dir, "bench.db");
    const setup = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        "--setup",
        databaseFile,
        csvFile,
        ...(planFile ? [planFile] : []),
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20 },
    );
    if (setup.status !== 0) throw new Error(`setup failed with ${setup.status}`);
    const { planId, rowCount, peak_rss_mb: setupPeak } = JSON.parse(setup.stdout);
    openDatabase(databaseFile);

    // A running server has compiled its hot paths long before a large preview arrives; a fresh
    // process has not. So the same flow first runs once on the first thousand rows (another
    // dataset: nothing it parses or caches serves the measured run).
    const warmUp = await previewAndApprove(firstLines(csvFile, 1_001), "bench_warm_up_v1");
    if (warmUp.rowCount !== 1_000) throw new Error("warm-up dataset has the wrong size");

    const previewPhases: Record<string, number> = {};
    const approvePhases: Record<string, number> = {};
    let started = performance.now();
    const preview = await previewPlan({ planId, actor: author, phases: previewPhases });
    const previewSeconds = (performance.now() - started) / 1000;
    if (!preview.ok) throw new Error(`preview failed: ${JSON.stringify(preview).slice(0, 500)}`);

    const previewAgainPhases: Record<string, number> = {};
    started = performance.now();
    const again = await previewPlan({ planId, actor: author, phases: previewAgainPhases });
    const previewAgainSeconds = (performance.now() - started) / 1000;
    if (!again.ok || again.previewHash !== preview.previewHash)
      throw new Error("second preview differs");

    started = performance.now();
    const approved = await approvePlan({
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
      phases: approvePhases,
    });
    const approveSeconds = (performance.now() - started) / 1000;

    console.log(
      JSON.stringify({
        seconds: approveSeconds,
        preview_seconds: previewSeconds,
        approve_seconds: approveSeconds,
        preview_phases_ms: rounded(previewPhases),
        preview_again_seconds: previewAgainSeconds,
        preview_again_phases_ms: rounded(previewAgainPhases),
        approve_phases_ms: rounded(approvePhases),
        rows: rowCount,
        cells_changed: approved.cellsChanged,
        table_cache: tableCacheReport(),
        peak_rss_mb: process.resourceUsage().maxRSS / 1024,
        setup_peak_rss_mb: setupPeak,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Creates a plan raising every price by 3% on the dataset; returns its id. */
async function everyPricePlan(datasetId: string, executionId: string): Promise<string> {
  const { planId } = await createManualPlan({
    datasetId,
    actor: author,
    plan: {
      execution_id: executionId,
      created_at: "2026-11-21T00:00:00Z",
      source_instruction: "Raise every price by 3%",
      operations: [
        {
          operation_id: "op_01",
          filter: {},
          action: { type: "percent_increase", value: 3 },
          options: { round_to: 2 },
        },
      ],
    },
  });
  return planId;
}

/** Creates the plan stored in a JSON file on the dataset; returns its id. */
async function planFromFile(datasetId: string, file: string): Promise<string> {
  const { planId } = await createManualPlan({
    datasetId,
    actor: author,
    plan: JSON.parse(readFileSync(file, "utf8")),
  });
  return planId;
}

/** The whole flow, untimed: upload, plan, preview, approve. */
async function previewAndApprove(content: Uint8Array, executionId: string) {
  const { datasetId, rowCount } = await createDataset({
    name: `Warm-up ${executionId}`,
    content,
    actor: author.id,
  });
  const planId = await everyPricePlan(datasetId, executionId);
  const preview = await previewPlan({ planId, actor: author });
  if (!preview.ok) throw new Error(`warm-up preview failed: ${JSON.stringify(preview)}`);
  await approvePlan({
    planId,
    revisionId: preview.revisionId,
    previewHash: preview.previewHash,
    actor: approver,
  });
  return { rowCount };
}

/**
 * The header and the first `lines - 1` rows of a CSV file, read from its first megabyte (the
 * whole file would stay in this process's memory, counted in its peak).
 */
function firstLines(file: string, lines: number): Uint8Array {
  const content = new Uint8Array(1 << 20);
  const fd = openSync(file, "r");
  const read = readSync(fd, content, 0, content.length, 0);
  closeSync(fd);
  let end = 0;
  for (let seen = 0; seen < lines && end < read; end++) {
    if (content[end] === 0x0a) seen++;
  }
  return content.slice(0, end);
}

/** The parsed-table cache's counts over the whole child, warm-up included. */
function tableCacheReport() {
  const { hits, misses, evictions, entries, heldBytes, limitBytes } = tableCacheStats();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  return { hits, misses, evictions, entries, held_mb: mb(heldBytes), limit_mb: mb(limitBytes) };
}

function rounded(phases: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(phases).map(([name, ms]) => [name, Math.round(ms)]));
}
