"use client";

import { useCallback, useMemo, useState } from "react";
import { exportPlan } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { type PlanTextReading, readPlanText } from "./json-draft";

interface JsonTextState {
  /** What the user typed; null while the text is simply the draft's export. */
  typed: string | null;
  reading: PlanTextReading;
  /** The draft this text was written from, or last pushed into the draft. */
  source: ExecutionPlan;
}

function fromDraft(draft: ExecutionPlan): JsonTextState {
  return { typed: null, reading: { status: "plan", plan: draft }, source: draft };
}

/**
 * The JSON view's text, kept in step with the draft: typing that yields a plan-shaped value
 * replaces the draft (keeping the user's own formatting); an edit made in another view rewrites
 * the text. Text that does not parse stays as typed, with the reason in `reading`. The export
 * is only computed while the JSON view is `active`, so typing in the form does not pay for it.
 */
export function useJsonText(
  draft: ExecutionPlan,
  replace: (plan: ExecutionPlan) => void,
  active: boolean,
) {
  const [state, setState] = useState(() => fromDraft(draft));
  let current = state;
  if (state.source !== draft) {
    current = fromDraft(draft);
    setState(current);
  }
  const exported = useMemo(
    () => (active && current.typed === null ? exportPlan(current.source) : ""),
    [active, current.typed, current.source],
  );

  const setText = useCallback(
    (text: string) => {
      const reading = readPlanText(text);
      if (reading.status === "plan") {
        setState({ typed: text, reading, source: reading.plan });
        replace(reading.plan);
      } else {
        setState((previous) => ({ ...previous, typed: text, reading }));
      }
    },
    [replace],
  );

  /** Rewrite the text from the draft (after "Discard changes", or to tidy it up). */
  const resetText = useCallback(() => setState(fromDraft(draft)), [draft]);

  return { text: current.typed ?? exported, reading: current.reading, setText, resetText };
}
