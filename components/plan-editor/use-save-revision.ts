"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";

export type SaveResult = { ok: true } | { ok: false; error: string };

/**
 * Saving the draft as a revision: the note, the pending state, the outcome, Ctrl/Cmd+S, and a
 * warning before leaving the page with unsaved changes.
 */
export function useSaveRevision({
  draft,
  dirty,
  unsaved,
  blockedReason,
  enabled,
  onSave,
  onSaved,
}: {
  draft: ExecutionPlan;
  /** The draft differs from the latest revision. */
  dirty: boolean;
  /** Anything would be lost by leaving (a dirty draft, or JSON text that is not a plan yet). */
  unsaved: boolean;
  blockedReason: string | null;
  enabled: boolean;
  onSave: (plan: ExecutionPlan, note: string) => Promise<SaveResult>;
  onSaved: (plan: ExecutionPlan) => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();

  const save = () => {
    const snapshot = draft;
    if (!enabled || saving || !dirty || blockedReason) return;
    if (!executionPlanSchema.safeParse(snapshot).success) return;
    setError(null);
    setMessage(null);
    startSaving(async () => {
      const result = await onSave(snapshot, note.trim());
      if (!result.ok) {
        setError(result.error);
        return;
      }
      onSaved(snapshot);
      setNote("");
      setMessage("Saved as a new revision.");
    });
  };

  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "s" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        latestSave.current();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  return {
    note,
    setNote,
    saving,
    error,
    message: dirty ? null : message,
    save,
    clearError: () => setError(null),
  };
}
