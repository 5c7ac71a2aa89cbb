"use client";

import { useMemo } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { addOperation, duplicateOperation, moveOperation, removeOperation } from "./draft-edits";
import type { PlanFormActions } from "./editor-context";
import { writeAt } from "./plan-form-state";

/**
 * The Form view's edits, each a pure edit of the editor's one draft (draft-edits.ts): the form
 * keeps no copy of the plan, so the Graph and JSON views and the form never need syncing.
 */
export function useFormActions({
  edit,
  profile,
  readOnly,
  stats,
}: {
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
  profile: DatasetProfile;
  readOnly: boolean;
  stats?: Record<string, OperationStats>;
}): PlanFormActions {
  return useMemo(
    () => ({
      edit,
      setAt: (path, value) => edit((plan) => writeAt(plan, path, value)),
      addOperation: () => edit((plan) => addOperation(plan, profile)),
      duplicateOperation: (index) => edit((plan) => duplicateOperation(plan, index)),
      moveOperation: (index, delta) => edit((plan) => moveOperation(plan, index, delta)),
      removeOperation: (index) => edit((plan) => removeOperation(plan, index)),
      profile,
      readOnly,
      stats,
    }),
    [edit, profile, readOnly, stats],
  );
}
