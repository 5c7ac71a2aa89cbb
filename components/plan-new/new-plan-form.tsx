"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type RefObject, useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert, SelectField } from "@/components/ui/field";
import { startManualPlan } from "@/lib/actions/plan-drafts";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PartialOperation } from "@/lib/planner/types";
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
  const [datasetId, setDatasetId] = useState(initialDatasetId);
  // The textarea is uncontrolled: what was typed before hydration still counts on submit.
  const instructionRef = useRef<HTMLTextAreaElement>(null);
  const [instruction, setInstruction] = useState("");
  const [emptyError, setEmptyError] = useState(false);
  const [plannerKind, setPlannerKind] = useState(planner.defaultKind);
  const { state, draft } = useDraftStream();
  const dataset = datasets.find((option) => option.id === datasetId) ?? datasets[0];

  useEffect(() => {
    if (state.status === "saved") router.push(`/plans/${state.planId}`);
  }, [state, router]);

  const drafting = state.status === "drafting" || state.status === "saved";

  const manual = useManualPlan(datasetId, instructionRef);

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
          <PlanSource
            datasets={datasets}
            datasetId={datasetId}
            onDatasetChange={setDatasetId}
            planner={planner}
            plannerKind={plannerKind}
            onPlannerChange={setPlannerKind}
          />
          <InstructionField inputRef={instructionRef} emptyError={emptyError} />
          <ExampleInstructions dataset={dataset} inputRef={instructionRef} />
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={drafting}>
              {drafting ? "Drafting…" : "Draft plan"}
            </Button>
            <Button variant="ghost" onClick={manual.start} disabled={manual.pending}>
              Write the plan by hand
            </Button>
          </div>
          {manual.error ? <p className="text-sm text-red-700">{manual.error}</p> : null}
        </form>

        <div aria-live="polite" className="mt-6 empty:hidden">
          {state.status === "drafting" && state.operations.length > 0 ? (
            <OperationsSoFar operations={state.operations} repairs={state.repairs} />
          ) : null}
          {state.status === "refused" ? (
            <PlannerRefusal
              refusal={state.refusal}
              instruction={instruction}
              onWriteByHand={manual.start}
            />
          ) : null}
          {state.status === "error" ? <FormAlert>{state.message}</FormAlert> : null}
        </div>
      </Card>
      <NextSteps dataset={dataset} />
    </div>
  );
}

/** "Write the plan by hand": a starter plan of one operation, opened in the editor. */
function useManualPlan(datasetId: string, instructionRef: RefObject<HTMLTextAreaElement | null>) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const start = () =>
    startTransition(async () => {
      setError(null);
      const result = await startManualPlan({
        datasetId,
        instruction: instructionRef.current?.value ?? "",
      });
      if (result.ok) router.push(`/plans/${result.data.planId}`);
      else setError(result.error);
    });
  return { start, pending, error };
}

type PlannerKindChoice = PlannerChoice["defaultKind"];

/** Which dataset the plan is for, and which planner drafts it. */
function PlanSource({
  datasets,
  datasetId,
  onDatasetChange,
  planner,
  plannerKind,
  onPlannerChange,
}: {
  datasets: DatasetOption[];
  datasetId: string;
  onDatasetChange: (id: string) => void;
  planner: PlannerChoice;
  plannerKind: PlannerKindChoice;
  onPlannerChange: (kind: PlannerKindChoice) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Dataset"
        value={datasetId}
        onChange={(event) => onDatasetChange(event.target.value)}
      >
        {datasets.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.currentVersion ? ` (v${option.currentVersion})` : ""}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Planner"
        value={plannerKind}
        onChange={(event) => onPlannerChange(event.target.value as PlannerKindChoice)}
      >
        {planner.available.map((kind) => (
          <option key={kind} value={kind}>
            {PLANNER_LABELS[kind]}
            {kind !== "rules" && planner.model ? ` · ${planner.model}` : ""}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function InstructionField({
  inputRef,
  emptyError,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  emptyError: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Instruction
      </label>
      <textarea
        ref={inputRef}
        id={id}
        name="instruction"
        defaultValue=""
        aria-invalid={emptyError || undefined}
        aria-describedby={emptyError ? `${id}-error` : undefined}
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
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          Write an instruction first.
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-500">Ctrl+Enter drafts the plan.</p>
      )}
    </div>
  );
}

/** Instructions this dataset's columns make sense of; a click puts one in the box. */
function ExampleInstructions({
  dataset,
  inputRef,
}: {
  dataset: DatasetOption;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const examples = useMemo(() => exampleInstructions(dataset.profile), [dataset]);
  if (examples.length === 0) return null;
  return (
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
                if (inputRef.current) inputRef.current.value = example;
                inputRef.current?.focus();
              }}
              className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs text-slate-700 hover:border-brand-500 hover:text-brand-700"
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The operations a model has streamed so far. */
function OperationsSoFar({
  operations,
  repairs,
}: {
  operations: PartialOperation[];
  repairs: number;
}) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">
        Operations so far{repairs > 0 ? ` (repair attempt ${repairs})` : ""}
      </p>
      <ol className="mt-2 space-y-1 text-sm text-slate-700">
        {operations.map((operation) => (
          <li key={operation.operation_id} className="rounded border border-slate-200 px-3 py-2">
            <span className="font-mono text-xs text-slate-500">{operation.operation_id}</span>{" "}
            {operation.description ?? operation.action?.type ?? "…"}
          </li>
        ))}
      </ol>
    </div>
  );
}

function NextSteps({ dataset }: { dataset: DatasetOption }) {
  return (
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
  );
}
