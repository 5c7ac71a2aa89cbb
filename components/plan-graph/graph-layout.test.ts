import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, layoutGraph } from "./graph-layout";

const { nodeWidth, nodeHeight } = DEFAULT_LAYOUT;

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return Math.abs(a.x - b.x) < nodeWidth && Math.abs(a.y - b.y) < nodeHeight;
}

describe("layoutGraph", () => {
  it("lays a chain out top to bottom", () => {
    const positions = layoutGraph(
      ["a", "b", "c"],
      [
        { source: "a", target: "b" },
        { source: "b", target: "c" },
      ],
      [["a"], ["b"], ["c"]],
    );
    const [a, b, c] = ["a", "b", "c"].map((id) => positions.get(id)!);
    expect(a.y).toBeLessThan(b.y);
    expect(b.y).toBeLessThan(c.y);
    expect(a.x).toBe(b.x);
  });

  it("puts the members of a batch side by side on one row, without overlap", () => {
    const ids = ["root", "x", "y", "z", "late", "end"];
    const edges = [
      { source: "root", target: "x" },
      { source: "root", target: "y" },
      { source: "x", target: "end" },
      { source: "y", target: "end" },
      { source: "late", target: "end" },
    ];
    // "late" has no prerequisite: it belongs to the first batch even though dagre would rather
    // put it next to "end".
    const batches = [["root", "z", "late"], ["x", "y"], ["end"]];
    const positions = layoutGraph(ids, edges, batches);
    batches.forEach((batch, row) => {
      for (const id of batch)
        expect(positions.get(id)?.y).toBe(row * (nodeHeight + DEFAULT_LAYOUT.rowGap));
    });
    for (const a of ids) {
      for (const b of ids) {
        if (a !== b) expect(overlaps(positions.get(a)!, positions.get(b)!)).toBe(false);
      }
    }
  });

  it("places every node even without batches (a plan with a cycle)", () => {
    const positions = layoutGraph(
      ["a", "b"],
      [
        { source: "a", target: "b" },
        { source: "b", target: "a" },
      ],
    );
    expect([...positions.keys()].sort()).toEqual(["a", "b"]);
    expect(overlaps(positions.get("a")!, positions.get("b")!)).toBe(false);
  });
});
