import type { ColumnProfile } from "@/lib/dataset/types";
import type { Top } from "@/lib/plan/schema";
import type { WorkingCells } from "./cells";
import { compare, type Decimal, parseDecimal } from "./decimal";

/**
 * Top and bottom N (docs/plan-format.md "Top and bottom N"): of the rows a filter's conditions
 * select, the N with the highest or lowest value of a column, overall or per group. Numbers
 * order numerically, dates and text by their characters; a row whose value is empty (or, in a
 * number column, not a number) is never chosen. Ties follow the plan's stated rule: "all" keeps
 * every row equal to the Nth, "first" the earliest rows in the file.
 */

export interface CompiledTop {
  n: number;
  col: number;
  perCol: number;
  highest: boolean;
  tiesAll: boolean;
  numeric: boolean;
}

export class TopError extends Error {}

export function compileTop(top: Top, columns: Map<string, ColumnProfile>): CompiledTop {
  const by = columns.get(top.by);
  if (!by) throw new TopError(`There is no column '${top.by}'.`);
  const per = top.per === undefined ? undefined : columns.get(top.per);
  if (top.per !== undefined && !per) throw new TopError(`There is no column '${top.per}'.`);
  return {
    n: top.n,
    col: by.index,
    perCol: per ? per.index : -1,
    highest: top.order === "highest",
    tiesAll: top.ties === "all",
    numeric: by.type === "number" || by.type === "integer",
  };
}

export function topColumns(top: CompiledTop): number[] {
  return top.perCol < 0 ? [top.col] : [top.col, top.perCol];
}

/** The chosen rows of `rows` (ascending), ascending. */
export function selectTop(top: CompiledTop, rows: Int32Array, cells: WorkingCells): Int32Array {
  const groups = new Map<string, Array<{ row: number; value: Decimal | string }>>();
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k];
    const text = cells.get(row, top.col);
    if (text.trim() === "") continue;
    let value: Decimal | string = text;
    if (top.numeric) {
      const number = parseDecimal(text);
      if (number === undefined) continue;
      value = number;
    }
    const group = top.perCol < 0 ? "" : cells.get(row, top.perCol);
    let members = groups.get(group);
    if (!members) {
      members = [];
      groups.set(group, members);
    }
    members.push({ row, value });
  }
  const order = (a: Decimal | string, b: Decimal | string) => {
    const c =
      typeof a === "string"
        ? a < (b as string)
          ? -1
          : a > (b as string)
            ? 1
            : 0
        : compare(a, b as Decimal);
    return top.highest ? -c : c;
  };
  const chosen: number[] = [];
  for (const members of groups.values()) {
    // Stable: equal values keep the file's order, which is the "first" tie rule.
    members.sort((a, b) => order(a.value, b.value) || a.row - b.row);
    let take = Math.min(top.n, members.length);
    if (top.tiesAll) {
      while (take < members.length && order(members[take].value, members[take - 1].value) === 0) {
        take++;
      }
    }
    for (let k = 0; k < take; k++) chosen.push(members[k].row);
  }
  chosen.sort((a, b) => a - b);
  return Int32Array.from(chosen);
}
