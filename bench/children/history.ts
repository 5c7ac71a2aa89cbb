import Database from "better-sqlite3";
import type { HistoryFilters } from "@/lib/schemas/history";
import { benchPageViews, stamp } from "./page-timing";

// React picks its build when first loaded: measure the production build the server runs, not
// the development one (which is several times slower), hence the imports after this line.
(process.env as Record<string, string>).NODE_ENV = "production";
const { createElement, Fragment } = await import("react");
const { renderToString } = await import("react-dom/server");
const { HistoryPagination } = await import("@/components/history/history-pagination");
const { HistoryTable } = await import("@/components/history/history-table");
const { listExecutions, listHistoryFacets } = await import("@/lib/db/history");
const { DEFAULT_HISTORY_FILTERS } = await import("@/lib/schemas/history");

const EXECUTIONS = Number(process.argv[2] ?? 10_000);
const RUNS = 15;
const DATASETS = 5;
const CHANGES_PER_EXECUTION = 5;
const CATEGORIES = ["fitness", "yoga", "outdoor", "apparel", "footwear"];
const STATUSES = ["completed", "completed", "completed", "failed", "refused", "reverted"];
const PLANNERS = ["rules", "rules", "google", "manual", "revert"];
const DAY_MS = 86_400_000;
const END = Date.parse("2026-06-30T12:00:00Z");

function seed(file: string): void {
  const sqlite = new Database(file);
  const created = stamp(END - 400 * DAY_MS);
  const insertDataset = sqlite.prepare(
    `INSERT INTO "Dataset" (id, name, keyColumn, profileJson, createdBy, createdAt, updatedAt) VALUES (?, ?, 'sku', '{}', 'bench', ?, ?)`,
  );
  const insertVersion = sqlite.prepare(
    `INSERT INTO "DatasetVersion" (id, datasetId, number, content, sha256, rowCount, byteSize, source, createdBy, createdAt) VALUES (?, ?, 1, ?, 'x', 1, 10, 'seed', 'bench', ?)`,
  );
  const insertExecution = sqlite.prepare(
    `INSERT INTO "Execution" (id, executionId, idempotencyKey, datasetId, baseVersionId, status, source, planner, instruction, operationsCount, rowsChanged, cellsChanged, planHash, planSnapshotJson, approvedBy, error, startedAt, finishedAt, durationMs, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, 'web', ?, ?, 1, ?, ?, 'hash', ?, ?, ?, ?, ?, 40, ?)`,
  );
  const insertChange = sqlite.prepare(
    `INSERT INTO "Change" (executionId, datasetId, seq, operationId, rowKey, column, before, after) VALUES (?, ?, ?, 'op_01', ?, 'price', '10.00', '11.00')`,
  );
  sqlite.transaction(() => {
    for (let d = 0; d < DATASETS; d++) {
      insertDataset.run(`ds${d}`, `Catalog ${d}`, created, created);
      insertVersion.run(`ds${d}v1`, `ds${d}`, Buffer.from("sku\nA\n"), created);
    }
    for (let i = 0; i < EXECUTIONS; i++) {
      const dataset = `ds${i % DATASETS}`;
      const status = STATUSES[i % STATUSES.length];
      const category = CATEGORIES[(i * 7) % CATEGORIES.length];
      const percent = 1 + (i % 20);
      const instruction = `Increase prices by ${percent}% for in-stock ${category} products`;
      const at = END - Math.floor(((EXECUTIONS - i) * 365 * DAY_MS) / EXECUTIONS);
      const executionId = `plan_${category}_${percent}pct_${i}`;
      const changed = status === "completed" || status === "reverted";
      insertExecution.run(
        `ex${i}`,
        executionId,
        changed ? executionId : null,
        dataset,
        `${dataset}v1`,
        status,
        PLANNERS[i % PLANNERS.length],
        instruction,
        changed ? CHANGES_PER_EXECUTION : 0,
        changed ? CHANGES_PER_EXECUTION : 0,
        JSON.stringify({
          execution_id: executionId,
          source_instruction: instruction,
          operations: [],
        }),
        `user${i % 7}`,
        changed ? null : "Guard failed: max_rows_changed",
        stamp(at - 500),
        stamp(at),
        stamp(at),
      );
      if (!changed) continue;
      for (let c = 0; c < CHANGES_PER_EXECUTION; c++) {
        insertChange.run(
          `ex${i}`,
          dataset,
          c,
          `SKU-${String((i * 13 + c * 101) % 5000).padStart(5, "0")}`,
        );
      }
    }
  })();
  sqlite.close();
}

const VIEWS: Record<string, Partial<HistoryFilters>> = {
  newest: {},
  status_dataset_by_rows: { status: "completed", dataset: "ds2", sort: "rows", dir: "desc" },
  instruction_text: { q: "yoga", size: 50 },
  row_key: { key: "SKU-00042" },
  date_range_planner_page_3: {
    from: "2026-03-01",
    to: "2026-05-31",
    planner: "rules",
    page: 3,
  },
};

async function renderView(filters: HistoryFilters): Promise<number> {
  const [page, facets] = await Promise.all([listExecutions(filters), listHistoryFacets()]);
  const html = renderToString(
    createElement(
      Fragment,
      null,
      createElement(HistoryTable, { rows: page.rows, filters }),
      createElement(HistoryPagination, { filters, total: page.total, pageCount: page.pageCount }),
    ),
  );
  if (facets.datasets.length !== DATASETS) throw new Error("facets are wrong");
  return html.length;
}

await benchPageViews({
  name: "history",
  seed,
  views: VIEWS,
  render: (view) => renderView({ ...DEFAULT_HISTORY_FILTERS, ...view }),
  rows: async (view) => (await listExecutions({ ...DEFAULT_HISTORY_FILTERS, ...view })).total,
  runs: RUNS,
  extra: { executions: EXECUTIONS },
});
