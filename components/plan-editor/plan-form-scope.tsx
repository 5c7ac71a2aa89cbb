"use client";

import type { ReactNode } from "react";
import { PlanFormContext, useDraftActions } from "./editor-context";
import { useFormActions } from "./use-form-actions";

/**
 * The Form view's fields and edits over the editor's draft, for the operation cards and fields
 * inside it: the whole Form view, or the one card the Graph view opens.
 */
export function PlanFormScope({ children }: { children: ReactNode }) {
  const actions = useFormActions(useDraftActions());
  return (
    <PlanFormContext.Provider value={actions}>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        {children}
      </form>
    </PlanFormContext.Provider>
  );
}
