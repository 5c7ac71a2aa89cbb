/**
 * "CSV for spreadsheets": the stored CSV with formula injection neutralised.
 *
 * Excel, LibreOffice and Google Sheets evaluate a cell that starts with `=`, `+`, `-` or `@` as a
 * formula (and some also after a leading tab or carriage return), so a product name such as
 * `=HYPERLINK("http://evil", "Click")` becomes live when the file is opened. Following OWASP's
 * advice, such a cell is prefixed with an apostrophe, which spreadsheets read as "this is text"
 * and do not display.
 *
 * A cell that is a plain number (`-5`, `+3.25`, `-1e3`) is left alone: a spreadsheet reads it as
 * that number, nothing is evaluated, and prefixing it would turn negative prices into text.
 *
 * Everything else is copied byte for byte (`serializeWithChanges`), so the result differs from the
 * stored file only in the neutralised cells. The exact download is the stored bytes instead.
 *
 * Pure: no `node:` imports, usable in the browser and the CLI.
 */

import { ColumnOverlay } from "./column-overlay";
import {
  type CsvTable,
  type ParseCsvOptions,
  parseCsv,
  renderField,
  serializeWithChanges,
} from "./csv";
import { utf8Length } from "./csv-write";

/** First characters that make a spreadsheet evaluate a cell. */
const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"] as const;

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** True when a spreadsheet would evaluate this cell as a formula. */
export function isFormulaLike(value: string): boolean {
  if (value.length === 0) return false;
  const first = value[0];
  if (!(FORMULA_TRIGGERS as readonly string[]).includes(first)) return false;
  return !PLAIN_NUMBER.test(value);
}

/** The value a spreadsheet shows as text: an apostrophe in front of a formula-like cell. */
function neutraliseCell(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

export interface SpreadsheetSafeCsv {
  bytes: Uint8Array;
  /** Cells (header included) that were prefixed with an apostrophe. */
  neutralised: number;
}

/** The CSV with every formula-like cell neutralised. Throws a CsvError for a file that does not parse. */
export function spreadsheetSafeCsv(
  bytes: Uint8Array,
  delimiter?: ParseCsvOptions["delimiter"],
): SpreadsheetSafeCsv {
  const table = parseCsv(bytes, { delimiter });
  const edits = new Map<number, ColumnOverlay>();
  let neutralised = 0;
  for (let col = 0; col < table.columnCount; col++) {
    const values = table.decodeColumn(col);
    let columnEdits: ColumnOverlay | undefined;
    for (let row = 0; row < values.length; row++) {
      if (!isFormulaLike(values[row])) continue;
      columnEdits ??= new ColumnOverlay(table.rowCount);
      columnEdits.set(row, `'${values[row]}`);
      neutralised++;
    }
    if (columnEdits) edits.set(col, columnEdits);
  }
  const body = neutralised === 0 ? table.bytes : serializeWithChanges(table, edits);
  const header = safeHeader(table);
  if (!header) return { bytes: body, neutralised };
  return { bytes: header.replaceIn(body), neutralised: neutralised + header.count };
}

/** A header with formula-like names gets re-rendered; the rest of the file is untouched. */
function safeHeader(table: CsvTable) {
  const count = table.header.filter(isFormulaLike).length;
  if (count === 0) return null;
  const separator = table.delimiter;
  const rendered = table.header
    .map((name) => renderField(neutraliseCell(name), false, separator.charCodeAt(0)))
    .join(separator);
  // The header's text ends at `headerEnd`; its bytes end at the UTF-8 length of that text.
  const headerBytes = utf8Length(table.textOf(0, table.headerEnd));
  const prefix = new TextEncoder().encode((table.hasBom ? "\uFEFF" : "") + rendered);
  return {
    count,
    replaceIn(body: Uint8Array): Uint8Array {
      const out = new Uint8Array(prefix.length + body.length - headerBytes);
      out.set(prefix, 0);
      out.set(body.subarray(headerBytes), prefix.length);
      return out;
    },
  };
}
