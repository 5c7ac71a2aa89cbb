"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { useOperationKeys, usePlanFormActions } from "./editor-context";
import { IssueList } from "./field";
import { fieldId, fieldIdCandidates } from "./field-paths";
import { PlusIcon } from "./icons";
import { OperationCard } from "./operation-card";
import { PlanFormScope } from "./plan-form-scope";
import { GuardsEditor, PlanDetails, VariablesEditor } from "./plan-settings";
import { usePlanOutline } from "./use-plan-outline";

export interface FocusRequest {
  path: PlanPath;
  /** Increases with every request, so asking for the same field twice focuses it twice. */
  seq: number;
}

/** Move focus to the field at `path`, or the nearest section around it that is on the page. */
function focusField(path: PlanPath): boolean {
  for (const id of fieldIdCandidates(path)) {
    const element = document.getElementById(id);
    if (element) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: "center", behavior: "smooth" });
      return true;
    }
  }
  return false;
}

/**
 * The Form view of the draft: plan details, variables and guards, then one card per operation,
 * keyed so that a card keeps its focus while operations move or are renamed.
 */
export function PlanForm({
  plan,
  focusRequest,
}: {
  plan: ExecutionPlan;
  focusRequest?: FocusRequest;
}) {
  return (
    <PlanFormScope>
      <PlanFormFields plan={plan} focusRequest={focusRequest} />
    </PlanFormScope>
  );
}

function PlanFormFields({
  plan,
  focusRequest,
}: {
  plan: ExecutionPlan;
  focusRequest?: FocusRequest;
}) {
  const { readOnly, addOperation } = usePlanFormActions();
  const keys = useOperationKeys();
  const count = keys.length;
  const previousCount = useRef(count);

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.path);
  }, [focusRequest]);

  // A new operation's id field gets focus, so adding one leads straight into editing it.
  useEffect(() => {
    if (count > previousCount.current && !readOnly) {
      focusField(["operations", count - 1, "operation_id"]);
    }
    previousCount.current = count;
  }, [count, readOnly]);

  const outline = usePlanOutline(plan.operations, plan.variables);

  const addButton = (
    <Button variant="secondary" size="sm" onClick={addOperation}>
      <PlusIcon /> Add operation
    </Button>
  );

  return (
    <fieldset disabled={readOnly} className="min-w-0 space-y-6">
      <legend className="sr-only">Plan form</legend>
      <Card className="p-5">
        <h2 className="mb-4 text-sm font-semibold text-slate-900">Plan</h2>
        <PlanDetails />
      </Card>
      <Card className="grid gap-8 p-5 md:grid-cols-2">
        <VariablesEditor />
        <GuardsEditor />
      </Card>
      <section
        id={fieldId(["operations"])}
        tabIndex={-1}
        aria-labelledby="plan-operations-heading"
        className="space-y-4 focus:outline-none"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id="plan-operations-heading" className="text-base font-semibold text-slate-900">
            Operations <span className="font-normal text-slate-500">({count})</span>
          </h2>
          {readOnly ? null : addButton}
        </div>
        <IssueList path={["operations"]} />
        <ol className="space-y-4">
          {keys.map((key, index) => (
            <li key={key}>
              <OperationCard index={index} outline={outline} />
            </li>
          ))}
        </ol>
        {readOnly || count < 2 ? null : <div className="flex justify-center">{addButton}</div>}
      </section>
    </fieldset>
  );
}
