import { pageWorkload } from "./page-workload";

/**
 * history-10k: with 10,000 executions stored (1,000 with --quick), the history page's server
 * work — the filtered query, the facets, and rendering the table to HTML — for five views
 * (newest first; status + dataset sorted by rows; instruction text; a row key; a date range with
 * a planner on page 3). Target: ≤ 200 ms for the slowest view's median.
 */
export const history10k = pageWorkload({
  name: "history-10k",
  description: "filtered history page (query + render) over 10,000 executions",
  child: "history",
  countName: "executions",
  count: 10_000,
});
