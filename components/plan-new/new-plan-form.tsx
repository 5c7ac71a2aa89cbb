"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { startManualPlan } from "@/lib/actions/plan-drafts";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlannerChoice } from "@/lib/services/planner-config";
import { exampleInstructions } from "./examples";
import { PlannerRefusal } from "./planner-refusal";
import { useDraftStream } from "./use-draft-stream";

interface DatasetOption {
  id: string;
  name: string;
  currentVersion: number | null;
  profile: DatasetProfile;
}

const PLANNER_LABELS = {
  rules: "Rules (offline)",
  google: "Gemini",
  "openai-compatible": "OpenAI-compatible",
} as const;

export function NewPlanForm({
  datasets,
  initialDatasetId,
  planner,
}: {
  datasets: DatasetOption[];
  initialDatasetId: string;
  planner: PlannerChoice;
}) {
  const router = useRouter();
  const ids = { dataset: useId(), instruction: useId(), planner: useId() };
  const [datasetId, setDatasetId] = useState(initialDatasetId);
  // The textarea is uncontrolled: what was typed before hydration still counts on submit.
  const instructionRef = useRef<HTMLTextAreaElement>(null);
  const [instruction, setInstruction] = useState("");
  const [emptyError, setEmptyError] = useState(false);
  const [plannerKind, setPlannerKind] = useState(planner.defaultKind);
  const [manualError, setManualError] = useState<string | null>(null);
  const [manualPending, startManual] = useTransition();
  const { state, draft } = useDraftStream();
  const dataset = datasets.find((option) => option.id === datasetId) ?? datasets[0];
  const examples = useMemo(() => exampleInstructions(dataset.profile), [dataset]);

  useEffect(() => {
    if (state.status === "saved") router.push(`/plans/${state.planId}`);
  }, [state, router]);

  const drafting = state.status === "drafting" || state.status === "saved";

  const writeByHand = () =>
    startManual(async () => {
      setManualError(null);
      const result = await startManualPlan({
        datasetId,
        instruction: instructionRef.current?.value ?? "",
      });
      if (result.ok) router.push(`/plans/${result.data.planId}`);
      else setManualError(result.error);
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-6">
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            const text = String(new FormData(event.currentTarget).get("instruction") ?? "").trim();
            setEmptyError(!text);
            if (!text) return;
            setInstruction(text);
            void draft({ datasetId, instruction: text, planner: plannerKind });
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.dataset} className="block text-sm font-medium text-slate-800">
                Dataset
              </label>
              <select
                id={ids.dataset}
                value={datasetId}
                onChange={(event) => setDatasetId(event.target.value)}
                className="mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                {datasets.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                    {option.currentVersion ? ` (v${option.currentVersion})` : ""}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.planner} className="block text-sm font-medium text-slate-800">
                Planner
              </label>
              <select
                id={ids.planner}
                value={plannerKind}
                onChange={(event) => setPlannerKind(event.target.value as typeof plannerKind)}
                className="mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                {planner.available.map((kind) => (
                  <option key={kind} value={kind}>
                    {PLANNER_LABELS[kind]}
                    {kind !== "rules" && planner.model ? ` · ${planner.model}` : ""}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <div>
            <label htmlFor={ids.instruction} className="block text-sm font-medium text-slate-800">
              Instruction
            </label>
            <textarea
              ref={instructionRef}
              id={ids.instruction}
              name="instruction"
              defaultValue=""
              aria-invalid={emptyError || undefined}
              aria-describedby={emptyError ? `${ids.instruction}-error` : undefined}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
                  event.currentTarget.form?.requestSubmit();
                }
              }}
              rows={4}
              placeholder="e.g. Increase prices by 10% for all in-stock fitness products; never go above $60"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
            />
            {emptyError ? (
              <p id={`${ids.instruction}-error`} className="mt-1 text-sm text-red-700">
                Write an instruction first.
              </p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">Ctrl+Enter drafts the plan.</p>
            )}
          </div>

          {examples.length > 0 ? (
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                Examples for {dataset.name}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {examples.map((example) => (
                  <li key={example}>
                    <button
                      type="button"
                      onClick={() => {
                        if (instructionRef.current) instructionRef.current.value = example;
                        instructionRef.current?.focus();
                      }}
                      className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs text-slate-700 hover:border-brand-500 hover:text-brand-700"
                    >
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className="flex items-center gap-3">
            <Button type="submit" disabled={drafting}>
              {drafting ? "Drafting…" : "Draft plan"}
            </Button>
            <Button variant="ghost" onClick={writeByHand} disabled={manualPending}>
              Write the plan by hand
            </Button>
          </div>
          {manualError ? <p className="text-sm text-red-700">{manualError}</p> : null}
        </form>

        <div aria-live="polite" className="mt-6 empty:hidden">
          {state.status === "drafting" && state.operations.length > 0 ? (
            <div>
              <p className="text-sm font-medium text-slate-700">
                Operations so far{state.repairs > 0 ? ` (repair attempt ${state.repairs})` : ""}
              </p>
              <ol className="mt-2 space-y-1 text-sm text-slate-700">
                {state.operations.map((operation) => (
                  <li
                    key={operation.operation_id}
                    className="rounded border border-slate-200 px-3 py-2"
                  >
                    <span className="font-mono text-xs text-slate-500">
                      {operation.operation_id}
                    </span>{" "}
                    {operation.description ?? operation.action?.type ?? "…"}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          {state.status === "refused" ? (
            <PlannerRefusal
              refusal={state.refusal}
              instruction={instruction}
              onWriteByHand={writeByHand}
            />
          ) : null}
          {state.status === "error" ? <FormAlert>{state.message}</FormAlert> : null}
        </div>
      </Card>

      <aside className="space-y-4 text-sm text-slate-600">
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">What happens next</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            <li>The planner turns your words into an explicit plan.</li>
            <li>You review and edit it as a form, a graph or JSON.</li>
            <li>A preview shows every cell that would change.</li>
            <li>Approval applies it in one transaction and records it in the history.</li>
          </ol>
        </Card>
        <p>
          Columns of <strong>{dataset.name}</strong>:{" "}
          {dataset.profile.columns.map((column) => column.name).join(", ")}.{" "}
          <Link className="text-brand-700 hover:underline" href={`/datasets/${dataset.id}`}>
            Open dataset
          </Link>
        </p>
      </aside>
    </div>
  );
}
