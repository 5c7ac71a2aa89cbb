"use client";

import { useMemo, useState } from "react";
import { GraphCanvas, type IssueCounts } from "@/components/plan-graph/graph-canvas";
import {
  connectOperations,
  disconnectOperations,
  type GraphNodeModel,
  type PlanGraphModel,
  planGraph,
} from "@/components/plan-graph/graph-model";
import { GraphLegend } from "@/components/plan-graph/plan-graph";
import { Button } from "@/components/ui/button";
import type { PlanIssue } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { useDraftActions } from "./editor-context";
import { issueOperationIndex } from "./field-paths";
import { CloseIcon } from "./icons";
import { OperationCard } from "./operation-card";
import { PlanFormScope } from "./plan-form-scope";
import { usePlanOutline } from "./use-plan-outline";

/**
 * The Graph view: operations as nodes, `depends_on` as edges. Drawing an edge makes the target
 * run after the source, deleting one removes that dependency; a cycle is refused with a message.
 * The selected operation's form opens under the graph.
 */
export function GraphView({
  plan,
  keys,
  issues,
  selectedKey,
  onSelectKey,
  focusSeq,
  onOpenInForm,
}: {
  plan: ExecutionPlan;
  keys: readonly string[];
  issues: readonly PlanIssue[];
  /** The selected operation, by its stable key (so a rename keeps it selected). */
  selectedKey: string | null;
  onSelectKey: (key: string | null) => void;
  /** Increases when the workbench asks to bring the selected node into view. */
  focusSeq?: number;
  onOpenInForm: (index: number) => void;
}) {
  const { edit, profile, readOnly, stats } = useDraftActions();
  const { message, dismiss, connect, disconnect } = useConnections(plan, edit);
  const model = useMemo(() => planGraph(plan, { stats, profile }), [plan, stats, profile]);
  const outline = usePlanOutline(plan.operations, plan.variables);

  const selectedIndex = selectedKey === null ? -1 : keys.indexOf(selectedKey);
  const selectedNode = selectedIndex === -1 ? undefined : model.nodes[selectedIndex];

  const issueCounts = useMemo(() => countIssues(issues, model), [issues, model]);

  const select = (nodeId: string | null) => {
    const node = model.nodes.find((candidate) => candidate.id === nodeId);
    onSelectKey(node ? (keys[node.index] ?? null) : null);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {readOnly
          ? "Each arrow points from an operation to one that runs after it."
          : "Drag from the bottom of an operation to the top of another to make it run after it. Select an arrow and press Delete to remove it. Click an operation to edit it below."}
      </p>
      <ConnectMessage message={message} onDismiss={dismiss} />
      <figure className="space-y-2">
        <GraphCanvas
          model={model}
          issueCounts={issueCounts}
          editable={!readOnly}
          selectedId={selectedNode?.id ?? null}
          onSelect={select}
          onOpen={select}
          onConnect={connect}
          onDisconnect={disconnect}
          focusRequest={
            selectedNode && focusSeq !== undefined
              ? { nodeId: selectedNode.id, seq: focusSeq }
              : undefined
          }
          className="h-[30rem]"
        />
        <GraphLegend model={model} />
      </figure>

      {selectedNode ? (
        <SelectedOperation
          node={selectedNode}
          outline={outline}
          readOnly={readOnly}
          onOpenInForm={onOpenInForm}
          onClose={() => onSelectKey(null)}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          Click an operation in the graph to edit it here.
        </p>
      )}
    </div>
  );
}

/** Errors and warnings per node, for the badges on the graph. */
function countIssues(issues: readonly PlanIssue[], model: PlanGraphModel) {
  const counts = new Map<string, IssueCounts>();
  for (const issue of issues) {
    const index = issueOperationIndex(issue);
    const node = index === undefined ? undefined : model.nodes[index];
    if (!node) continue;
    const count = counts.get(node.id) ?? { errors: 0, warnings: 0 };
    if (issue.severity === "error") count.errors++;
    else count.warnings++;
    counts.set(node.id, count);
  }
  return counts;
}

type Message = { kind: "refused" | "done"; text: string };

/** What drawing or deleting an arrow did (or why it was refused). */
function ConnectMessage({
  message,
  onDismiss,
}: {
  message: Message | null;
  onDismiss: () => void;
}) {
  return (
    <div aria-live="polite">
      {message ? (
        <div
          role={message.kind === "refused" ? "alert" : "status"}
          className={`flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm ${
            message.kind === "refused"
              ? "border-red-200 bg-red-50 text-red-800"
              : "border-emerald-200 bg-emerald-50 text-emerald-900"
          }`}
        >
          <span>
            {message.kind === "refused" ? (
              <strong className="font-semibold">Not connected. </strong>
            ) : null}
            {message.text}
          </span>
          <button
            type="button"
            aria-label="Dismiss message"
            onClick={onDismiss}
            className="rounded p-0.5 hover:bg-black/5"
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The selected operation's card, under the graph. */
function SelectedOperation({
  node,
  outline,
  readOnly,
  onOpenInForm,
  onClose,
}: {
  node: GraphNodeModel;
  outline: ReturnType<typeof usePlanOutline>;
  readOnly: boolean;
  onOpenInForm: (index: number) => void;
  onClose: () => void;
}) {
  return (
    <section aria-label={`Edit ${node.operationId}`} className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">
          Operation {node.index + 1}: <span className="font-mono">{node.operationId}</span>
        </h2>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => onOpenInForm(node.index)}>
            Open in Form
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      <PlanFormScope>
        <fieldset disabled={readOnly} className="min-w-0">
          <legend className="sr-only">Operation {node.operationId}</legend>
          <OperationCard index={node.index} outline={outline} />
        </fieldset>
      </PlanFormScope>
    </section>
  );
}

/** Arrows drawn and deleted: each edits the draft's depends_on and says what it did. */
function useConnections(
  plan: ExecutionPlan,
  edit: (change: (plan: ExecutionPlan) => ExecutionPlan) => void,
) {
  const [message, setMessage] = useState<Message | null>(null);
  const connect = (source: string, target: string) => {
    const result = connectOperations(plan, source, target);
    if (!result.ok) {
      setMessage({ kind: "refused", text: result.message });
      return;
    }
    if (result.plan === plan) {
      setMessage({ kind: "done", text: `${target} already runs after ${source}.` });
      return;
    }
    edit((draft) => {
      const again = connectOperations(draft, source, target);
      return again.ok ? again.plan : draft;
    });
    setMessage({ kind: "done", text: `${target} now runs after ${source}.` });
  };

  const disconnect = (source: string, target: string) => {
    edit((draft) => disconnectOperations(draft, source, target));
    setMessage({ kind: "done", text: `${target} no longer runs after ${source}.` });
  };

  return { message, dismiss: () => setMessage(null), connect, disconnect };
}
