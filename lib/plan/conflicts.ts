import type { OrderConflict } from "@/lib/executor";
import { type PlanIssue, planIssue } from "./issues";
import type { ExecutionPlan } from "./schema";

/**
 * Order conflicts as validation issues (docs/plan-format.md "How a plan runs"): two operations with no
 * path between them must commute; when they do not on this data, the later one needs the earlier
 * in its depends_on. The executor finds them (`findOrderConflicts`, which needs the rows); this
 * only words them, at `operations[i].depends_on` of the operation that runs second.
 */
export function orderConflictIssues(
  plan: Pick<ExecutionPlan, "operations">,
  conflicts: readonly OrderConflict[],
): PlanIssue[] {
  const indexOf = new Map(
    plan.operations.map((operation, index) => [operation.operation_id, index]),
  );
  return conflicts.map((conflict) => {
    const [first, second] = conflict.operations;
    const index = indexOf.get(second) ?? 0;
    const fix = `add "${first}" to the depends_on of ${second} (or the reverse) so the order is fixed`;
    return planIssue(
      "order_dependent",
      ["operations", index, "depends_on"],
      `order-dependent: ${whatConflicts(conflict)}; ${fix}`,
      first,
    );
  });
}

function whatConflicts(conflict: OrderConflict): string {
  const [first, second] = conflict.operations;
  switch (conflict.reason) {
    case "variable":
      return `${first} and ${second} do not depend on each other, but one computes "\${${conflict.variable ?? "?"}}" and the other uses it`;
    case "same_cells":
      return `${first} and ${second} both write ${cellList(conflict)}, and neither depends on the other`;
    case "reads_written":
      return `one of ${first} and ${second} changes ${cellList(conflict)} that the other reads, and neither depends on the other`;
  }
}

/** `"price" of A101, A102 and 3 more` or `A101 "price", B201 "in_stock"` across columns. */
function cellList(conflict: OrderConflict): string {
  const { cells, cellCount } = conflict;
  const columns = new Set(cells.map((cell) => cell.column));
  const shown = cells.slice(0, 5);
  const more = cellCount - shown.length;
  const tail = more > 0 ? ` and ${more} more` : "";
  if (columns.size === 1) {
    const [column] = columns;
    const keys = shown.map((cell) => cell.rowKey).join(", ");
    return `${JSON.stringify(column)} of ${keys}${tail}`;
  }
  return `${shown.map((cell) => `${cell.rowKey} ${JSON.stringify(cell.column)}`).join(", ")}${tail}`;
}
