import { namesRows, setVerbAt } from "./clause-items";
import { type LexItem, readInParts } from "./lex";
import { nameWords } from "./name-forms";
import type { Scan } from "./patterns";

/** Words of a column that holds what is still owed. */
const OWED_WORDS = new Set(["balance", "due", "owed", "owing", "outstanding", "arrears", "debt"]);
const PAID = new Set(["paid", "pays", "repaid", "settled"]);
/** Words after "paid" that say whose and how much: "paid his balance", "paid in full", "paid up". */
const FILLER = new Set(["the", "his", "her", "their", "its", "of", "up", "off", "in", "full"])
  .add("back")
  .add("everything")
  .add("it")
  .add("all");

/**
 * "Omar paid 800", "Sam paid his balance", "3A paid in full": a payment said of the rows takes
 * the amount off the one column of what they owe, or all of it. Tables with a yes/no "paid"
 * column read "Acme paid" as that instead (`readFlagNews`): "paid" is then not an unknown word.
 */
export function readPayments(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => payment(scan, clause) ?? clause, { clauses: true });
}

function payment(scan: Scan, items: LexItem[]): LexItem[] | undefined {
  const norm = (item: LexItem) => scan.tokens[item.from]?.norm ?? "";
  const at = items.findIndex(
    (item) => (item.kind === "unknown" || item.kind === "stop") && PAID.has(norm(item)),
  );
  if (at < 1 || items.some((item) => item.kind === "verb")) return undefined;
  // "Omar has paid 800".
  const rows = items
    .slice(0, at)
    .filter((item) => !(item.kind !== "scope" && norm(item) === "has"));
  const column = owedColumn(scan);
  if (!column || !namesRows(rows)) return undefined;
  const paid = items[at];
  const rest = items.slice(at + 1);
  const amounts = rest.filter((item) => item.kind === "amount");
  const owedNamed = (item: LexItem) =>
    item.kind === "column" && "column" in item.ref && item.ref.column === column;
  // Only words of whose balance and how much of it: "his balance", "in full", "up".
  const words = rest.filter((item) => item.kind !== "amount" && !owedNamed(item));
  if (words.some((item) => item.kind !== "pronoun" && !FILLER.has(norm(item)))) return undefined;
  if (amounts.length > 1) return undefined;
  const target: LexItem = { kind: "column", ref: { column }, from: paid.to, to: paid.to };
  const [amount] = amounts;
  if (amount?.kind === "amount") {
    if (amount.num.unit === "percent") return undefined;
    const verb: LexItem = {
      kind: "verb",
      verb: "decrease",
      word: "decrease",
      from: paid.from,
      to: paid.to,
    };
    return [verb, ...rows, target, { ...amount, mode: "by" }];
  }
  return [setVerbAt(paid), ...rows, target, noneAt(paid.to, rest.at(-1)?.to ?? paid.to)];
}

/** The one numeric column named for what is owed (balance_due, amount_owed), if exactly one. */
function owedColumn({ vocabulary }: Scan): string | undefined {
  const owed = [...vocabulary.columns.values()].filter(
    (column) =>
      (column.type === "number" || column.type === "integer") &&
      nameWords(column.name).some((word) => OWED_WORDS.has(word)),
  );
  return owed.length === 1 ? owed[0].name : undefined;
}

/**
 * "waive Sam's balance", "zero out the glue stick's stock": the rows, then the numeric column
 * they have none of now (the grammar reads "waive the balance", with no rows between).
 */
export function readWaived(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => waived(scan, clause) ?? clause, { clauses: true });
}

function waived(scan: Scan, items: LexItem[]): LexItem[] | undefined {
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from]?.norm : undefined);
  const [first, second] = items;
  const zeroOut = first?.kind === "amount" && first.num.value === 0 && norm(second) === "out";
  const waive = first?.kind === "unknown" && norm(first) === "waive";
  if (!zeroOut && !waive) return undefined;
  const last = items.at(-1);
  const rows = items.slice(zeroOut ? 2 : 1, -1);
  if (last?.kind !== "column" || !("column" in last.ref)) return undefined;
  const column = scan.vocabulary.columns.get(last.ref.column);
  if (column?.type !== "number" && column?.type !== "integer") return undefined;
  if (!namesRows(rows) || rows.some((item) => item.kind === "unknown")) return undefined;
  return [setVerbAt(first), ...rows, last, noneAt(last.to, last.to)];
}

/** None of an amount: the column's new value, 0. */
function noneAt(from: number, to: number): LexItem {
  return { kind: "amount", mode: "to", num: { value: 0, unit: "plain", text: "0" }, from, to };
}
