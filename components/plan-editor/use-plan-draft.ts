"use client";

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { DraftStore, isDirty } from "./draft-state";

/**
 * The one draft every view of the plan editor edits (`DraftStore`). `saved` is the latest saved
 * revision; when the page passes a new one (after a save or restore) a clean draft follows it.
 */
export function usePlanDraft(saved: ExecutionPlan) {
  const [store] = useState(() => new DraftStore(saved));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  useEffect(() => {
    store.dispatch({ type: "saved", plan: saved });
  }, [store, saved]);

  const edit = useCallback(
    (change: (plan: ExecutionPlan) => ExecutionPlan) =>
      store.dispatch({ type: "edit", edit: change }),
    [store],
  );
  const replace = useCallback(
    (plan: ExecutionPlan) => store.dispatch({ type: "replace", plan }),
    [store],
  );
  const discard = useCallback(() => store.dispatch({ type: "discard" }), [store]);
  const markSaved = useCallback(
    (plan: ExecutionPlan) => store.dispatch({ type: "saved", plan }),
    [store],
  );
  const dirty = useMemo(() => isDirty(state), [state]);

  return {
    store,
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
