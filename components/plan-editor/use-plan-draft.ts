"use client";

import { useCallback, useEffect, useMemo, useReducer } from "react";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { draftReducer, initialDraftState, isDirty } from "./draft-state";

/**
 * The one draft every view of the plan editor edits. `saved` is the latest saved revision; when
 * the page passes a new one (after a save or restore) a clean draft follows it.
 */
export function usePlanDraft(saved: ExecutionPlan) {
  const [state, dispatch] = useReducer(draftReducer, saved, initialDraftState);

  useEffect(() => {
    dispatch({ type: "saved", plan: saved });
  }, [saved]);

  const edit = useCallback(
    (change: (plan: ExecutionPlan) => ExecutionPlan) => dispatch({ type: "edit", edit: change }),
    [],
  );
  const replace = useCallback((plan: ExecutionPlan) => dispatch({ type: "replace", plan }), []);
  const discard = useCallback(() => dispatch({ type: "discard" }), []);
  const markSaved = useCallback((plan: ExecutionPlan) => dispatch({ type: "saved", plan }), []);
  const dirty = useMemo(() => isDirty(state), [state]);

  return {
    draft: state.draft,
    saved: state.saved,
    keys: state.keys,
    dirty,
    edit,
    replace,
    discard,
    markSaved,
  };
}
