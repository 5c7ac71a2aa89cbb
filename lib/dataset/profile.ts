import { CsvError, type CsvTable } from "./csv";
import type { PendingKeyCheck } from "./csv-table";
import { scanDistinct } from "./distinct";
import { plainNumberType } from "./plain-number-type";
import { type ColumnRole, mapShorthand, normalizeColumnName } from "./shorthand";
import type { BooleanStyle, ColumnProfile, ColumnType, DatasetProfile } from "./types";
import {
  booleanStyleOf,
  hasLeadingZero,
  isIntegerText,
  isIsoDate,
  isNumberText,
  parseBooleanText,
} from "./values";

export { normalizeColumnName, SHORTHAND_SYNONYMS, SHORTHAND_TYPES } from "./shorthand";

/**
 * What Signoff knows about a table's columns: types, key column, the
 * values of category-like columns, and where the seed shorthand lands.
 *
 * Typing reads each distinct value once. A column is boolean when every non-empty value is
 * true/false or yes/no in any case, or 1/0 when its name says it is a flag (`in_stock`,
 * `is_active`…); integer when every value is whole digits; number when every value is a decimal;
 * date when every value is an ISO date; text otherwise. Digits with a leading zero ("007") make
 * a column text, since they are codes, not quantities.
 */

/** A column lists its distinct values when it has at most this many… */
const LOW_CARDINALITY_MAX = 50;
/** …and they are at most this share of its non-empty cells (so ids and prices never qualify). */
const LOW_CARDINALITY_SHARE = 0.5;
const SAMPLE_ROWS = 5;

export interface ProfileOptions {
  /** The user's key column; it must be unique and non-empty. Picked automatically when absent. */
  keyColumn?: string;
  /** The user's picks for shorthand roles, e.g. `{ price: "sale_price" }`. */
  shorthand?: Partial<Record<ColumnRole, string>>;
  /**
   * Lets another thread check that the key's values are unique (`CsvTable.setKeyColumn`'s
   * `checkAside`); `profileDatasetOnDemand` profiles the shorthand's columns meanwhile.
   */
  checkKeysAside?: (hashes: Int32Array) => PendingKeyCheck | null;
}

/**
 * Profiles a parsed table. Makes the key column the table's key (`table.setKeyColumn`). Throws a
 * CsvError when the chosen key is not unique and non-empty, or when no column could be a key.
 */
export function profileDataset(table: CsvTable, options: ProfileOptions = {}): DatasetProfile {
  const columns: ColumnProfile[] = [];
  const unique: boolean[] = [];
  for (let col = 0; col < table.columnCount; col++) {
    const profiled = profileColumn(table, col);
    columns.push(profiled.profile);
    unique.push(profiled.unique);
  }

  const keyColumn = options.keyColumn ?? pickKeyColumn(columns, unique);
  if (keyColumn === undefined) throw noKeyColumn();
  // Verifies a user's choice, with the lines of any duplicate; a picked key is already known unique.
  table.setKeyColumn(keyColumn, { knownUnique: options.keyColumn === undefined });
  return profileOf(table, columns, keyColumn, options);
}

/**
 * `profileDataset`'s profile, with each column's figures worked out when something first reads
 * them. A run that names two columns of seven then scans two (on a million rows, counting the
 * distinct values of every column costs about half a second, as long as the run itself). The key
 * is picked as `profileDataset` picks it, by asking the table's key index whether a column is
 * unique and filled in, best-named first, instead of from every column's figures. The columns
 * are objects with getters: they read, spread and serialise as plain profiles.
 */
export function profileDatasetOnDemand(
  table: CsvTable,
  options: ProfileOptions = {},
): DatasetProfile {
  const columns = table.header.map((_, col) => columnOnDemand(table, col));
  const keyColumn = options.keyColumn ?? likelyKeyColumn(table.header);
  if (keyColumn === undefined) throw noKeyColumn();
  try {
    table.setKeyColumn(keyColumn, { checkAside: options.checkKeysAside });
    // While another thread may be checking the key: the columns the shorthand lands on, whose
    // types it reads (a run reads them too).
    mapShorthand(columns, keyColumn, options.shorthand);
    table.settleKeyCheck();
  } catch (error) {
    // A user's key must be the key; a picked one gives way to the next best unique column.
    if (options.keyColumn !== undefined || !(error instanceof CsvError)) throw error;
    const other = firstUniqueByPreference(table, keyColumn);
    if (other === undefined) throw noKeyColumn();
    return profileOf(table, columns, other, options);
  }
  return profileOf(table, columns, keyColumn, options);
}

function profileOf(
  table: CsvTable,
  columns: ColumnProfile[],
  keyColumn: string,
  options: ProfileOptions,
): DatasetProfile {
  return {
    columns,
    rowCount: table.rowCount,
    keyColumn,
    ...mapShorthand(columns, keyColumn, options.shorthand),
    sampleRows: sampleRowsOf(table),
  };
}

function noKeyColumn(): CsvError {
  return new CsvError(
    "no_key_column",
    "No column has a unique, non-empty value on every row. Add an id column, or choose a key column.",
  );
}

/** Every figure of a column but its name and index (which are known without a scan). */
const FIGURES = [
  "type",
  "emptyCount",
  "distinctCount",
  "distinctValues",
  "min",
  "max",
  "booleanStyle",
  "decimals",
  "scale",
] as const satisfies ReadonlyArray<keyof ColumnProfile>;
// A figure added to ColumnProfile but not to FIGURES would read as undefined: refuse to compile.
const everyFigureListed: Exclude<
  keyof ColumnProfile,
  "name" | "index" | (typeof FIGURES)[number]
> extends never
  ? true
  : never = true;
void everyFigureListed;

function columnOnDemand(table: CsvTable, col: number): ColumnProfile {
  let profiled: ColumnProfile | undefined;
  const full = () => {
    profiled ??= profileColumn(table, col).profile;
    return profiled;
  };
  // A column of plain numbers has its type read without the full scan, until something else is
  // read; the two agree (`plainNumberType`).
  let quickType: ColumnType | null | undefined;
  const type = () => {
    if (profiled) return profiled.type;
    quickType ??= plainNumberType(table, col) ?? null;
    return quickType ?? full().type;
  };
  const column = { name: table.header[col], index: col } as ColumnProfile;
  for (const figure of FIGURES) {
    Object.defineProperty(column, figure, {
      enumerable: true,
      get: figure === "type" ? type : () => full()[figure],
    });
  }
  return column;
}

/**
 * `pickKeyColumn`'s choice without profiling: the best-preferred column (the leftmost among
 * equals) whose values the table finds unique and filled in.
 */
function firstUniqueByPreference(table: CsvTable, tried: string): string | undefined {
  for (const name of byKeyPreference(table.header)) {
    if (name === tried) continue;
    try {
      table.setKeyColumn(name);
      return name;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
    }
  }
  return undefined;
}

/** Column names, best-named key first (the leftmost among equals). */
function byKeyPreference(header: readonly string[]): string[] {
  return header
    .map((name, col) => ({ name, col, preference: keyPreference(name) }))
    .sort((a, b) => b.preference - a.preference || a.col - b.col)
    .map(({ name }) => name);
}

/**
 * The column `profileDatasetOnDemand` tries first as the key, from the header alone: a parse
 * can hash its values on the way (`ParseCsvOptions.likelyKeyColumn`).
 */
export function likelyKeyColumn(header: readonly string[]): string | undefined {
  return byKeyPreference(header)[0];
}

function sampleRowsOf(table: CsvTable): string[][] {
  const sampleRows: string[][] = [];
  for (let row = 0; row < Math.min(SAMPLE_ROWS, table.rowCount); row++) {
    sampleRows.push(table.header.map((_, col) => table.cell(row, col)));
  }
  return sampleRows;
}

/**
 * The profile of a table that differs from the one `previous` describes only in the cells of
 * `changedColumns` (what an execution produces): the other columns' profiles carry over and only
 * the changed columns are scanned. When the header, the row count or the key column changed, the
 * whole table is profiled again. Makes the key column the table's key, as `profileDataset` does.
 */
export function reprofileChangedColumns(
  table: CsvTable,
  previous: DatasetProfile,
  changedColumns: Iterable<string>,
): DatasetProfile {
  const changed = new Set(changedColumns);
  const sameShape =
    table.rowCount === previous.rowCount &&
    table.columnCount === previous.columns.length &&
    previous.columns.every(
      (column, col) => column.index === col && column.name === table.header[col],
    ) &&
    !changed.has(previous.keyColumn);
  if (!sameShape) {
    const profile = profileDataset(table, { keyColumn: previous.keyColumn });
    return {
      ...profile,
      shorthand: previous.shorthand,
      ambiguousShorthand: previous.ambiguousShorthand,
      ...(previous.delimiter ? { delimiter: previous.delimiter } : {}),
    };
  }
  // The key column's cells are as they were: still unique and non-empty.
  table.setKeyColumn(previous.keyColumn, { knownUnique: true });
  const columns = previous.columns.map((column, col) =>
    changed.has(column.name) ? profileColumn(table, col).profile : column,
  );
  return { ...previous, columns, sampleRows: sampleRowsOf(table) };
}

/** Key preference: `sku`, then `id`, then `…_id`, then `code`/`…_code`, then any other. */
function keyPreference(name: string): number {
  const n = normalizeColumnName(name);
  if (n === "sku") return 5;
  if (n === "id") return 4;
  if (n.endsWith("_id") || /[a-z]Id$/.test(name.trim())) return 3;
  if (n === "code" || n.endsWith("_code")) return 2;
  return 1;
}

function pickKeyColumn(columns: ColumnProfile[], unique: boolean[]): string | undefined {
  let best: ColumnProfile | undefined;
  for (const column of columns) {
    if (!unique[column.index]) continue;
    if (!best || keyPreference(column.name) > keyPreference(best.name)) best = column;
  }
  return best?.name;
}

function profileColumn(table: CsvTable, col: number): { profile: ColumnProfile; unique: boolean } {
  const name = table.header[col];
  const scan = scanDistinct(table, col);
  const value = (i: number) => table.cell(scan.firstRow[i], col);
  const type = columnType(name, scan.distinct, value);
  const profile: ColumnProfile = {
    name,
    index: col,
    type,
    emptyCount: scan.empty,
    distinctCount: scan.distinct,
  };

  const nonEmpty = table.rowCount - scan.empty;
  const lowCardinality =
    scan.distinct > 0 &&
    (type === "boolean" ||
      (scan.distinct <= LOW_CARDINALITY_MAX && scan.distinct <= nonEmpty * LOW_CARDINALITY_SHARE));
  const counts = () => {
    const byValue = new Map<string, number>();
    for (let i = 0; i < scan.distinct; i++) byValue.set(value(i), scan.count[i]);
    return byValue;
  };
  if (lowCardinality) profile.distinctValues = sortValues([...counts().keys()], type);

  if ((type === "number" || type === "integer" || type === "date") && scan.distinct > 0) {
    let min = value(0);
    let max = min;
    for (let i = 1; i < scan.distinct; i++) {
      const v = value(i);
      if (compareTyped(v, min, type) < 0) min = v;
      if (compareTyped(v, max, type) > 0) max = v;
    }
    profile.min = min;
    profile.max = max;
  }
  if (type === "number") {
    profile.decimals = commonDecimals(counts());
    profile.scale = mostDecimals(counts());
  }
  if (type === "boolean") profile.booleanStyle = commonStyle(counts());

  return { profile, unique: scan.empty === 0 && scan.distinct === table.rowCount };
}

const FLAG_NAME =
  /^(?:is_|has_|can_)|(?:^|_)(?:in_stock|instock|stock|active|available|enabled|flag|visible|published)$/;

/** The type every distinct value fits; checks stop at the first value that does not fit. */
function columnType(name: string, distinct: number, value: (i: number) => string): ColumnType {
  if (distinct === 0) return "text";
  const every = (test: (v: string) => boolean) => {
    for (let i = 0; i < distinct; i++) if (!test(value(i))) return false;
    return true;
  };
  if (every((v) => parseBooleanText(v) !== undefined)) {
    const onlyDigits = every((v) => v.trim() === "0" || v.trim() === "1");
    if (!onlyDigits || FLAG_NAME.test(normalizeColumnName(name))) return "boolean";
  }
  if (every(isNumberText)) {
    if (!every((v) => !hasLeadingZero(v))) return "text"; // "007" is a code, not a number
    return every(isIntegerText) ? "integer" : "number";
  }
  if (every(isIsoDate)) return "date";
  return "text";
}

function compareTyped(a: string, b: string, type: ColumnType): number {
  if (type === "number" || type === "integer") return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortValues(values: string[], type: ColumnType): string[] {
  const sorted = [...values];
  if (type === "number" || type === "integer") sorted.sort((a, b) => Number(a) - Number(b));
  else sorted.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted;
}

/** The most decimals any value has: the precision a result in this column keeps. */
function mostDecimals(counts: Map<string, number>): number {
  let most = 0;
  for (const value of counts.keys()) most = Math.max(most, decimalsIn(value));
  return most;
}

function decimalsIn(value: string): number {
  const mantissa = value.trim().split(/[eE]/)[0];
  const dot = mantissa.indexOf(".");
  return dot < 0 ? 0 : mantissa.length - dot - 1;
}

/** The most common count of decimals, weighted by rows; ties go to the larger count. */
function commonDecimals(counts: Map<string, number>): number {
  const byDecimals = new Map<number, number>();
  for (const [value, count] of counts) {
    const decimals = decimalsIn(value);
    byDecimals.set(decimals, (byDecimals.get(decimals) ?? 0) + count);
  }
  let best = 0;
  let bestCount = -1;
  for (const [decimals, count] of byDecimals) {
    if (count > bestCount || (count === bestCount && decimals > best)) {
      best = decimals;
      bestCount = count;
    }
  }
  return best;
}

/** The most common spelling style, weighted by rows; ties go to the first style met. */
function commonStyle(counts: Map<string, number>): BooleanStyle {
  const byStyle = new Map<BooleanStyle, number>();
  for (const [value, count] of counts) {
    const style = booleanStyleOf(value);
    if (style) byStyle.set(style, (byStyle.get(style) ?? 0) + count);
  }
  let best: BooleanStyle = "true/false";
  let bestCount = -1;
  for (const [style, count] of byStyle) {
    if (count > bestCount) {
      best = style;
      bestCount = count;
    }
  }
  return best;
}
