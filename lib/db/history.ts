import "server-only";
import { nameWithEmail } from "@/lib/auth/actor-label";
import { type HistoryFilters, type HistorySort, historyDateRange } from "@/lib/schemas/history";
import { db, textContains } from "./client";
import type { Prisma } from "./generated/client";
import { actorLabels } from "./users";

/** Queries behind the history explorer (/history) and its export. */

export interface HistoryRow {
  id: string;
  executionId: string;
  createdAt: Date;
  dataset: { id: string; name: string };
  instruction: string;
  planner: string | null;
  source: string;
  rowsChanged: number;
  cellsChanged: number;
  status: string;
  approvedBy: string;
  /** The approver as people read it (a user's name, "ada (CLI)"). */
  approverName: string;
  error: string | null;
  revertedById: string | null;
  /** What the approver wrote when approving. */
  approvalComment: string | null;
}

export interface HistoryPage {
  rows: HistoryRow[];
  total: number;
  page: number;
  pageCount: number;
}

const SORT_FIELDS: Record<
  HistorySort,
  (dir: Prisma.SortOrder) => Prisma.ExecutionOrderByWithRelationInput
> = {
  time: (dir) => ({ createdAt: dir }),
  dataset: (dir) => ({ dataset: { name: dir } }),
  rows: (dir) => ({ rowsChanged: dir }),
  cells: (dir) => ({ cellsChanged: dir }),
  status: (dir) => ({ status: dir }),
  planner: (dir) => ({ planner: dir }),
};

/** One page of executions matching the filters, with the total for pagination. */
export async function listExecutions(filters: HistoryFilters): Promise<HistoryPage> {
  const where = await executionWhere(filters);
  // Ties go newest first. Naming createdAt twice (when sorting by time) stops SQLite from
  // walking the createdAt index and makes it sort the whole table.
  const orderBy: Prisma.ExecutionOrderByWithRelationInput[] =
    filters.sort === "time"
      ? [{ createdAt: filters.dir }, { id: filters.dir }]
      : [SORT_FIELDS[filters.sort](filters.dir), { createdAt: "desc" }, { id: "desc" }];
  const [total, rows] = await Promise.all([
    db().execution.count({ where }),
    db().execution.findMany({
      where,
      orderBy,
      skip: (filters.page - 1) * filters.size,
      take: filters.size,
      select: {
        id: true,
        executionId: true,
        createdAt: true,
        datasetId: true,
        instruction: true,
        planner: true,
        source: true,
        rowsChanged: true,
        cellsChanged: true,
        status: true,
        approvedBy: true,
        error: true,
        revertedById: true,
        approvalComment: true,
      },
    }),
  ]);
  // Dataset names in a second small query: Prisma's relation select here joined before the
  // LIMIT and cost 25× the page query over 10,000 executions.
  const names = await actorLabels(rows.map((row) => row.approvedBy));
  const datasets = new Map(
    (
      await db().dataset.findMany({
        where: { id: { in: [...new Set(rows.map((row) => row.datasetId))] } },
        select: { id: true, name: true },
      })
    ).map((dataset) => [dataset.id, dataset]),
  );
  return {
    rows: rows.map(({ datasetId, ...row }) => ({
      ...row,
      approverName: nameWithEmail(names.get(row.approvedBy), row.approvedBy),
      dataset: datasets.get(datasetId) ?? { id: datasetId, name: "(deleted dataset)" },
    })),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / filters.size)),
  };
}

/**
 * The Prisma filter for a view. A row key is looked up first through the (datasetId, rowKey)
 * index — over every dataset when none is chosen, since SQLite uses the index for `datasetId IN
 * (…) AND rowKey = ?` — and the executions are then selected by id. Filtering executions with a
 * `changes: { some: … }` relation filter instead would scan each execution's changes.
 */
async function executionWhere(
  filters: Omit<HistoryFilters, "sort" | "dir" | "page" | "size">,
): Promise<Prisma.ExecutionWhereInput> {
  const where: Prisma.ExecutionWhereInput = {};
  if (filters.dataset) where.datasetId = filters.dataset;
  if (filters.status) where.status = filters.status;
  if (filters.planner) where.planner = filters.planner;
  const range = historyDateRange(filters);
  if (range.gte || range.lt) where.createdAt = range;
  if (filters.q) where.instruction = textContains(db(), filters.q);
  if (filters.key) where.id = { in: await executionsChangingKey(filters.key, filters.dataset) };
  if (filters.execution) where.AND = [{ id: filters.execution }];
  return where;
}

async function executionsChangingKey(rowKey: string, datasetId?: string): Promise<string[]> {
  const datasetIds = datasetId
    ? [datasetId]
    : (await db().dataset.findMany({ select: { id: true } })).map((dataset) => dataset.id);
  // groupBy is SQL GROUP BY; findMany's `distinct` would de-duplicate in memory.
  const groups = await db().change.groupBy({
    by: ["executionId"],
    where: { datasetId: { in: datasetIds }, rowKey },
  });
  return groups.map((group) => group.executionId);
}

/** Planners an execution can record (Plan.planner); CLI runs record none. */
const KNOWN_PLANNERS = ["rules", "google", "openai-compatible", "manual", "revert"] as const;

/**
 * What the filter form offers: every dataset, and the planners. The planners are the known list
 * rather than a DISTINCT over executions, which would read the whole table on every page view.
 */
export async function listHistoryFacets() {
  const datasets = await db().dataset.findMany({
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
  return { datasets, planners: [...KNOWN_PLANNERS] as string[] };
}

/** Ids of every execution matching the filters, oldest first, for the JSON lines export. */
export async function listExecutionIdsForExport(
  filters: Omit<HistoryFilters, "sort" | "dir" | "page" | "size">,
): Promise<string[]> {
  const rows = await db().execution.findMany({
    where: await executionWhere(filters),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
