import { z } from "zod";

/**
 * The history explorer's view, as it lives in the URL: filters, sort and page. The page parses
 * `searchParams` with `historyFiltersSchema` and the filter form builds its URL with
 * `historyHref`, so a shared or reloaded link shows the same view. Bad values in a hand-edited URL
 * fall back to their defaults instead of failing the page.
 */

export const HISTORY_STATUSES = ["completed", "failed", "refused", "reverted"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

const HISTORY_SORTS = ["time", "dataset", "rows", "cells", "status", "planner"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

const PAGE_SIZES = [25, 50, 100] as const;

/** Page and page size of a listing in the URL (history, plans); a bad value falls back. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1).catch(1);
export const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
  .default(25)
  .catch(25);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);
const day = z
  .string()
  .regex(ISO_DAY)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);

export const historyFiltersSchema = z
  .object({
    dataset: text(64),
    status: z.enum(HISTORY_STATUSES).optional().catch(undefined),
    planner: text(40),
    /** First day included, YYYY-MM-DD (UTC). */
    from: day,
    /** Last day included, YYYY-MM-DD (UTC). */
    to: day,
    /** Text in the instruction. */
    q: text(200),
    /** A row key the execution changed. */
    key: text(200),
    /** One execution (its id), for its own audit export. */
    execution: text(64),
    sort: z.enum(HISTORY_SORTS).default("time").catch("time"),
    dir: z.enum(["asc", "desc"]).default("desc").catch("desc"),
    page: pageNumberSchema,
    size: pageSizeSchema,
  })
  .transform((filters) =>
    // A reversed range is read the way it was meant.
    filters.from && filters.to && filters.from > filters.to
      ? { ...filters, from: filters.to, to: filters.from }
      : filters,
  );

export type HistoryFilters = z.output<typeof historyFiltersSchema>;

export const DEFAULT_HISTORY_FILTERS: HistoryFilters = historyFiltersSchema.parse({});

/** Next's `searchParams` (a value may repeat) → the filters. */
export function parseHistoryFilters(
  searchParams: Record<string, string | string[] | undefined>,
): HistoryFilters {
  const first = Object.fromEntries(
    Object.entries(searchParams).map(([name, value]) => [
      name,
      Array.isArray(value) ? value[0] : value,
    ]),
  );
  return historyFiltersSchema.parse(first);
}

/** The query string of a view, leaving out defaults so links stay short. */
export function historyQuery(filters: Partial<HistoryFilters>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    if (DEFAULT_HISTORY_FILTERS[name as keyof HistoryFilters] === value) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** `/history?…` for a view; `changes` override the current filters (and reset the page). */
export function historyHref(
  filters: HistoryFilters,
  changes: Partial<HistoryFilters> = {},
): string {
  const next = { ...filters, page: 1, ...changes };
  const query = historyQuery(next);
  return query ? `/history?${query}` : "/history";
}

/** The filters' date range as instants: from the start of `from` to the end of `to`, UTC. */
export function historyDateRange(filters: Pick<HistoryFilters, "from" | "to">): {
  gte?: Date;
  lt?: Date;
} {
  const range: { gte?: Date; lt?: Date } = {};
  if (filters.from) range.gte = new Date(`${filters.from}T00:00:00.000Z`);
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    range.lt = end;
  }
  return range;
}
