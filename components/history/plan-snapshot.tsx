"use client";

import { useState } from "react";
import { PlanGraph } from "@/components/plan-graph/plan-graph";
import { PlanJsonViewer } from "@/components/plan-json/plan-json-viewer";
import type { OperationStats } from "@/lib/executor/types";
import type { ExecutionPlan } from "@/lib/plan/schema";

/** The plan as executed, as a graph with each operation's counts or as JSON. */
export function PlanSnapshot({ plan, stats }: { plan: ExecutionPlan; stats: OperationStats[] }) {
  const [view, setView] = useState<"graph" | "json">("graph");
  const byOperation = Object.fromEntries(stats.map((s) => [s.operationId, s]));
  return (
    <div>
      <div
        role="tablist"
        aria-label="Plan view"
        className="flex gap-1 border-b border-slate-100 px-4 pt-2"
      >
        {(["graph", "json"] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={view === tab}
            aria-controls={`plan-snapshot-${tab}`}
            onClick={() => setView(tab)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${view === tab ? "border-brand-600 font-medium text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {tab === "graph" ? "Graph" : "JSON"}
          </button>
        ))}
      </div>
      <div id={`plan-snapshot-${view}`} role="tabpanel" className="p-4">
        {view === "graph" ? (
          <PlanGraph plan={plan} operationStats={byOperation} className="h-[22rem]" />
        ) : (
          <PlanJsonViewer plan={plan} className="max-h-[28rem]" />
        )}
      </div>
    </div>
  );
}
