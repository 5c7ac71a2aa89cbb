"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { pathKey } from "./field-paths";
import { IssueStore } from "./issue-store";

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

export const IssuesContext = createContext<IssueStore>(new IssueStore());

/** The issues shown at the field (or section) at `path`; re-renders only when they change. */
export function useIssuesAt(path: PlanPath): PlanIssue[] {
  const store = useContext(IssuesContext);
  const key = pathKey(path);
  const read = () => store.get(key);
  return useSyncExternalStore(store.subscribe, read, read);
}
