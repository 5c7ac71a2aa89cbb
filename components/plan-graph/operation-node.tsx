"use client";

import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { DEFAULT_LAYOUT } from "./graph-layout";
import type { GraphNodeModel } from "./graph-model";

export type OperationNodeData = {
  model: GraphNodeModel;
  errors: number;
  warnings: number;
  connectable: boolean;
};

export type OperationFlowNode = Node<OperationNodeData, "operation">;

/** A graph node: operation id, filter → action, and the preview's counts when there are any. */
export function OperationNode({ data, selected }: NodeProps<OperationFlowNode>) {
  const { model, errors, warnings, connectable } = data;
  return (
    <div
      data-testid={`graph-node-${model.operationId}`}
      style={{ width: DEFAULT_LAYOUT.nodeWidth, height: DEFAULT_LAYOUT.nodeHeight }}
      className={`flex flex-col justify-between overflow-hidden rounded-lg border bg-white px-3 py-2 text-left shadow-sm transition-shadow ${
        selected
          ? "border-brand-500 ring-2 ring-brand-500/30"
          : errors > 0
            ? "border-red-300"
            : "border-slate-300 hover:shadow"
      }`}
    >
      <Handle
        type="target"
        position={Position.Top}
        isConnectable={connectable}
        className={`!size-2.5 !border-2 !border-white !bg-slate-400 ${connectable ? "" : "!opacity-0"}`}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="truncate font-mono text-xs font-semibold text-slate-900">
          <span className="mr-1 font-sans font-normal text-slate-400">{model.index + 1}.</span>
          {model.operationId || "(no id)"}
        </span>
        <span className="flex shrink-0 gap-1 text-[11px] font-medium">
          {errors > 0 ? (
            <span className="rounded bg-red-50 px-1.5 text-red-700">
              {errors} error{errors === 1 ? "" : "s"}
            </span>
          ) : null}
          {warnings > 0 ? (
            <span className="rounded bg-amber-50 px-1.5 text-amber-800">
              {warnings} warning{warnings === 1 ? "" : "s"}
            </span>
          ) : null}
        </span>
      </div>
      <p className="truncate text-xs text-slate-600" title={model.filterSummary}>
        {model.filterSummary}
      </p>
      <p className="truncate text-sm font-medium text-slate-900" title={model.actionSummary}>
        <span aria-hidden className="text-slate-400">
          →{" "}
        </span>
        {model.actionSummary}
      </p>
      {model.stats ? (
        <p className="flex gap-1.5 text-[11px] text-slate-600">
          <span className="rounded bg-slate-100 px-1.5">{model.stats.matched} matched</span>
          <span className="rounded bg-emerald-50 px-1.5 text-emerald-800">
            {model.stats.changed} changed
          </span>
          {model.stats.skipped > 0 ? (
            <span className="rounded bg-amber-50 px-1.5 text-amber-800">
              {model.stats.skipped} skipped
            </span>
          ) : null}
        </p>
      ) : (
        <p className="truncate text-[11px] text-slate-400">{model.description ?? "\u00a0"}</p>
      )}
      <Handle
        type="source"
        position={Position.Bottom}
        isConnectable={connectable}
        className={`!size-2.5 !border-2 !border-white !bg-brand-500 ${connectable ? "" : "!opacity-0"}`}
      />
    </div>
  );
}

export type BatchLabelData = { label: string };
export type BatchLabelNode = Node<BatchLabelData, "batch">;

/** The label at the left of a row of operations that may run together. */
export function BatchLabel({ data }: NodeProps<BatchLabelNode>) {
  return (
    <div className="w-28 text-right text-[11px] font-medium uppercase tracking-wide text-slate-400">
      {data.label}
    </div>
  );
}
