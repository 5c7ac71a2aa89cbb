import fs from "node:fs";
import path from "node:path";
import type { AuditRecordInput } from "@/lib/dataset/audit-record";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import { type ExecutionPlan, executionPlanSchema, type Operation } from "@/lib/plan/schema";
import { dryRun } from "./dry-run";
import { inversePlan } from "./inverse";
import type { DryRunResult } from "./types";

/** Helpers for the executor's tests. */

export const FIXTURES = path.resolve(__dirname, "../../tests/fixtures");

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
}

export function fixturePlan(name: string): ExecutionPlan {
  return executionPlanSchema.parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")));
}

export function planOf(
  operations: Array<Partial<Operation> & Pick<Operation, "filter" | "action">>,
  extra: Partial<ExecutionPlan> = {},
): ExecutionPlan {
  return executionPlanSchema.parse({
    execution_id: "test_plan_0001",
    created_at: "2024-06-01T10:00:00Z",
    source_instruction: "test",
    ...extra,
    operations: operations.map((op, index) => ({
      operation_id: `op_${String(index + 1).padStart(2, "0")}`,
      ...op,
    })),
  });
}

export interface Loaded {
  bytes: Uint8Array;
  profile: DatasetProfile;
  run(plan: ExecutionPlan): ReturnType<typeof dryRun>;
  /** Runs and asserts success. */
  ok(plan: ExecutionPlan): DryRunResult;
}

export function load(csv: string | Uint8Array, keyColumn?: string): Loaded {
  const bytes = typeof csv === "string" ? new TextEncoder().encode(csv) : csv;
  const profile = profileDataset(parseCsv(bytes), { keyColumn });
  const run = (plan: ExecutionPlan) => dryRun(plan, parseCsv(bytes), profile);
  return {
    bytes,
    profile,
    run,
    ok(plan) {
      const result = run(plan);
      if (!result.ok) throw new Error(`dry run failed: ${result.error.message}`);
      return result;
    },
  };
}

/** A completed run of `plan` on `csv` (keyed by `sku`) and its audit record's input. */
export function completedAuditInput(
  plan: ExecutionPlan,
  csv: string,
): { result: DryRunResult; input: AuditRecordInput } {
  const result = load(csv).ok(plan);
  return {
    result,
    input: {
      executionId: plan.execution_id,
      sourceInstruction: plan.source_instruction,
      executedAt: new Date("2024-06-01T10:00:05Z"),
      status: "completed",
      error: null,
      operationsCount: plan.operations.length,
      rowsChanged: result.rowsChanged,
      keyColumn: "sku",
      input: parseCsv(new TextEncoder().encode(csv), { keyColumn: "sku" }),
      changes: result.changes,
      planSnapshot: plan,
    },
  };
}

export const text = (data: Uint8Array) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(data);

/** The bytes after running a result's inverse plan over its output (what revert writes). */
export function undone(result: DryRunResult, keyColumn: string): Uint8Array {
  const inverse = inversePlan(result.changes, {
    keyColumn,
    executionId: "revert_test_0001",
    createdAt: "2026-11-25T12:00:00Z",
    sourceInstruction: "Revert",
  });
  if (!inverse.ok) throw new Error("no inverse plan");
  return load(result.output, keyColumn).ok(inverse.plan).output;
}
