"use client";

import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { getIn } from "./draft-edits";
import type { DraftStore } from "./draft-state";
import { pathKey } from "./field-paths";
import { IssueStore } from "./issue-store";

/**
 * What the views inside the workbench share without threading props through every level: the
 * draft and how to change it, the dataset profile that types the inputs, the last preview's
 * counts, and the validation issues by field.
 */

export const DraftStoreContext = createContext<DraftStore | null>(null);

function useDraftStore(): DraftStore {
  const store = useContext(DraftStoreContext);
  if (!store) throw new Error("The plan editor's views must be used inside the plan workbench");
  return store;
}

/**
 * The draft's value at `path`; re-renders only when that value changes (edits copy only the
 * objects along the path they change, so every other value keeps its identity).
 */
export function usePlanAt<T = unknown>(path: PlanPath): T {
  const store = useDraftStore();
  const read = () => getIn(store.getState().draft, path) as T;
  return useSyncExternalStore(store.subscribe, read, read);
}

/** One key per operation of the draft, for the cards to keep their identity as they move. */
export function useOperationKeys(): readonly string[] {
  const store = useDraftStore();
  const read = () => store.getState().keys;
  return useSyncExternalStore(store.subscribe, read, read);
}

export interface DraftActions {
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
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

/**
 * What the Form view's fields share: edits of the draft, from one field (`setAt`) to several
 * (renames, type changes: the pure edits of draft-edits.ts), and the operation list's own.
 */
export interface PlanFormActions {
  /** Apply a pure edit of draft-edits.ts to the draft. */
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
  /** Write one field (or a whole section); a cleared field is removed (`writeAt`). */
  setAt: (path: PlanPath, value: unknown) => void;
  addOperation: () => void;
  removeOperation: (index: number) => void;
  duplicateOperation: (index: number) => void;
  moveOperation: (index: number, delta: -1 | 1) => void;
  profile: DatasetProfile;
  readOnly: boolean;
  stats?: Record<string, OperationStats>;
}

export const PlanFormContext = createContext<PlanFormActions | null>(null);

export function usePlanFormActions(): PlanFormActions {
  const actions = useContext(PlanFormContext);
  if (!actions) throw new Error("usePlanFormActions must be used inside the plan form");
  return actions;
}

/**
 * The validation's error messages for the field (or section) at `path`; re-renders only when
 * they change. Warnings are shown beside them by `IssueList`, from `useIssuesAt`.
 */
export function useErrorsAt(path: PlanPath): string[] {
  const issues = useIssuesAt(path);
  return useMemo(
    () => issues.filter((issue) => issue.severity === "error").map((issue) => issue.detail),
    [issues],
  );
}
