"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { pathKey } from "./field-paths";
import { IssueStore } from "./issue-store";
import { FormErrorStore } from "./plan-form-state";

/**
 * What the views inside the workbench share without threading props through every level: how
 * to change the draft, the dataset profile that types the inputs, the last preview's counts, and
 * the validation issues by field.
 */

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
 * What the Form view's fields share: edits that span several fields (renames, type changes,
 * pruning an emptied object) applied to the react-hook-form state, the operation list's field
 * array methods, and RHF's validation errors by field.
 */
export interface PlanFormActions {
  /** Apply a pure edit of draft-edits.ts to the form, writing only the fields it changes. */
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
  /** Write one field (or a whole section) of the form. */
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

export const FormErrorsContext = createContext<FormErrorStore>(new FormErrorStore());

/** RHF's error messages for the field (or section) at `path`; re-renders only when they change. */
export function useFormErrorsAt(path: PlanPath): string[] {
  const store = useContext(FormErrorsContext);
  const read = () => store.messagesAt(path);
  const messages = useSyncExternalStore(store.subscribe, read, read);
  return messages === "" ? NO_MESSAGES : messages.split("\n");
}

const NO_MESSAGES: string[] = [];
