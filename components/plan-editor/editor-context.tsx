"use client";

import { createContext, useContext } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { pathKey } from "./field-paths";

/**
 * What the form's fields share without threading props through every level: how to change the
 * draft, the dataset profile that types the inputs, and the validation issues by field.
 */

export interface DraftActions {
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
  setAt: (path: PlanPath, value: unknown) => void;
  profile: DatasetProfile;
  readOnly: boolean;
  stats?: Record<string, OperationStats>;
}

export const DraftActionsContext = createContext<DraftActions | null>(null);

export function useDraftActions(): DraftActions {
  const actions = useContext(DraftActionsContext);
  if (!actions) throw new Error("useDraftActions must be used inside the plan workbench");
  return actions;
}

export const IssuesContext = createContext<ReadonlyMap<string, PlanIssue[]>>(new Map());

const NO_ISSUES: PlanIssue[] = [];

/** The issues shown at the field (or section) at `path`. */
export function useIssuesAt(path: PlanPath): PlanIssue[] {
  return useContext(IssuesContext).get(pathKey(path)) ?? NO_ISSUES;
}
