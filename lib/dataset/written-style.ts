import { toDecimalComma } from "./decimal-comma";
import { type MoneyStyle, toMoney } from "./money";

/**
 * How a column writes its numbers in the file, where that is not plain digits with a decimal
 * point: with a decimal comma (`2,75`), or as amounts with a currency sign (`€1.250,00`). The
 * executor and the change records hold plain numbers; pages show a value as the file writes it.
 * Pure: pages import it.
 */
export type WrittenStyle = { decimalComma: true } | { money: MoneyStyle };

/** A plain value as its column writes it (other text as it is). */
export function asWritten(value: string, style: WrittenStyle | undefined): string {
  if (!style) return value;
  return "money" in style ? toMoney(value, style.money) : toDecimalComma(value);
}

/** Whether the column writes its decimals after a comma. */
function decimalComma(style: WrittenStyle | undefined): boolean {
  return style !== undefined && ("money" in style ? style.money.decimal === "," : true);
}

/** A figure computed from plain values (a difference) with the column's decimal mark. */
export function withDecimalMark(figure: string, style: WrittenStyle | undefined): string {
  return decimalComma(style) ? figure.replace(".", ",") : figure;
}

/**
 * A signed figure from plain values ("+6657.56") with thousands grouped and the column's decimal
 * mark: "+6,657.56", or "+6.657,56" where the column writes a decimal comma.
 */
export function groupedAsWritten(figure: string, style: WrittenStyle | undefined): string {
  const comma = decimalComma(style);
  const grouping = comma ? "." : ",";
  const [whole, fraction] = figure.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, grouping);
  return fraction === undefined ? grouped : `${grouped}${comma ? "," : "."}${fraction}`;
}

/** `value` with the styles of the columns that have one, or as it is when none has. */
export function withWrittenStyles<T extends object>(
  value: T,
  styles: Record<string, WrittenStyle>,
): T & { styles?: Record<string, WrittenStyle> } {
  return Object.keys(styles).length > 0 ? { ...value, styles } : value;
}
