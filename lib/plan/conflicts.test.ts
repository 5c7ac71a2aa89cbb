import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { findOrderConflicts } from "@/lib/executor";
import { orderConflictIssues } from "./conflicts";
import { type ExecutionPlan, executionPlanSchema } from "./schema";

const CSV =
  "sku,category,price,in_stock\nA1,fitness,10.00,true\nA2,fitness,20.00,false\nB1,yoga,30.00,true\n";

function plan(operations: unknown[]): ExecutionPlan {
  return executionPlanSchema.parse({
    execution_id: "conflict-test",
    created_at: "2024-06-01T10:00:00Z",
    source_instruction: "test",
    operations,
  });
}

describe("orderConflictIssues", () => {
  const table = parseCsv(new TextEncoder().encode(CSV));
  const profile = profileDataset(table);

  it("words two independent operations that write the same cells", () => {
    const p = plan([
      {
        operation_id: "raise",
        depends_on: [],
        filter: { categories: ["fitness"] },
        action: { type: "percent_increase", value: 10 },
      },
      { operation_id: "fix", depends_on: [], filter: {}, action: { type: "set_price", value: 15 } },
    ]);
    const issues = orderConflictIssues(p, findOrderConflicts(p, table, profile));
    expect(issues).toEqual([
      {
        path: ["operations", 1, "depends_on"],
        pathText: "operations[1].depends_on",
        severity: "error",
        code: "order_dependent",
        message:
          'operations[1].depends_on: order-dependent: raise and fix both write "price" of A1, A2, and neither depends on the other; add "raise" to the depends_on of fix (or the reverse) so the order is fixed',
        detail:
          'order-dependent: raise and fix both write "price" of A1, A2, and neither depends on the other; add "raise" to the depends_on of fix (or the reverse) so the order is fixed',
        suggestion: "raise",
      },
    ]);
  });

  it("words an operation whose filter reads what the other writes", () => {
    const p = plan([
      {
        operation_id: "stock",
        depends_on: [],
        filter: { categories: ["yoga"] },
        action: { type: "set_stock", value: false },
      },
      {
        operation_id: "raise",
        depends_on: [],
        filter: { in_stock: true },
        action: { type: "percent_increase", value: 10 },
      },
    ]);
    const [issue] = orderConflictIssues(p, findOrderConflicts(p, table, profile));
    expect(issue.message).toBe(
      'operations[1].depends_on: order-dependent: one of stock and raise changes "in_stock" of B1 that the other reads, and neither depends on the other; add "stock" to the depends_on of raise (or the reverse) so the order is fixed',
    );
  });

  it("reports nothing for a chain", () => {
    const p = plan([
      {
        operation_id: "raise",
        filter: { categories: ["fitness"] },
        action: { type: "percent_increase", value: 10 },
      },
      { operation_id: "fix", filter: {}, action: { type: "set_price", value: 15 } },
    ]);
    expect(orderConflictIssues(p, findOrderConflicts(p, table, profile))).toEqual([]);
  });
});
