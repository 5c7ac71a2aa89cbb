"use client";

import type { ReactNode } from "react";
import { type FieldArrayWithId, FormProvider } from "react-hook-form";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { FormErrorsContext, PlanFormContext, useDraftActions } from "./editor-context";
import { usePlanForm } from "./use-plan-form";

export interface PlanFormParts {
  /** The operations field array's items, whose ids key the operation cards. */
  fields: FieldArrayWithId<ExecutionPlan, "operations">[];
}

/**
 * A react-hook-form over the editor's draft (see use-plan-form.ts) for the operation cards and
 * fields inside it: the whole Form view, or the one card the Graph view opens.
 */
export function PlanFormScope({
  plan,
  children,
}: {
  plan: ExecutionPlan;
  children: (parts: PlanFormParts) => ReactNode;
}) {
  const { edit, profile, readOnly, stats } = useDraftActions();
  const { form, fields, actions, errors, generation } = usePlanForm({
    draft: plan,
    edit,
    profile,
    readOnly,
    stats,
  });
  return (
    <FormProvider {...form}>
      <PlanFormContext.Provider value={actions}>
        <FormErrorsContext.Provider value={errors}>
          <form key={generation} noValidate onSubmit={(event) => event.preventDefault()}>
            {children({ fields })}
          </form>
        </FormErrorsContext.Provider>
      </PlanFormContext.Provider>
    </FormProvider>
  );
}
