import Database from "better-sqlite3";
import { benchPageViews, stamp } from "./page-timing";

// Production React, as the server runs it (see history.ts).
(process.env as Record<string, string>).NODE_ENV = "production";
const { createElement, Fragment } = await import("react");
const { renderToString } = await import("react-dom/server");
const { PlanTable } = await import("@/components/plans/plan-table");
const { PlanTabs } = await import("@/components/plans/plan-tabs");
const { Pagination } = await import("@/components/ui/pagination");
const { countWaitingFor, listPlanFacets, listPlans } = await import("@/lib/db/plan-list");
const { parsePlanFilters, plansHref } = await import("@/lib/schemas/plans");

const PLANS = Number(process.argv[2] ?? 10_000);
const RUNS = 15;
const DATASETS = 5;
const USERS = 12;
const CATEGORIES = ["fitness", "yoga", "outdoor", "apparel", "footwear"];
const STATUSES = [
  "draft",
  "previewed",
  "submitted",
  "submitted",
  "approved",
  "approved",
  "rejected",
  "failed",
];
const DAY_MS = 86_400_000;
const END = Date.parse("2026-11-20T12:00:00Z");

function seed(file: string): void {
  const sqlite = new Database(file);
  const created = stamp(END - 400 * DAY_MS);
  const insertUser = sqlite.prepare(
    `INSERT INTO "user" (id, name, email, emailVerified, role, createdAt, updatedAt) VALUES (?, ?, ?, 0, 'approver', ?, ?)`,
  );
  const insertDataset = sqlite.prepare(
    `INSERT INTO "Dataset" (id, name, keyColumn, profileJson, createdBy, createdAt, updatedAt) VALUES (?, ?, 'sku', '{}', 'bench', ?, ?)`,
  );
  const insertVersion = sqlite.prepare(
    `INSERT INTO "DatasetVersion" (id, datasetId, number, content, sha256, rowCount, byteSize, source, createdBy, createdAt) VALUES (?, ?, 1, ?, 'x', 1, 10, 'seed', 'bench', ?)`,
  );
  const insertPlan = sqlite.prepare(
    `INSERT INTO "Plan" (id, datasetId, baseVersionId, instruction, planner, status, createdBy, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'rules', ?, ?, ?, ?)`,
  );
  const insertRevision = sqlite.prepare(
    `INSERT INTO "PlanRevision" (id, planId, number, planJson, author, previewRows, previewedAt, createdAt) VALUES (?, ?, 1, '{}', ?, ?, ?, ?)`,
  );
  const insertExecution = sqlite.prepare(
    `INSERT INTO "Execution" (id, executionId, idempotencyKey, datasetId, planId, baseVersionId, status, source, planner, instruction, operationsCount, rowsChanged, cellsChanged, planHash, planSnapshotJson, approvedBy, startedAt, finishedAt, durationMs, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, 'completed', 'web', 'rules', ?, 1, ?, ?, 'hash', '{}', ?, ?, ?, 40, ?)`,
  );
  sqlite.transaction(() => {
    for (let u = 0; u < USERS; u++) {
      insertUser.run(`user${u}`, `Person ${u}`, `person${u}@example.com`, created, created);
    }
    for (let d = 0; d < DATASETS; d++) {
      insertDataset.run(`ds${d}`, `Catalog ${d}`, created, created);
      insertVersion.run(`ds${d}v1`, `ds${d}`, Buffer.from("sku\nA\n"), created);
    }
    for (let i = 0; i < PLANS; i++) {
      const dataset = `ds${i % DATASETS}`;
      const status = STATUSES[i % STATUSES.length];
      const category = CATEGORIES[(i * 7) % CATEGORIES.length];
      const instruction = `Raise ${category} prices by ${1 + (i % 20)}%`;
      const at = stamp(END - Math.floor(((PLANS - i) * 365 * DAY_MS) / PLANS));
      const author = `user${i % USERS}`;
      const rows = 10 + (i % 500);
      insertPlan.run(`p${i}`, dataset, `${dataset}v1`, instruction, status, author, at, at);
      const previewed = status !== "draft";
      insertRevision.run(
        `r${i}`,
        `p${i}`,
        author,
        previewed ? rows : null,
        previewed ? at : null,
        at,
      );
      if (status === "approved") {
        insertExecution.run(
          `e${i}`,
          `x${i}`,
          `x${i}`,
          dataset,
          `p${i}`,
          `${dataset}v1`,
          instruction,
          rows,
          rows,
          `user${(i + 1) % USERS}`,
          at,
          at,
          at,
        );
      }
    }
  })();
  sqlite.close();
}

const VIEWER = { id: "user0", mayApprove: true };
const VIEWS: Record<string, Record<string, string>> = {
  awaiting_first_page: {},
  drafts: { tab: "drafts" },
  waiting_for_me: { waiting: "1" },
  mine_approved: { tab: "approved", mine: "1" },
  text_and_dataset: { q: "footwear", dataset: "ds2", size: "50" },
  approved_page_5: { tab: "approved", page: "5" },
};

async function renderView(query: Record<string, string>): Promise<number> {
  const filters = parsePlanFilters(query);
  const [page, facets, waiting] = await Promise.all([
    listPlans(filters, VIEWER),
    listPlanFacets(),
    countWaitingFor(VIEWER),
  ]);
  const html = renderToString(
    createElement(
      Fragment,
      null,
      createElement(PlanTabs, { filters, counts: page.tabCounts }),
      createElement(PlanTable, { rows: page.rows, now: new Date(END) }),
      createElement(Pagination, {
        page: filters.page,
        size: filters.size,
        total: page.total,
        pageCount: page.pageCount,
        hrefFor: (number: number) => plansHref(filters, { page: number }),
        noun: "plans",
      }),
    ),
  );
  if (facets.datasets.length !== DATASETS || waiting < 0) throw new Error("facets are wrong");
  return html.length;
}

await benchPageViews({
  name: "plans",
  seed,
  views: VIEWS,
  render: renderView,
  rows: async (query) => (await listPlans(parsePlanFilters(query), VIEWER)).total,
  runs: RUNS,
  extra: { plans: PLANS },
});
