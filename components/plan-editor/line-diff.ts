/**
 * A line diff of two texts (two plan revisions exported as JSON), for the revision compare view.
 * Longest common subsequence on the lines between the common head and tail, which is where
 * revisions of one plan differ; pure and deterministic.
 */

export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
  /** 1-based line in the old text (same and removed lines). */
  oldNumber?: number;
  /** 1-based line in the new text (same and added lines). */
  newNumber?: number;
}

export interface DiffGap {
  kind: "gap";
  /** How many unchanged lines are folded away. */
  count: number;
}

/** Past this many cells the middle part is shown as replaced outright rather than aligned. */
const MAX_TABLE_CELLS = 4_000_000;

export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }

  const result: DiffLine[] = [];
  let oldNumber = 1;
  let newNumber = 1;
  const same = (text: string) =>
    result.push({ kind: "same", text, oldNumber: oldNumber++, newNumber: newNumber++ });
  const removed = (text: string) => result.push({ kind: "removed", text, oldNumber: oldNumber++ });
  const added = (text: string) => result.push({ kind: "added", text, newNumber: newNumber++ });

  for (let i = 0; i < head; i++) same(a[i]);
  const middleA = a.slice(head, a.length - tail);
  const middleB = b.slice(head, b.length - tail);
  for (const step of alignMiddle(middleA, middleB)) {
    if (step.kind === "same") same(step.text);
    else if (step.kind === "removed") removed(step.text);
    else added(step.text);
  }
  for (let i = a.length - tail; i < a.length; i++) same(a[i]);
  return result;
}

function alignMiddle(a: string[], b: string[]): { kind: DiffLine["kind"]; text: string }[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_TABLE_CELLS) {
    return [
      ...a.map((text) => ({ kind: "removed" as const, text })),
      ...b.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  // lcs[i * (m + 1) + j] = length of the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const steps: { kind: DiffLine["kind"]; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      steps.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      steps.push({ kind: "removed", text: a[i++] });
    } else {
      steps.push({ kind: "added", text: b[j++] });
    }
  }
  while (i < n) steps.push({ kind: "removed", text: a[i++] });
  while (j < m) steps.push({ kind: "added", text: b[j++] });
  return steps;
}

/** Unchanged runs longer than `context` lines on both sides of a change are folded into gaps. */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): (DiffLine | DiffGap)[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === "same") return;
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length - 1, index + context);
    for (let k = from; k <= to; k++) keep[k] = true;
  });
  const result: (DiffLine | DiffGap)[] = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (folded > 0) result.push({ kind: "gap", count: folded });
      folded = 0;
      result.push(line);
    } else {
      folded++;
    }
  });
  if (folded > 0) result.push({ kind: "gap", count: folded });
  return result;
}

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === "added") added++;
    else if (line.kind === "removed") removed++;
  }
  return { added, removed };
}
