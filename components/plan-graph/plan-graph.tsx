"use client";

import { useMemo, useState } from "react";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { GraphCanvas } from "./graph-canvas";
import { type OperationStats, type PlanGraphModel, planGraph } from "./graph-model";

/** A read-only operation graph, e.g. for an execution's plan snapshot with its counts. */
export function PlanGraph({
  plan,
  operationStats,
  profile,
  className,
}: {
  plan: ExecutionPlan;
  operationStats?: Record<string, OperationStats>;
  /** Names the columns the seed shorthand maps to in the node summaries. */
  profile?: DatasetProfile;
  className?: string;
}) {
  const model = useMemo(
    () => planGraph(plan, { stats: operationStats, profile }),
    [plan, operationStats, profile],
  );
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <figure className="space-y-2">
      <GraphCanvas
        model={model}
        selectedId={selected}
        onSelect={setSelected}
        onOpen={setSelected}
        className={className}
      />
      <GraphLegend model={model} />
    </figure>
  );
}

export function GraphLegend({ model }: { model: PlanGraphModel }) {
  return (
    <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-slate-500">
      {model.problem ? (
        <span role="status" className="font-medium text-red-700">
          {model.problem}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1.5">
        <svg width="28" height="8" aria-hidden>
          <line x1="0" y1="4" x2="28" y2="4" stroke="#94a3b8" strokeWidth="1.5" />
        </svg>
        depends_on
      </span>
      <span className="inline-flex items-center gap-1.5">
        <svg width="28" height="8" aria-hidden>
          <line
            x1="0"
            y1="4"
            x2="28"
            y2="4"
            stroke="#94a3b8"
            strokeWidth="1.5"
            strokeDasharray="5 4"
          />
        </svg>
        runs after the previous operation (no depends_on)
      </span>
      {model.batches && model.batches.length > 0 ? (
        <span>
          Operations on one row have no dependency between them and run in the same batch.
        </span>
      ) : null}
    </figcaption>
  );
}
