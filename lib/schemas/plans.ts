import { z } from "zod";
import { pageNumberSchema, pageSizeSchema } from "./history";

/**
 * The plans page's view as it lives in the URL: which tab, the filters, sort and page. Bad values
 * in a hand-edited URL fall back to their defaults instead of failing the page.
 */

/** The tabs, and the plan statuses each one lists. */
export const PLAN_TABS = {
  drafts: ["draft", "previewed", "failed"],
  awaiting: ["submitted"],
  approved: ["approved"],
  rejected: ["rejected"],
} as const satisfies Record<string, readonly string[]>;
export type PlanTab = keyof typeof PLAN_TABS;
export const PLAN_TAB_NAMES: Record<PlanTab, string> = {
  drafts: "Drafts",
  awaiting: "Awaiting approval",
  approved: "Approved",
  rejected: "Rejected",
};

const PLAN_SORTS = ["updated", "created"] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];

const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);
const flag = z
  .enum(["1", "true"])
  .transform(() => true)
  .optional()
  .catch(undefined);

export const planFiltersSchema = z.object({
  tab: z
    .enum(Object.keys(PLAN_TABS) as [PlanTab, ...PlanTab[]])
    .default("awaiting")
    .catch("awaiting"),
  dataset: text(64),
  author: text(64),
  /** Plans I wrote a revision of (or started). */
  mine: flag,
  /** Awaiting approval, written by others, and mine to approve. */
  waiting: flag,
  /** Text in the instruction. */
  q: text(200),
  sort: z.enum(PLAN_SORTS).default("updated").catch("updated"),
  dir: z.enum(["asc", "desc"]).default("desc").catch("desc"),
  page: pageNumberSchema,
  size: pageSizeSchema,
});

export type PlanFilters = z.output<typeof planFiltersSchema>;

export const DEFAULT_PLAN_FILTERS: PlanFilters = planFiltersSchema.parse({});

/** Next's `searchParams` (a value may repeat) → the filters. */
export function parsePlanFilters(
  searchParams: Record<string, string | string[] | undefined>,
): PlanFilters {
  return planFiltersSchema.parse(
    Object.fromEntries(
      Object.entries(searchParams).map(([name, value]) => [
        name,
        Array.isArray(value) ? value[0] : value,
      ]),
    ),
  );
}

/** `/plans?…` for a view; `changes` override the current filters (and reset the page). */
export function plansHref(filters: PlanFilters, changes: Partial<PlanFilters> = {}): string {
  const next: Partial<PlanFilters> = { ...filters, page: 1, ...changes };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(next)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (DEFAULT_PLAN_FILTERS[name as keyof PlanFilters] === value) continue;
    params.set(name, value === true ? "1" : String(value));
  }
  const query = params.toString();
  return query ? `/plans?${query}` : "/plans";
}
