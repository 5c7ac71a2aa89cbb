import { pageWorkload } from "./page-workload";

/**
 * plans-10k: with 10,000 plans stored (1,000 with --quick), the plans page's server work — the
 * tab's page, every tab's count, the filter menus, the "waiting for you" count, and rendering
 * the tabs, table and pagination to HTML — for six views (the default tab, drafts, waiting for
 * me, mine, text + dataset, a later page). Target: ≤ 200 ms for the slowest view's median.
 */
export const plans10k = pageWorkload({
  name: "plans-10k",
  description: "plans page (query + render) over 10,000 plans",
  child: "plans",
  countName: "plans",
  count: 10_000,
});
