import { mergeSameColumn, resolveCond } from "./conditions";
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
  const scopeColumns = new Set(conditions.map((cond) => cond.column));
  const targets = [...columns].filter((column) => !scopeColumns.has(column));
  if (targets.length > 1)
    refuse(`${JSON.stringify(clauseText)} names ${targets.join(" and ")}; name one column.`, [
      clauseText,
    ]);
  return { conditions: mergeSameColumn(conditions), column: targets[0] };
}

/** A value set as text ("set category to Yoga") read as the rows holding it. */
export function setTextScope(item: Extract<Item, { kind: "setText" }>): RowCondition[] {
  if (item.refs.length === 0) return [];
  const column = item.refs[0].column;
  return [
    {
      type: "values",
      column,
      values: item.refs.filter((ref) => ref.column === column).map((ref) => ref.value),
    },
  ];
}
