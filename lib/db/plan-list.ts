import "server-only";
import { describePlan } from "@/lib/plan/describe";
import { PLAN_TABS, type PlanFilters, type PlanSort, type PlanTab } from "@/lib/schemas/plans";
import { db, textContains } from "./client";
import { readProfile } from "./datasets";
import type { Prisma } from "./generated/client";
import { readPlanJson } from "./plans";
import { actorLabels } from "./users";

/** Queries behind the plans page (/plans), its tabs and the "waiting for you" count. */

/** Who is looking: "mine" and "waiting for me" are theirs. */
export interface PlanViewer {
  id: string;
  /** Whether their role approves plans (only then does anything wait for them). */
  mayApprove: boolean;
}

export interface PlanListRow {
  id: string;
  instruction: string;
  status: string;
  dataset: { id: string; name: string };
  authorName: string;
  /** Rows the approved execution changed, or the latest preview's; null before any preview. */
  rowsAffected: number | null;
  updatedAt: Date;
}

export interface PlanListPage {
  rows: PlanListRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Plans in each tab under the same filters, for the tab labels. */
  tabCounts: Record<PlanTab, number>;
}

const SORT_FIELDS: Record<
  PlanSort,
  (dir: Prisma.SortOrder) => Prisma.PlanOrderByWithRelationInput
> = {
  updated: (dir) => ({ updatedAt: dir }),
  created: (dir) => ({ createdAt: dir }),
};

/** The filters other than the tab, as a condition on plans. */
function planWhere(filters: PlanFilters, viewer: PlanViewer): Prisma.PlanWhereInput {
  const and: Prisma.PlanWhereInput[] = [];
  if (filters.dataset) and.push({ datasetId: filters.dataset });
  if (filters.author) and.push({ createdBy: filters.author });
  if (filters.q) and.push({ instruction: textContains(db(), filters.q) });
  if (filters.mine) {
    and.push({ OR: [{ createdBy: viewer.id }, { revisions: { some: { author: viewer.id } } }] });
  }
  if (filters.waiting) and.push(waitingFor(viewer));
  return and.length === 0 ? {} : { AND: and };
}

/**
 * Awaiting approval and not written by the viewer: the four-eyes rule bars anyone who wrote a
 * revision (lib/auth/four-eyes.ts), so those plans are not waiting for them.
 */
function waitingFor(viewer: PlanViewer): Prisma.PlanWhereInput {
  if (!viewer.mayApprove) return { id: { in: [] } };
  return {
    status: { in: [...PLAN_TABS.awaiting] },
    createdBy: { not: viewer.id },
    revisions: { none: { author: viewer.id } },
  };
}

/** One page of the plans in a tab, with every tab's count. */
export async function listPlans(filters: PlanFilters, viewer: PlanViewer): Promise<PlanListPage> {
  const base = planWhere(filters, viewer);
  const where: Prisma.PlanWhereInput = {
    ...base,
    status: { in: [...PLAN_TABS[filters.tab]] },
  };
  const orderBy: Prisma.PlanOrderByWithRelationInput[] = [
    SORT_FIELDS[filters.sort](filters.dir),
    { id: filters.dir },
  ];
  const [byStatus, plans] = await Promise.all([
    db().plan.groupBy({ by: ["status"], where: base, _count: { _all: true } }),
    db().plan.findMany({
      where,
      orderBy,
      skip: (filters.page - 1) * filters.size,
      take: filters.size,
      select: {
        id: true,
        instruction: true,
        status: true,
        datasetId: true,
        createdBy: true,
        updatedAt: true,
        revisions: { orderBy: { number: "desc" }, take: 1, select: { previewRows: true } },
        executions: {
          where: { status: { in: ["completed", "reverted"] } },
          take: 1,
          select: { rowsChanged: true },
        },
      },
    }),
  ]);
  const tabCounts = Object.fromEntries(
    (Object.keys(PLAN_TABS) as PlanTab[]).map((tab) => [
      tab,
      byStatus
        .filter((group) => (PLAN_TABS[tab] as readonly string[]).includes(group.status))
        .reduce((sum, group) => sum + group._count._all, 0),
    ]),
  ) as Record<PlanTab, number>;
  // Names in small second queries: a relation select joins before the LIMIT (see history.ts).
  const [labels, datasets] = await Promise.all([
    actorLabels(plans.map((plan) => plan.createdBy)),
    db().dataset.findMany({
      where: { id: { in: [...new Set(plans.map((plan) => plan.datasetId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const datasetById = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const titles = await titlesOfUnnamed(plans.filter((plan) => plan.instruction.trim() === ""));
  const total = tabCounts[filters.tab];
  return {
    rows: plans.map((plan) => ({
      id: plan.id,
      instruction: plan.instruction.trim() || (titles.get(plan.id) ?? "A plan written by hand"),
      status: plan.status,
      dataset: datasetById.get(plan.datasetId) ?? { id: plan.datasetId, name: "(deleted dataset)" },
      authorName: labels.get(plan.createdBy)?.name ?? plan.createdBy,
      rowsAffected: plan.executions[0]?.rowsChanged ?? plan.revisions[0]?.previewRows ?? null,
      updatedAt: plan.updatedAt,
    })),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / filters.size)),
    tabCounts,
  };
}

/**
 * A plan written by hand may have no instruction: its title is then what it does, in words
 * (describePlan), so no plan is listed as "Untitled".
 */
async function titlesOfUnnamed(
  plans: { id: string; datasetId: string }[],
): Promise<Map<string, string>> {
  if (plans.length === 0) return new Map();
  const [revisions, datasets] = await Promise.all([
    // The latest revision of each, not every revision's JSON.
    db().planRevision.findMany({
      where: { planId: { in: plans.map((plan) => plan.id) } },
      orderBy: [{ planId: "asc" }, { number: "desc" }],
      distinct: ["planId"],
      select: { planId: true, planJson: true },
    }),
    db().dataset.findMany({
      where: { id: { in: [...new Set(plans.map((plan) => plan.datasetId))] } },
      select: { id: true, profileJson: true },
    }),
  ]);
  const profiles = new Map(
    datasets.map((dataset) => [dataset.id, readProfile(dataset.profileJson)]),
  );
  const titles = new Map<string, string>();
  for (const plan of plans) {
    const latest = revisions.find((revision) => revision.planId === plan.id);
    const profile = profiles.get(plan.datasetId);
    if (latest && profile)
      titles.set(plan.id, describePlan(readPlanJson(latest.planJson), profile));
  }
  return titles;
}

/** How many plans wait for this person's approval (the navigation's badge). */
export async function countWaitingFor(viewer: PlanViewer): Promise<number> {
  if (!viewer.mayApprove) return 0;
  return db().plan.count({ where: waitingFor(viewer) });
}

/** Datasets and authors that have plans, for the filter menus. */
export async function listPlanFacets() {
  const [datasets, authors] = await Promise.all([
    db().dataset.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db().plan.findMany({ distinct: ["createdBy"], select: { createdBy: true } }),
  ]);
  const labels = await actorLabels(authors.map((author) => author.createdBy));
  return {
    datasets,
    authors: [...labels.entries()]
      .map(([id, label]) => ({ id, name: label.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
