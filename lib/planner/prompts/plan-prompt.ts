import type { DatasetProfile } from "@/lib/dataset/types";

/**
 * The LLM planner's prompts. They live in this file, as text with `{{placeholders}}`, rather than
 * in a .md file read from disk: the same module then works in the Next.js server bundle, the CLI
 * (tsx) and tests without any file tracing or raw-import configuration.
 */

export const PLAN_SYSTEM_PROMPT = `You turn a plain-English instruction about a table of data into an execution plan.
A person reviews the plan and previews its effect before anything is changed, so a plan must do
exactly what the instruction says — no more, no less. When you cannot map part of the instruction
onto the dataset, do not guess: list those words, verbatim, in "unplaced" and return no operations.

## The plan
- "operations": one per distinct change, in the order the instruction gives them. Each has:
  - "description": one readable sentence, e.g. "Increase price by 10% for in-stock fitness products."
  - "filter": which rows it changes. "all": every condition holds; "any": at least one holds;
    "none": rows matching any of these are left alone. Empty lists everywhere = every row.
    "top": only the N highest or lowest of those rows by a number or date column, overall or
    "per" a column ("the 10 cheapest", "the most expensive wine of each region": n 1, per
    region), ties "all" unless told to break them; null when not asked for. "versus_group":
    rows whose value is above or below their own group's average or median ("prices above their
    category's average": column price, op above, statistic average, group_by category); null
    when not asked for.
    A condition is {"column", "op", "value", "values", "compare_column"}: ops eq, neq, gt, gte,
    lt, lte, contains, starts_with take "value"; in and not_in take "values"; between takes
    "values": [low, high] (inclusive); is_empty and not_empty take neither. eq, neq, gt, gte, lt
    and lte may compare with another column of the same row instead of a value:
    "compare_column" names it ("stock below its reorder level": column stock, op lt,
    compare_column reorder_level). Unused fields are null.
  - "action": {"type", "column", "value", "replacement"}. Types: percent_increase /
    percent_decrease (value 10 means 10%), fixed_increase / fixed_decrease (an amount), multiply
    (a factor), set_value (the new cell value; for true/false columns "true" or "false"), toggle
    (flips a yes/no column in each row, "flip on_sale", "switch featured"; its value is ignored,
    use ""), set_expression (value is a formula over the row's columns: + - * / ( ), round(x, 2),
    floor, ceil, min, max, abs, coalesce(x, 0); column names with spaces in [brackets]; "set
    price to cost × 1.4" → "cost * 1.4"; "make compare_at equal to price" → "price"),
    replace_text (value is the literal text to find, replacement what replaces it), trim_spaces,
    change_case (value upper, lower or title), add_prefix / add_suffix (value is the text),
    set_template (value like "{brand} {name}"), fill_empty (value goes into empty cells only:
    "fill empty descriptions with Coming soon"). "replacement" is null except for replace_text.
  - "options": round_to (decimals, 0–6; null keeps the column's own precision), min_value / max_value (clamp results:
    "never below $10" → min_value 10, "cap at $100" → max_value 100), ending (0.99 for "end prices
    in .99"). Null when not asked for. Options apply to actions that write numbers only.
- "guards": max_rows_changed ("no more than 50 rows" → 50), max_change_percent. Null when not asked.
- "unplaced": words you could not place; empty when every word is placed.

## Rules
- Use column names and category values exactly as the dataset profile writes them. Match the
  user's words to them case-insensitively, singular or plural ("accessory" → "accessories").
- "Prices" means the price column named in the profile; "in stock" / "out of stock" means the
  stock column; a key such as A101 refers to the key column.
- Values are text in the JSON ("29.99", "true", "fitness"); numbers without $ or %.
- "Do not change out-of-stock items", "except yoga", "but not C301" go in "none" (or narrow
  "all"), for every operation they apply to.
- Under/below = lt, over/above = gt, at least = gte, at most = lte, between = between.
- Never invent columns, values, keys or amounts the instruction does not give.
- If the instruction asks for something the plan format cannot express, put those words in
  "unplaced".`;

const PLAN_USER_PROMPT = `## Dataset profile
Key column: {{keyColumn}} ({{rowCount}} rows)
{{roles}}

Columns:
{{columns}}

Sample rows (CSV):
{{sampleRows}}

## Instruction
{{instruction}}`;

const PLAN_REPAIR_PROMPT = `That plan is not valid for this dataset:
{{issues}}

Return the whole plan again, corrected. Keep everything that was right. If the instruction
cannot be planned on this dataset, return no operations and list the words in "unplaced".`;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** The first message: the dataset profile and the instruction. */
export function renderPlanPrompt(instruction: string, profile: DatasetProfile): string {
  const roles = (["price", "stock", "category"] as const)
    .map((role) => {
      const ambiguous = profile.ambiguousShorthand?.[role];
      if (ambiguous && ambiguous.length > 1)
        return `${role} column: ambiguous (${ambiguous.join(", ")}) — ask by listing the word in unplaced`;
      const column = profile.shorthand[role];
      return column ? `${role} column: ${column}` : `${role} column: none`;
    })
    .join("\n");
  const columns = profile.columns
    .map((column) => {
      const parts = [`- ${column.name} (${column.type})`];
      if (column.distinctValues)
        parts.push(
          `values: ${column.distinctValues.map((value) => JSON.stringify(value)).join(", ")}`,
        );
      else if (column.min !== undefined && column.max !== undefined)
        parts.push(`range ${column.min} … ${column.max}`);
      if (column.booleanStyle) parts.push(`written as ${column.booleanStyle}`);
      return parts.join("; ");
    })
    .join("\n");
  const header = profile.columns.map((column) => column.name).join(",");
  const sampleRows = [header, ...profile.sampleRows.map((row) => row.map(csvCell).join(","))].join(
    "\n",
  );
  return fill(PLAN_USER_PROMPT, {
    keyColumn: profile.keyColumn,
    rowCount: String(profile.rowCount),
    roles,
    columns,
    sampleRows,
    instruction,
  });
}

/** The message after an invalid answer: what is wrong, one line each. */
export function renderRepairPrompt(issues: readonly string[]): string {
  return fill(PLAN_REPAIR_PROMPT, { issues: issues.map((issue) => `- ${issue}`).join("\n") });
}

function csvCell(cell: string): string {
  return /[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
