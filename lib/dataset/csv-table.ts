import { asciiText } from "./ascii";
import type { Delimiter } from "./csv-dialect";
import {
  buildDictionary,
  type ColumnDictionary,
  completeScannedDictionary,
} from "./csv-dictionary";
import { CsvError } from "./csv-error";
import { countBelow, findLineBreaks, unquote } from "./csv-header";
import {
  buildKeyIndex,
  checkEqualHashPairs,
  checkKeysUnique,
  completeKeyHashes,
  hashKeys,
  hashRange,
  type KeyIndex,
  type ScannedKeys,
} from "./csv-keys";
import type { ScannedDictionary } from "./csv-scan";
import { InternedText } from "./interned-text";
import type { MoneyStyle } from "./money";
import type { WrittenStyle } from "./written-style";

/**
 * The parsed table (csv.ts parses): field offsets in typed arrays over the decoded text, cells
 * made on demand, the key column checked and indexed, columns dictionary-encoded on request.
 */

// Character codes as module constants rather than imports: compiled to CommonJS (and in bundler
// runtimes) an imported binding is read through a getter, which in a per-row loop costs more
// than the comparison it feeds.
const QUOTE = 34;
const BOM = 0xfeff;

/** A key column's uniqueness check running on another thread (`CsvTable.setKeyColumn`). */
export interface PendingKeyCheck {
  /**
   * The pairs of rows whose key hashes are equal (`equalHashPairs`), null for too many to list;
   * blocks until known. Undefined when the other thread failed: the table checks the keys itself.
   */
  result(): Int32Array | null | undefined;
}

/** A parsed CSV file. Build it with `parseCsv`. */
export class CsvTable {
  /** The file exactly as given. */
  readonly bytes: Uint8Array;
  /**
   * The file as the table reads it, decoded when first asked for when the file is ASCII (read a
   * cell with `textOf` and `codeAt` instead, which need no whole text).
   */
  private decoded: string | null;
  /** The file decoded as UTF-8, exactly, when the table reads other text (`text`). */
  private readonly decodedFile: string | null;
  /** Columns whose numbers the file writes with a decimal comma (`decimal-comma.ts`). */
  readonly decimalCommaColumns: ReadonlySet<number>;
  /**
   * Columns of amounts with a currency sign, and how each writes them (`money.ts`): `text` holds
   * their plain numbers, right-aligned in the cell's width, and `cell` gives them trimmed.
   */
  readonly moneyColumns: ReadonlyMap<number, MoneyStyle>;
  /** True when every byte is ASCII (besides a BOM): then a text offset maps to a byte offset. */
  readonly ascii: boolean;
  readonly hasBom: boolean;
  /** The field separator the file uses: changed cells are written with it in mind. */
  readonly delimiter: Delimiter;
  /** Column names from the header, trimmed. */
  readonly header: readonly string[];
  readonly columnCount: number;
  readonly rowCount: number;
  /** Text offset where each field starts, row-major (`row * columnCount + col`), quotes included. */
  readonly fieldStart: Int32Array;
  /** Text offset just after each row's last field, before its line break. */
  readonly rowEnd: Int32Array;
  /** Text offset just after the header's last field. */
  readonly headerEnd: number;

  private keyIndexColumn = -1;
  private keys: KeyIndex | null = null;
  /** The key column's hash by row, kept from the uniqueness check for the first `rowOfKey`. */
  private keyHashes: Int32Array | null = null;
  /** A check that the key column's values are unique, still running on another thread. */
  private keyCheck: { col: number; hashes: Int32Array; pending: PendingKeyCheck } | null = null;
  /** Key hashes the parse took on its way; used once, by the first key index built. */
  private scannedKeys: ScannedKeys | null;
  private readonly columnCache = new Map<number, string[]>();
  /** Short texts of an ASCII file's cells, by column (`InternedText`); none for the key's. */
  private readonly interned: Array<InternedText | undefined> = [];
  private lineBreaks: Int32Array | null = null;
  /** Dictionaries built so far, by column, with the limit each was built for. */
  private readonly dictionaries = new Map<
    number,
    { limit: number; dictionary: ColumnDictionary | null }
  >();
  /** The dictionary the parse's scan encoded, completed on first use. */
  private scannedDictionary: { limit: number; scanned: ScannedDictionary } | null;

  /** @internal Use `parseCsv`. */
  constructor(parts: {
    bytes: Uint8Array;
    /** Null for an ASCII file read as written: its bytes are its text. */
    text: string | null;
    fileText?: string;
    decimalCommaColumns?: readonly number[];
    moneyColumns?: ReadonlyMap<number, MoneyStyle>;
    delimiter?: Delimiter;
    header: string[];
    fieldStart: Int32Array;
    rowEnd: Int32Array;
    rowCount: number;
    headerEnd: number;
    scannedKeys?: ScannedKeys;
    scannedDictionary?: { limit: number; scanned: ScannedDictionary };
  }) {
    this.bytes = parts.bytes;
    this.decoded = parts.text;
    this.decodedFile = parts.fileText === parts.text ? null : (parts.fileText ?? null);
    this.decimalCommaColumns = new Set(parts.decimalCommaColumns ?? []);
    this.moneyColumns = parts.moneyColumns ?? new Map();
    this.hasBom = parts.text?.charCodeAt(0) === BOM;
    this.ascii =
      parts.text === null || parts.text.length === parts.bytes.length - (this.hasBom ? 2 : 0);
    this.delimiter = parts.delimiter ?? ",";
    this.header = parts.header;
    this.columnCount = parts.header.length;
    this.rowCount = parts.rowCount;
    this.fieldStart = parts.fieldStart;
    this.rowEnd = parts.rowEnd;
    this.headerEnd = parts.headerEnd;
    this.scannedKeys = parts.scannedKeys ?? null;
    this.scannedDictionary = parts.scannedDictionary ?? null;
  }

  /**
   * The file decoded as UTF-8 as the table reads it: a BOM stays in it as U+FEFF, and decimal
   * commas in `decimalCommaColumns` read as points (same length, so offsets are the file's).
   */
  get text(): string {
    this.decoded ??= asciiText(this.bytes, 0, this.bytes.length);
    return this.decoded;
  }

  /** The file decoded as UTF-8, exactly: it encodes back to `bytes`. */
  get fileText(): string {
    return this.decodedFile ?? this.text;
  }

  /** The text if it has been decoded; null while an ASCII file's text is read from its bytes. */
  get decodedText(): string | null {
    return this.decoded;
  }

  /** The character code at a text offset. */
  codeAt(offset: number): number {
    const text = this.decoded;
    return text === null ? this.bytes[offset] : text.charCodeAt(offset);
  }

  /** The text between two offsets. */
  textOf(start: number, end: number): string {
    const text = this.decoded;
    return text === null ? asciiText(this.bytes, start, end) : text.slice(start, end);
  }

  /** Whether the text between two offsets is `value`, without making a string of it. */
  textEquals(start: number, end: number, value: string): boolean {
    if (value.length !== end - start) return false;
    const text = this.decoded;
    if (text !== null) return text.startsWith(value, start);
    for (let at = 0; at < value.length; at++) {
      if (this.bytes[start + at] !== value.charCodeAt(at)) return false;
    }
    return true;
  }

  /** Whether the text at two offsets is the same for `length` characters. */
  sameText(a: number, b: number, length: number): boolean {
    const text = this.decoded;
    if (text !== null) {
      for (let k = 0; k < length; k++)
        if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
      return true;
    }
    const { bytes } = this;
    for (let k = 0; k < length; k++) if (bytes[a + k] !== bytes[b + k]) return false;
    return true;
  }

  /**
   * FNV-1a over the character codes between two offsets, with whether they are all spaces and
   * tabs (or none) in `blank[0]`: how key, dictionary and profile hashes are taken.
   */
  hashText(start: number, end: number, blank?: Uint8Array): number {
    let hash = 0x811c9dc5 | 0;
    let spaces = 1;
    const text = this.decoded;
    if (text !== null) {
      for (let k = start; k < end; k++) {
        const c = text.charCodeAt(k);
        if (c !== 32 && c !== 9) spaces = 0;
        hash = Math.imul(hash ^ c, 0x01000193);
      }
    } else {
      const { bytes } = this;
      for (let k = start; k < end; k++) {
        const c = bytes[k];
        if (c !== 32 && c !== 9) spaces = 0;
        hash = Math.imul(hash ^ c, 0x01000193);
      }
    }
    if (blank) blank[0] = spaces;
    return hash;
  }

  /**
   * The column's values as codes into its distinct values, or null when it has more than
   * `limit` of them. Built once per column and limit (from the parse's scan when it encoded the
   * column) and kept for the life of the table, which later runs on the same version share.
   */
  dictionary(col: number, limit: number): ColumnDictionary | null {
    const known = this.dictionaries.get(col);
    if (known?.limit === limit) return known.dictionary;
    const scan = this.scannedDictionary;
    const scanned = scan?.limit === limit && scan.scanned.field === col ? scan.scanned : null;
    const dictionary = scanned
      ? completeScannedDictionary(this, scanned, limit)
      : buildDictionary(this, col, limit);
    this.dictionaries.set(col, { limit, dictionary });
    return dictionary;
  }

  /**
   * Bytes this table holds now, counted from what it holds rather than from its file: the file,
   * its decoded text (one byte a character when ASCII, two otherwise, as V8 stores strings), the
   * field offsets, and whatever lookups have been built on it since (key index, dictionaries,
   * decoded columns, line breaks). It grows as runs use the table, so caches ask again.
   */
  memoryBytes(): number {
    const charBytes = this.ascii ? 1 : 2;
    let total = this.bytes.byteLength + (this.decoded?.length ?? 0) * charBytes;
    total += (this.decodedFile?.length ?? 0) * charBytes;
    total += this.fieldStart.byteLength + this.rowEnd.byteLength;
    total += this.lineBreaks?.byteLength ?? 0;
    total += this.keyHashes?.byteLength ?? 0;
    total += this.scannedKeys?.hashes.byteLength ?? 0;
    if (this.keys) {
      total += this.keys.hashes.byteLength + this.keys.rows.byteLength;
      total += this.keys.groupStart.byteLength;
    }
    for (const { dictionary } of this.dictionaries.values()) {
      if (dictionary) total += dictionary.codes.byteLength + stringsBytes(dictionary.values);
    }
    for (const values of this.columnCache.values()) total += stringsBytes(values);
    for (const interned of this.interned) total += interned?.memoryBytes ?? 0;
    return total;
  }

  /** Index of a column by (trimmed) name, or -1. */
  columnIndex(name: string): number {
    return this.header.indexOf(name);
  }

  /** Text offset of a cell's first character (its opening quote when quoted). */
  cellStart(row: number, col: number): number {
    return this.fieldStart[row * this.columnCount + col];
  }

  /**
   * Reads the offsets and first characters of the cells of `col` and of the key column in
   * rows[from..to), so that the processor fetches them together (`WorkingCells.readAhead`).
   * Answers a value of no meaning, for the caller to keep so that the reads are not dropped.
   */
  touchRows(rows: ArrayLike<number>, from: number, to: number, col: number): number {
    const { fieldStart, bytes, columnCount: width } = this;
    const text = this.decoded;
    const key = Math.max(this.keyIndexColumn, 0);
    let seen = 0;
    for (let k = from; k < to; k++) {
      const at = rows[k] * width;
      const cell = fieldStart[at + col];
      const keyCell = fieldStart[at + key];
      seen ^=
        text === null
          ? bytes[cell] ^ bytes[keyCell]
          : text.charCodeAt(cell) ^ text.charCodeAt(keyCell);
    }
    return seen;
  }

  /** Text offset just after a cell's last character (its closing quote when quoted). */
  cellEnd(row: number, col: number): number {
    return col === this.columnCount - 1
      ? this.rowEnd[row]
      : this.fieldStart[row * this.columnCount + col + 1] - 1;
  }

  isQuoted(row: number, col: number): boolean {
    return this.codeAt(this.cellStart(row, col)) === QUOTE;
  }

  /** The cell exactly as written in the file, quotes and escapes included. */
  rawCell(row: number, col: number): string {
    return this.textOf(this.cellStart(row, col), this.cellEnd(row, col));
  }

  /** The cell's value: quotes removed, `""` unescaped, nothing trimmed. */
  cell(row: number, col: number): string {
    const cached = this.columnCache.size > 0 ? this.columnCache.get(col) : undefined;
    if (cached) return cached[row];
    const start = this.cellStart(row, col);
    const end = this.cellEnd(row, col);
    // An ASCII file read from its bytes (so with no amounts to rewrite): a short value is made
    // once per column. Keys are all different, so they are not kept.
    if (this.decoded === null && this.bytes[start] !== QUOTE && col !== this.keyIndexColumn) {
      return this.internedText(col).text(start, end);
    }
    const value =
      this.codeAt(start) === QUOTE
        ? unquote(this.textOf(start, end), 0, end - start)
        : this.textOf(start, end);
    return this.moneyColumns.size > 0 && this.moneyColumns.has(col) ? value.trim() : value;
  }

  private internedText(col: number): InternedText {
    let interned = this.interned[col];
    if (!interned) {
      interned = new InternedText(this.bytes);
      this.interned[col] = interned;
    }
    return interned;
  }

  /** Whether a cell's value is `value`, without decoding an unquoted cell. */
  cellEquals(row: number, col: number, value: string): boolean {
    const start = this.cellStart(row, col);
    if (this.codeAt(start) === QUOTE || this.moneyColumns.has(col)) {
      return this.cell(row, col) === value;
    }
    return this.textEquals(start, this.cellEnd(row, col), value);
  }

  /** Every value of a column, decoded once and cached for the life of the table. */
  column(col: number): readonly string[] {
    let values = this.columnCache.get(col);
    if (!values) {
      values = this.decodeColumn(col);
      this.columnCache.set(col, values);
    }
    return values;
  }

  /** Every value of a column without caching it (profiling reads each column once). */
  decodeColumn(col: number): string[] {
    const cached = this.columnCache.get(col);
    if (cached) return cached;
    const { fieldStart, rowEnd, columnCount: width, rowCount } = this;
    const values = new Array<string>(rowCount);
    const last = col === width - 1;
    for (let row = 0, at = col; row < rowCount; row++, at += width) {
      const start = fieldStart[at];
      const end = last ? rowEnd[row] : fieldStart[at + 1] - 1;
      const raw = this.textOf(start, end);
      values[row] = raw.charCodeAt(0) === QUOTE ? unquote(raw, 0, raw.length) : raw;
    }
    if (this.moneyColumns.has(col))
      for (let row = 0; row < rowCount; row++) values[row] = values[row].trim();
    return values;
  }

  /** How each column that does not write plain numbers writes them, by name. */
  writtenStyles(): Record<string, WrittenStyle> {
    const styles: Record<string, WrittenStyle> = {};
    for (const col of this.decimalCommaColumns) styles[this.header[col]] = { decimalComma: true };
    for (const [col, money] of this.moneyColumns) styles[this.header[col]] = { money };
    return styles;
  }

  /** Name of the key column, or undefined when the table was parsed without one. */
  get keyColumn(): string | undefined {
    return this.keyIndexColumn < 0 ? undefined : this.header[this.keyIndexColumn];
  }

  /** Index of the key column, or -1. */
  get keyColumnIndex(): number {
    return this.keyIndexColumn;
  }

  /**
   * Makes `name` the key column: every value must be non-empty and unique. Throws a CsvError
   * naming the lines otherwise. `knownUnique` skips the check for a column already counted
   * (profiling does). `checkAside` may take the uniqueness check to another thread, to be
   * settled by `settleKeyCheck` (the index `rowOfKey` reads settles it too). The index is built on
   * the first `rowOfKey`.
   */
  setKeyColumn(
    name: string,
    options: {
      knownUnique?: boolean;
      checkAside?: (hashes: Int32Array) => PendingKeyCheck | null;
    } = {},
  ): void {
    this.settleKeyCheck();
    const col = this.columnIndex(name);
    if (col < 0) {
      throw new CsvError(
        "unknown_key_column",
        `The key column '${name}' is not in the header (${this.header.join(", ")}).`,
      );
    }
    if (col === this.keyIndexColumn) return;
    this.keys = null;
    this.keyHashes = null;
    if (!options.knownUnique) {
      const hashes = this.hashKeyColumn(col);
      const pending = options.checkAside?.(hashes) ?? null;
      if (pending) this.keyCheck = { col, hashes, pending };
      else checkKeysUnique(this, col, hashes);
      this.keyHashes = hashes;
    }
    this.keyIndexColumn = col;
  }

  /**
   * Waits for a uniqueness check of the key column running on another thread, if there is one;
   * throws a CsvError for a repeated key (and the table then has no key column).
   */
  settleKeyCheck(): void {
    const check = this.keyCheck;
    if (!check) return;
    this.keyCheck = null;
    try {
      const pairs = check.pending.result();
      if (pairs === undefined) checkKeysUnique(this, check.col, check.hashes);
      else checkEqualHashPairs(this, check.col, pairs);
    } catch (error) {
      this.keyIndexColumn = -1;
      this.keyHashes = null;
      throw error;
    }
  }

  /** The key of a row. Requires a key column. */
  rowKey(row: number): string {
    if (this.keyIndexColumn < 0) throw new Error("The table has no key column; call setKeyColumn.");
    return this.cell(row, this.keyIndexColumn);
  }

  /** The row with this key, or -1. Requires a key column. */
  rowOfKey(key: string): number {
    if (this.keyIndexColumn < 0) throw new Error("The table has no key column; call setKeyColumn.");
    this.settleKeyCheck();
    if (!this.keys) {
      this.keys = buildKeyIndex(this.keyHashes ?? this.hashKeyColumn(this.keyIndexColumn));
      this.keyHashes = null;
    }
    const { hashes, rows, groupStart, shift } = this.keys;
    const hash = hashRange(key, 0, key.length) | 0;
    const group = hash >>> shift;
    for (let at = groupStart[group]; at < groupStart[group + 1]; at++) {
      if (hashes[at] === hash && this.cell(rows[at], this.keyIndexColumn) === key) return rows[at];
    }
    return -1;
  }

  /** The hash of every key cell's value, by row (throws on the first empty key). */
  private hashKeyColumn(col: number): Int32Array {
    const scanned = this.scannedKeys?.field === col ? this.scannedKeys : null;
    this.scannedKeys = null;
    return scanned ? completeKeyHashes(this, col, scanned) : hashKeys(this, col);
  }

  /** Key → row for every row, for callers that want a plain Map. Built on each call. */
  keyIndex(): Map<string, number> {
    this.settleKeyCheck();
    const keys = new Map<string, number>();
    for (let row = 0; row < this.rowCount; row++) keys.set(this.rowKey(row), row);
    return keys;
  }

  /** 1-based physical line of the file a row starts on. */
  lineOfRow(row: number): number {
    return this.lineAt(this.fieldStart[row * this.columnCount]);
  }

  /** 1-based physical line of a text offset. */
  lineAt(offset: number): number {
    this.lineBreaks ??= findLineBreaks(this.text);
    return 1 + countBelow(this.lineBreaks, offset);
  }
}

/** An array of strings: a pointer per slot and each string's header and characters. */
function stringsBytes(values: readonly string[]): number {
  let total = values.length * 8;
  for (const value of values) total += 16 + value.length;
  return total;
}
