import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, diffStats, foldUnchanged, splitLines } from "./line-diff";

const text = (...lines: string[]) => `${lines.join("\n")}\n`;

describe("diffLines", () => {
  it("marks added, removed and unchanged lines with their numbers", () => {
    const lines = diffLines(text("a", "b", "c", "d"), text("a", "c", "x", "d"));
    expect(lines).toEqual([
      { kind: "same", text: "a", oldNumber: 1, newNumber: 1 },
      { kind: "removed", text: "b", oldNumber: 2 },
      { kind: "same", text: "c", oldNumber: 3, newNumber: 2 },
      { kind: "added", text: "x", newNumber: 3 },
      { kind: "same", text: "d", oldNumber: 4, newNumber: 4 },
    ]);
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
  });

  it("shows a changed line as removed then added", () => {
    expect(diffLines('  "value": 10\n', '  "value": 15\n').map((l) => l.kind)).toEqual([
      "removed",
      "added",
    ]);
  });

  it("handles empty texts", () => {
    expect(diffLines("", "")).toEqual([]);
    expect(diffLines("", text("a")).map((l) => l.kind)).toEqual(["added"]);
    expect(diffLines(text("a"), "").map((l) => l.kind)).toEqual(["removed"]);
  });

  it("rebuilds both texts from the diff, for any pair of texts", () => {
    const lineList = fc.array(fc.constantFrom("a", "b", "c", "{", "}", ""), { maxLength: 25 });
    fc.assert(
      fc.property(lineList, lineList, (a, b) => {
        const lines = diffLines(text(...a), text(...b));
        const old = lines.filter((l) => l.kind !== "added").map((l) => l.text);
        const next = lines.filter((l) => l.kind !== "removed").map((l) => l.text);
        expect(old).toEqual(splitLines(text(...a)));
        expect(next).toEqual(splitLines(text(...b)));
      }),
    );
  });

  it("keeps as many lines unchanged as possible", () => {
    const lines = diffLines(text("x", "a", "b", "c"), text("a", "b", "c", "y"));
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
  });
});

describe("foldUnchanged", () => {
  it("folds long unchanged runs and keeps context around changes", () => {
    const old = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const next = [...old];
    next[9] = "changed";
    const folded = foldUnchanged(diffLines(text(...old), text(...next)), 2);
    expect(folded[0]).toEqual({ kind: "gap", count: 7 });
    expect(folded.filter((l) => l.kind !== "gap")).toHaveLength(6);
    expect(folded[folded.length - 1]).toEqual({ kind: "gap", count: 8 });
  });

  it("folds everything when nothing changed", () => {
    expect(foldUnchanged(diffLines(text("a", "b"), text("a", "b")))).toEqual([
      { kind: "gap", count: 2 },
    ]);
  });
});
