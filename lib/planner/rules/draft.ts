import type { Action, NumericActionType } from "@/lib/plan/schema";
import type { CompareOp, GuardSpec, OptionSpec } from "./grammar";
import type { Item } from "./lex";
import { nameWords } from "./name-forms";
import type { Num } from "./patterns-number";
import { isNumeric, type Vocabulary } from "./vocabulary";

/**
 * What the interpreter makes of an instruction: draft operations with their conditions resolved
 * to columns, or a refusal that quotes the words it could not place. A refusal is thrown from
 * wherever it is found (`refuse`) and caught once, in `interpret`.
 */

/** A condition with its column resolved. */
export type RowCondition =
  | { type: "values"; column: string; values: string[] }
  | { type: "keys"; column: string; keys: string[] }
  | { type: "flag"; column: string; value: boolean }
  | { type: "compare"; column: string; op: CompareOp; value: number }
  | { type: "columns"; column: string; op: CompareOp; other: string }
  | { type: "between"; column: string; low: number; high: number }
  | { type: "text"; column: string; op: "contains" | "starts_with"; value: string }
  | { type: "empty"; column: string; empty: boolean }
  | { type: "dateRange"; column: string; from?: string; to?: string };

export type DraftAction =
  | { kind: "numeric"; type: NumericActionType; column: string; value: number; unit: Num["unit"] }
  | { kind: "set"; column: string; value: number | string | boolean; unit?: Num["unit"] }
  /** "flip on_sale": a yes/no column's value becomes its opposite in each row. */
  | { kind: "toggle"; column: string }
  /** A formula or text action read by computed.ts, already in the plan's terms. */
  | {
      kind: "computed";
      column: string;
      action: Action;
      /** The description's opening words. */
      words: string;
      slug: string;
      /** Whether it writes numbers, so rounding and limits apply. */
      numeric: boolean;
    };

export interface DraftOperation {
  action: DraftAction;
  /** ANDed. */
  all: RowCondition[];
  /** At least one (empty = no such group). */
  any: RowCondition[];
  /** Rows matching any of these are left alone. */
  none: RowCondition[];
}

export type Interpretation =
  | {
      ok: true;
      operations: DraftOperation[];
      options: OptionSpec;
      guards: GuardSpec;
      notes: string[];
    }
  | {
      ok: false;
      code: "unplaced" | "incomplete";
      reason: string;
      unplaced: string[];
      suggestion?: string;
    };

export type Refusal = Extract<Interpretation, { ok: false }>;

export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

export function refuse(
  reason: string,
  unplaced: string[],
  code: Refusal["code"] = "incomplete",
): never {
  throw new RefusalError({ ok: false, code, reason, unplaced });
}

export interface Entry {
  item: Item;
  negated: boolean;
}

export interface Clause {
  kind: "action" | "exclusion";
  entries: Entry[];
}

export interface Segment {
  items: Item[];
}

export type ItemText = (item: { from: number; to: number }) => string;

export function quoteWords(words: string[]): string {
  const quoted = words.map((word) => `“${word}”`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/** Whether an action writes numbers, so rounding, endings and limits apply to it. */
export function writesNumber(vocabulary: Vocabulary, action: DraftAction): boolean {
  if (action.kind === "numeric") return true;
  if (action.kind === "toggle") return false;
  if (action.kind === "computed") return action.numeric;
  return typeof action.value === "number" && isNumeric(vocabulary, action.column);
}

/** "raise by 10%" or "take $5 off": a percentage or an amount, up or down. */
export function numericAction(
  verb: "increase" | "decrease",
  column: string,
  amount: Num,
  clauseText: string,
): DraftAction {
  if (amount.unit === "percent") {
    if (verb === "decrease" && amount.value > 100) {
      refuse(`${JSON.stringify(clauseText)} takes off more than 100%.`, [clauseText]);
    }
    return {
      kind: "numeric",
      type: verb === "increase" ? "percent_increase" : "percent_decrease",
      column,
      value: amount.value,
      unit: "percent",
    };
  }
  return {
    kind: "numeric",
    type: verb === "increase" ? "fixed_increase" : "fixed_decrease",
    column,
    value:
      amount.cents && countsCents(column)
        ? Math.round(amount.value * 100 * 1e6) / 1e6
        : amount.value,
    unit: amount.unit,
  };
}

/** Words of a column that counts cents or pence (price_cents): an amount said so is the number said there. */
const CENT_WORDS = new Set(["cent", "cents", "pence", "penny"]);

function countsCents(column: string): boolean {
  return nameWords(column).some((word) => CENT_WORDS.has(word));
}
