"use client";

import "@xyflow/react/dist/style.css";
import {
  Background,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from "@xyflow/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_LAYOUT, layoutGraph } from "./graph-layout";
import type { PlanGraphModel } from "./graph-model";
import {
  BatchLabel,
  type BatchLabelNode,
  type OperationFlowNode,
  OperationNode,
} from "./operation-node";

/**
 * React Flow showing a `PlanGraphModel`. Everything it draws is derived from the model; the only
 * state kept here is which edge is selected (so Delete can remove it). Changes go out through
 * `onConnect` / `onDisconnect` / `onSelect` and come back as a new model.
 */

const nodeTypes = { operation: OperationNode, batch: BatchLabel };

export interface IssueCounts {
  errors: number;
  warnings: number;
}

export interface GraphCanvasProps {
  model: PlanGraphModel;
  /** Issue counts by node id. */
  issueCounts?: ReadonlyMap<string, IssueCounts>;
  editable?: boolean;
  selectedId?: string | null;
  onSelect?: (nodeId: string | null) => void;
  onOpen?: (nodeId: string) => void;
  onConnect?: (source: string, target: string) => void;
  onDisconnect?: (source: string, target: string) => void;
  /** Bring this node into view when it changes (a jump from the validation panel). */
  focusRequest?: { nodeId: string; seq: number };
  className?: string;
}

export function GraphCanvas(props: GraphCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({
  model,
  issueCounts,
  editable = false,
  selectedId = null,
  onSelect,
  onOpen,
  onConnect,
  onDisconnect,
  focusRequest,
  className = "h-[32rem]",
}: GraphCanvasProps) {
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);

  const nodes = useFlowNodes(model, issueCounts, selectedId, editable);
  const edges = useMemo<Edge[]>(
    () =>
      model.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        selected: edge.id === selectedEdge,
        deletable: editable,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        style: edge.implicit ? { strokeDasharray: "5 4" } : undefined,
        ariaLabel: `${edge.target} runs after ${edge.source}${edge.implicit ? " (previous operation)" : ""}`,
      })),
    [model, selectedEdge, editable],
  );
  useFitView(model, focusRequest);

  const onNodesChange = (changes: NodeChange<OperationFlowNode | BatchLabelNode>[]) => {
    for (const change of changes) {
      if (change.type !== "select" || change.id.startsWith("batch-")) continue;
      if (change.selected) onSelect?.(change.id);
      else if (change.id === selectedId) onSelect?.(null);
    }
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type === "select") {
        setSelectedEdge((current) =>
          change.selected ? change.id : current === change.id ? null : current,
        );
      }
    }
  };

  return (
    <div className={`relative rounded-lg border border-slate-200 bg-slate-50 ${className}`}>
      <ReactFlow<OperationFlowNode | BatchLabelNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeClick={(_, node) => {
          if (node.type === "operation") onOpen?.(node.id);
        }}
        onConnect={(connection) => onConnect?.(connection.source, connection.target)}
        onEdgesDelete={(deleted) => {
          for (const edge of deleted) onDisconnect?.(edge.source, edge.target);
          setSelectedEdge(null);
        }}
        nodesDraggable={false}
        nodesConnectable={editable}
        edgesFocusable={editable}
        elementsSelectable
        deleteKeyCode={editable ? ["Backspace", "Delete"] : null}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={1.75}
      >
        <Background gap={20} size={1} color="#cbd5e1" />
        <Controls showInteractive={false} position="bottom-right" />
      </ReactFlow>
    </div>
  );
}

/** The operations as React Flow nodes, laid out in batches, with a label per batch. */
function useFlowNodes(
  model: GraphCanvasProps["model"],
  issueCounts: GraphCanvasProps["issueCounts"],
  selectedId: string | null,
  editable: boolean,
) {
  const positions = useMemo(
    () =>
      layoutGraph(
        model.nodes.map((node) => node.id),
        model.edges,
        model.batches,
      ),
    [model],
  );

  return useMemo(() => {
    const operations: OperationFlowNode[] = model.nodes.map((node) => ({
      id: node.id,
      type: "operation",
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      width: DEFAULT_LAYOUT.nodeWidth,
      height: DEFAULT_LAYOUT.nodeHeight,
      data: {
        model: node,
        errors: issueCounts?.get(node.id)?.errors ?? 0,
        warnings: issueCounts?.get(node.id)?.warnings ?? 0,
        connectable: editable,
      },
      selected: node.id === selectedId,
      draggable: false,
      deletable: false,
      connectable: editable,
      ariaLabel: `Operation ${node.operationId}: ${node.filterSummary} → ${node.actionSummary}`,
    }));
    const labels: BatchLabelNode[] = [];
    if (model.batches && model.batches.length > 1) {
      const left = Math.min(...[...positions.values()].map((point) => point.x));
      model.batches.forEach((batch, row) => {
        const y = positions.get(batch[0])?.y ?? 0;
        labels.push({
          id: `batch-${row}`,
          type: "batch",
          position: { x: left - 136, y: y + DEFAULT_LAYOUT.nodeHeight / 2 - 8 },
          data: { label: `Batch ${row + 1}` },
          width: 112,
          height: 16,
          selectable: false,
          draggable: false,
          connectable: false,
          deletable: false,
          focusable: false,
        });
      });
    }
    return [...labels, ...operations];
  }, [model, positions, issueCounts, selectedId, editable]);
}

/**
 * Fits the whole graph when its shape changes (not on every edit of an operation's fields), and
 * brings a requested node into view.
 */
function useFitView(
  model: GraphCanvasProps["model"],
  focusRequest: GraphCanvasProps["focusRequest"],
) {
  const flow = useReactFlow();
  const shape = useMemo(
    () =>
      JSON.stringify([
        model.nodes.map((node) => node.id),
        model.edges.map((edge) => edge.id),
        model.batches,
      ]),
    [model],
  );
  // The first fit is React Flow's own (the `fitView` prop); later ones follow shape changes.
  const fittedShape = useRef(shape);
  useEffect(() => {
    if (fittedShape.current === shape) return;
    fittedShape.current = shape;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.15, maxZoom: 1 }));
    return () => cancelAnimationFrame(frame);
  }, [flow, shape]);
  const focusNode = focusRequest?.nodeId;
  const focusSeq = focusRequest?.seq;
  useEffect(() => {
    if (focusNode === undefined || focusSeq === undefined) return;
    void flow.fitView({ nodes: [{ id: focusNode }], duration: 300, maxZoom: 1.1 });
  }, [flow, focusNode, focusSeq]);
}
