import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { stamp } from "./page-timing";

// The server runs the production build of everything it loads; so does this child.
(process.env as Record<string, string>).NODE_ENV = "production";
const { createDb } = await import("@/lib/db/client");
const { migrateDatabase } = await import("@/lib/db/migrations");
const { streamText } = await import("@/lib/http/download");
const { DEFAULT_HISTORY_FILTERS } = await import("@/lib/schemas/history");
const { historyCsvChunks } = await import("@/lib/services/execution-exports");

/**
 * export-1m's child: one execution with CHANGES change records (1,000,000 by default), exported
 * as the history page's CSV for that execution, the way the route streams it. Memory is sampled
 * while the response is read; `rss_growth_mb` is the peak above the RSS before the export (after
 * a small export has loaded and compiled the code).
 */

const CHANGES = Number(process.argv[2] ?? 1_000_000);
const AT = Date.parse("2026-06-30T12:00:00Z");

function seed(file: string): void {
  const sqlite = new Database(file);
  const insertExecution = sqlite.prepare(
    `INSERT INTO "Execution" (id, executionId, idempotencyKey, datasetId, baseVersionId, status, source, planner, instruction, operationsCount, rowsChanged, cellsChanged, planHash, planSnapshotJson, approvedBy, approvalComment, startedAt, finishedAt, durationMs, createdAt)
     VALUES (?, ?, ?, 'ds', 'v1', 'completed', 'web', 'rules', ?, 1, ?, ?, 'hash', '{}', 'approver', 'Checked against the supplier list', ?, ?, 40, ?)`,
  );
  const insertChange = sqlite.prepare(
    `INSERT INTO "Change" (executionId, datasetId, seq, operationId, rowKey, column, before, after) VALUES (?, 'ds', ?, 'op_01', ?, 'price', ?, ?)`,
  );
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `INSERT INTO "Dataset" (id, name, keyColumn, profileJson, createdBy, createdAt, updatedAt) VALUES ('ds', 'Catalog', 'sku', '{}', 'bench', ?, ?)`,
      )
      .run(stamp(AT), stamp(AT));
    sqlite
      .prepare(
        `INSERT INTO "DatasetVersion" (id, datasetId, number, content, sha256, rowCount, byteSize, source, createdBy, createdAt) VALUES ('v1', 'ds', 1, ?, 'x', 1, 10, 'seed', 'bench', ?)`,
      )
      .run(Buffer.from("sku\nA\n"), stamp(AT));
    const executions = [
      ["small", 10],
      ["large", CHANGES],
    ] as const;
    for (const [id, count] of executions) {
      const instruction = `Raise every price by 10% (${id})`;
      insertExecution.run(
        id,
        `plan_${id}_v1`,
        `plan_${id}_v1`,
        instruction,
        count,
        count,
        stamp(AT),
        stamp(AT),
        stamp(AT),
      );
      for (let seq = 0; seq < count; seq++) {
        const cents = 1000 + (seq % 9000);
        insertChange.run(
          id,
          seq,
          `SKU-${String(seq).padStart(7, "0")}`,
          (cents / 100).toFixed(2),
          ((cents * 1.1) / 100).toFixed(2),
        );
      }
    }
  })();
  sqlite.close();
}

/** Reads the export's response body to the end; its bytes and the highest RSS seen meanwhile. */
async function exportExecution(id: string): Promise<{ bytes: number; peakRss: number }> {
  const { sort: _s, dir: _d, page: _p, size: _z, ...filters } = DEFAULT_HISTORY_FILTERS;
  const body = new Response(streamText(historyCsvChunks({ ...filters, execution: id }))).body;
  if (!body) throw new Error("the export has no body");
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  let bytes = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  clearInterval(sampler);
  return { bytes, peakRss };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "signoff-bench-export-"));
try {
  const file = path.join(dir, "export.db");
  await migrateDatabase(file);
  seed(file);
  const client = createDb(`file:${file}`);
  (globalThis as unknown as { signoffDb?: unknown }).signoffDb = client;
  await exportExecution("small");
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  const started = performance.now();
  const { bytes, peakRss } = await exportExecution("large");
  const seconds = (performance.now() - started) / 1000;
  await client.$disconnect();
  const mb = (value: number) => Math.round(value / 1024 / 102.4) / 10;
  console.log(
    JSON.stringify({
      seconds,
      changes: CHANGES,
      exported_mb: mb(bytes),
      rss_before_mb: mb(before),
      rss_growth_mb: mb(peakRss - before),
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
