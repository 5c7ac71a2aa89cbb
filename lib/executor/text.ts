import type { ColumnProfile } from "@/lib/dataset/types";
import { isBlankText } from "@/lib/dataset/values";
import type { TextTransform } from "@/lib/plan/normalize";
import { numericStep, setOutcome } from "./actions";
import type { WorkingCells } from "./cells";
import { type ChangeHashing, ExecutionFailure, type OperationRun, record } from "./operation-run";
import type { PlanValue } from "./variables";

/**
 * Text actions (docs/plan-format.md "Text actions"): each selected cell rewritten by a pure
 * function of its text (and, for a template, of the row's other cells). Nothing here reads a
 * pattern from the plan: replace looks for literal text, so no input can make it slow.
 */

/** The new text of one cell, from its current text and its row. */
function textRewrite(
  transform: TextTransform,
  cells: WorkingCells,
  columnIndex: (name: string) => number,
): (current: string, row: number) => string {
  switch (transform.type) {
    case "replace": {
      const { find, replace } = transform;
      if (!transform.ignoreCase) return (current) => current.split(find).join(replace);
      // The escaped literal is a plain character sequence: a linear-time match.
      const pattern = new RegExp(find.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "giu");
      return (current) => current.replace(pattern, () => replace);
    }
    case "trim":
      return (current) => current.replace(/\s+/gu, " ").trim();
    case "case":
      if (transform.case === "upper") return (current) => current.toUpperCase();
      if (transform.case === "lower") return (current) => current.toLowerCase();
      return titleCase;
    case "prefix":
      return (current) => (isBlankText(current) ? current : transform.text + current);
    case "suffix":
      return (current) => (isBlankText(current) ? current : current + transform.text);
    case "template": {
      const parts = transform.parts.map((part) =>
        typeof part === "string" ? part : columnIndex(part.column),
      );
      return (_current, row) => {
        let text = "";
        for (const part of parts) text += typeof part === "string" ? part : cells.get(row, part);
        return text;
      };
    }
  }
}

/** "the OLD mill" → "The Old Mill": a letter after anything but a letter, digit or apostrophe. */
function titleCase(current: string): string {
  return current
    .toLowerCase()
    .replace(/(^|[^\p{L}\p{N}'’])(\p{L})/gu, (_, before: string, letter: string) => {
      return before + letter.toUpperCase();
    });
}

export function runText(
  run: OperationRun,
  transform: TextTransform,
  column: ColumnProfile,
  columns: Map<string, ColumnProfile>,
  cells: WorkingCells,
  warnings: string[],
  hashing: ChangeHashing | null,
): void {
  const rewrite = textRewrite(
    transform,
    cells,
    (name) => (columns.get(name) as ColumnProfile).index,
  );
  let blank = 0;
  for (let k = 0, ahead = 0; k < run.matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(run.matched, k, run.col);
    const row = run.matched[k];
    const current = cells.get(row, run.col);
    const next = rewrite(current, row);
    if (next === current) {
      run.skipped++;
      if ((transform.type === "prefix" || transform.type === "suffix") && isBlankText(current)) {
        blank++;
      }
      continue;
    }
    // Text actions write text columns; a rewrite that leaves a typed column unreadable stops.
    if (column.type !== "text" && setOutcome(next, column).kind === "mismatch") {
      throw new ExecutionFailure({
        code: "type_mismatch",
        message: `Operation ${run.op.operationId}: row ${cells.table.rowKey(row)} would get ${JSON.stringify(next)}, which does not read as ${column.type === "boolean" ? "yes/no" : column.type === "date" ? "a date" : "a number"} like the rest of '${column.name}'.`,
        operationId: run.op.operationId,
        column: column.name,
      });
    }
    record(run, cells, hashing, row, current, next);
  }
  if (blank > 0) {
    const one = blank === 1;
    warnings.push(
      `Operation ${run.op.operationId}: ${blank} empty '${column.name}' cell${one ? " was" : "s were"} left empty.`,
    );
  }
}

/**
 * fill_empty: the value goes into selected cells that are empty (or only spaces); the rest are
 * not touched and count as unchanged.
 */
export function runFill(
  run: OperationRun,
  value: PlanValue,
  column: ColumnProfile,
  cells: WorkingCells,
  hashing: ChangeHashing | null,
): void {
  const outcome = setOutcome(value, column);
  if (outcome.kind === "mismatch") {
    throw new ExecutionFailure({
      code: "type_mismatch",
      message: `Operation ${run.op.operationId}: ${outcome.message}`,
      operationId: run.op.operationId,
      column: column.name,
    });
  }
  const text =
    outcome.kind === "numeric"
      ? (() => {
          const step = numericStep(run.op, "set", outcome.operand);
          return step.render(step.apply(outcome.operand));
        })()
      : outcome.text;
  run.constantText = text;
  for (let k = 0, ahead = 0; k < run.matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(run.matched, k, run.col);
    const row = run.matched[k];
    const current = cells.get(row, run.col);
    if (!isBlankText(current)) {
      run.skipped++;
      continue;
    }
    record(run, cells, hashing, row, current, text);
  }
}
