import { comparesWhatChanges, mergeSameColumn, resolveCond } from "./conditions";
import { directedColumn } from "./directions";
import type { Clause, ItemText, RowCondition } from "./draft";
import { refuse } from "./draft";
import type { Item } from "./lex";
import type { Scan } from "./patterns";

/**
 * "except …", "but not …", "leave … alone": the rows every operation of the instruction leaves
 * out, from a clause of their own (interpret.ts applies them).
 */

export function interpretExclusion(
  scan: Scan,
  clause: Clause,
  clauseText: string,
  itemText: ItemText,
): { conditions: RowCondition[]; column?: string } {
  const conditions: RowCondition[] = [];
  const columns = new Set<string>();
  for (const { item } of clause.entries) {
    switch (item.kind) {
      case "scope":
        refuseKeptLimit(clause, item, clauseText, itemText);
        conditions.push(resolveCond(scan, item.cond, clauseText));
        break;
      case "flag":
        conditions.push({ type: "flag", column: item.ref.column, value: item.ref.value });
        break;
      case "setText":
        conditions.push(...setTextScope(item));
        break;
      case "column":
        if ("column" in item.ref) columns.add(item.ref.column);
        break;
      case "except":
      case "tail":
      case "stop":
      case "join":
      case "to":
        break;
      default:
        refuse(`${JSON.stringify(itemText(item))} does not fit in ${JSON.stringify(clauseText)}.`, [
          itemText(item),
        ]);
    }
  }
  if (conditions.length === 0) {
    refuse(`${JSON.stringify(clauseText)} does not say which rows to leave alone.`, [clauseText]);
  }
  refuseJointException(scan, clause, clauseText, itemText, (entry) => entry.item.kind !== "except");
  const scopeColumns = new Set(conditions.map((cond) => cond.column));
  const targets = [...columns].filter((column) => !scopeColumns.has(column));
  if (targets.length > 1)
    refuse(`${JSON.stringify(clauseText)} names ${targets.join(" and ")}; name one column.`, [
      clauseText,
    ]);
  return { conditions: mergeSameColumn(conditions), column: targets[0] };
}

const AS_THEY_ARE =
  /\b(?:as (?:they|it) (?:are|is|was|were)|as is|unchanged|the same|alone|untouched|out)\b/i;

/**
 * "raise list prices 5% but keep margins above 50": a limit on what the change leaves, which a
 * plan cannot hold to, not rows to leave out (read so, it had raised only the thin margins).
 */
function refuseKeptLimit(
  clause: Clause,
  scope: Extract<Item, { kind: "scope" }>,
  clauseText: string,
  itemText: ItemText,
) {
  const except = clause.entries.find((entry) => entry.item.kind === "except")?.item;
  if (!except || !/^keep/i.test(itemText(except))) return;
  if (scope.cond.type !== "compare" && scope.cond.type !== "between") return;
  // "keep items under 20 as they are" leaves rows out.
  if (AS_THEY_ARE.test(clauseText)) return;
  refuse(
    `${JSON.stringify(clauseText)} is a limit on the result, which a plan cannot check. Say which rows to change, or limit the column that changes ("keep prices above 20").`,
    [clauseText],
  );
}

/** A value set as text ("set category to Yoga") read as the rows holding it. */
export function setTextScope(item: Extract<Item, { kind: "setText" }>): RowCondition[] {
  if (item.refs.length === 0) return [];
  const columns = [...new Set(item.refs.map((ref) => ref.column))];
  // "flights to LAX" where origin and destination both hold LAX: where they go.
  const column = columns.length === 1 ? columns[0] : directedColumn(item.refs, "to");
  if (column === undefined) {
    refuse(
      `${JSON.stringify(item.text)} is a value of ${columns.join(" and ")}; name the column (e.g. "${columns[0]} ${item.text}").`,
      [item.text],
    );
  }
  return [
    {
      type: "values",
      column,
      values: item.refs.filter((ref) => ref.column === column).map((ref) => ref.value),
    },
  ];
}

/**
 * "except Terra hats" leaves out the rows that are both; a plan's `none` leaves out rows that are
 * either (every Terra product and every hat). Conditions on two columns side by side in what is
 * left out are refused rather than widened; a list of named values ("except hats or Terra",
 * "… and Terra") means either, and is kept. `counts` says which entries belong to what is left out.
 */
export function refuseJointException(
  scan: Scan,
  clause: Clause,
  clauseText: string,
  itemText: ItemText,
  counts: (entry: Clause["entries"][number]) => boolean,
): void {
  let run: { columns: Set<string>; items: Item[] } = { columns: new Set(), items: [] };
  for (const entry of clause.entries) {
    const { item } = entry;
    // "hats and Terra" lists two kinds of row (either is left out); "stock qty is 0 and inactive"
    // joins two conditions of one kind (both), so only a join after a named value ends the run.
    if (item.kind === "join") {
      const last = run.items.at(-1);
      const named =
        last?.kind === "setText" ||
        (last?.kind === "scope" && (last.cond.type === "values" || last.cond.type === "keys"));
      if (named) run = { columns: new Set(), items: [] };
      continue;
    }
    const column =
      item.kind === "scope"
        ? comparesWhatChanges(scan, item.cond)
          ? undefined
          : resolveCond(scan, item.cond, clauseText).column
        : item.kind === "flag"
          ? item.ref.column
          : item.kind === "setText"
            ? setTextScope(item)[0]?.column
            : undefined;
    // Filler words ("products", "that are") neither count nor end what is left out.
    if (column === undefined) continue;
    if (!counts(entry)) {
      run = { columns: new Set(), items: [] };
      continue;
    }
    run.columns.add(column);
    run.items.push(item);
    if (run.columns.size > 1) {
      const words = run.items.map(itemText).join(" ");
      refuse(
        `"${words}" leaves out rows that are ${[...run.columns].join(" and ")} at once, which a plan cannot say: leave out one of them ("except ${itemText(run.items[0])}"), or say the rows to change.`,
        [words],
      );
    }
  }
}
