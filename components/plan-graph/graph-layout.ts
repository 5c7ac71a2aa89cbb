import { Graph, layout } from "@dagrejs/dagre";

/**
 * Top-to-bottom layout of the operation graph. dagre orders the nodes so edges cross little;
 * when the plan has batches, every batch then gets its own row, members side by side, so what
 * can run together is visibly level. Positions are top-left corners, as React Flow wants them.
 */

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  /** Horizontal space between nodes of one row. */
  columnGap: number;
  /** Vertical space between rows. */
  rowGap: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  nodeWidth: 272,
  nodeHeight: 104,
  columnGap: 40,
  rowGap: 64,
};

export interface Point {
  x: number;
  y: number;
}

export function layoutGraph(
  nodeIds: readonly string[],
  edges: readonly { source: string; target: string }[],
  batches?: readonly (readonly string[])[],
  options: LayoutOptions = DEFAULT_LAYOUT,
): Map<string, Point> {
  const { nodeWidth, nodeHeight, columnGap, rowGap } = options;
  const graph = new Graph();
  graph.setGraph({ rankdir: "TB", nodesep: columnGap, ranksep: rowGap, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const id of nodeIds) graph.setNode(id, { width: nodeWidth, height: nodeHeight });
  for (const edge of edges) {
    if (graph.hasNode(edge.source) && graph.hasNode(edge.target)) {
      graph.setEdge(edge.source, edge.target);
    }
  }
  layout(graph);

  const centre = new Map<string, Point>();
  for (const id of nodeIds) {
    const node = graph.node(id) as { x: number; y: number };
    centre.set(id, { x: node.x, y: node.y });
  }

  const positions = new Map<string, Point>();
  if (!batches) {
    for (const [id, point] of centre) {
      positions.set(id, { x: point.x - nodeWidth / 2, y: point.y - nodeHeight / 2 });
    }
    return positions;
  }

  batches.forEach((batch, row) => {
    const members = batch
      .filter((id) => centre.has(id))
      .sort((a, b) => (centre.get(a)?.x ?? 0) - (centre.get(b)?.x ?? 0));
    if (members.length === 0) return;
    // Keep dagre's horizontal placement where it leaves room, push right where it would overlap.
    const xs: number[] = [];
    for (const id of members) {
      const wanted = (centre.get(id)?.x ?? 0) - nodeWidth / 2;
      const previous = xs[xs.length - 1];
      xs.push(previous === undefined ? wanted : Math.max(wanted, previous + nodeWidth + columnGap));
    }
    // Pushing shifts the row right; move it back so it stays centred where dagre put it.
    const wantedMean =
      members.reduce((sum, id) => sum + (centre.get(id)?.x ?? 0), 0) / members.length -
      nodeWidth / 2;
    const shift = wantedMean - xs.reduce((sum, x) => sum + x, 0) / xs.length;
    const y = row * (nodeHeight + rowGap);
    members.forEach((id, k) => {
      positions.set(id, { x: Math.round(xs[k] + shift), y });
    });
  });
  // Nodes in no batch (should not happen with a sound order) keep dagre's place.
  for (const [id, point] of centre) {
    if (!positions.has(id)) {
      positions.set(id, { x: point.x - nodeWidth / 2, y: point.y - nodeHeight / 2 });
    }
  }
  return positions;
}
