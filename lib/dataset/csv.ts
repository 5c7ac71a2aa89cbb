/**
 * RFC 4180 CSV, read once and written back byte for byte.
 *
 * `parseCsv` decodes the file as UTF-8 and scans it once, recording where every field starts in
 * typed arrays; cell strings are only made when someone asks for them (`cell`, `column`). The
 * table keeps the decoded text and the original bytes, so `serializeWithChanges` copies every
 * unchanged row and cell exactly as it came (quoting, number formatting, line endings, BOM) and
 * re-renders only the cells that changed.
 *
 * Offsets index the decoded text (UTF-16 code units). Because the file must be valid UTF-8, the
 * text encodes back to the very same bytes; when the file is pure ASCII (the common case) text
 * offsets and byte offsets coincide, the rows are scanned in the bytes, the text is only decoded
 * when a caller asks for all of it, and serialising copies byte ranges directly.
 *
 * What the parser accepts: fields separated by commas; records ended by CRLF, LF or a lone CR
 * (mixed endings are fine); quoted fields with `""` for a quote and embedded line breaks; an
 * optional UTF-8 BOM; an optional final line break. Blank lines are skipped (they stay in the
 * bytes). A quote inside an unquoted field is taken literally (`5" screen`), but a closing quote
 * must be followed by a comma or a line break. Header names are trimmed; they must be non-empty
 * and unique.
 *
 * No `node:` imports: this module also runs in the browser.
 */

import { asciiText, isAscii } from "./ascii";
import { DELIMITER_SAMPLE_CHARS, type Delimiter, detectDelimiter } from "./csv-dialect";
import { CsvError } from "./csv-error";
import {
  fieldValue,
  type HeaderRead,
  lineOfText,
  readHeader,
  textAfterQuote,
  unterminatedQuote,
} from "./csv-header";
import type { ScannedKeys } from "./csv-keys";
import {
  appendRowScan,
  type RowScan,
  type ScanProblem,
  type ScanTask,
  type ScanViews,
  scanRows,
  sharedScanViews,
  skipEmptyLines,
} from "./csv-scan";
import { scanRowBytes, skipEmptyByteLines } from "./csv-scan-bytes";
import { CsvTable, type PendingKeyCheck } from "./csv-table";
import { firstInvalidUtf8, lineOfByte } from "./csv-utf8";
import { decimalCommaColumns, SAMPLE_ROWS, withDecimalPoints } from "./decimal-comma";
import { moneyColumns, withPlainAmounts } from "./money";

export type { ColumnDictionary } from "./csv-dictionary";
export { CsvError, type CsvErrorCode } from "./csv-error";
export {
  type CellEdit,
  type ColumnEdits,
  renderField,
  serializeWithChanges,
  type WrittenChanges,
  type WrittenColumn,
  writeChanges,
} from "./csv-write";

/** A column to dictionary-encode during the scan, and the most distinct values to encode. */
export interface EncodeChoice {
  column: string;
  limit: number;
}

export interface ParseCsvOptions {
  /** The field separator; detected from the file when not given (`detectDelimiter`). */
  delimiter?: Delimiter;
  /** Column whose values identify rows. Checked at parse time: unique and non-empty. */
  keyColumn?: string;
  /**
   * Without a `keyColumn`: the column that will probably be the key, picked from the header. The
   * scan hashes its values on the way, so that making it the key later needs no pass of its own;
   * nothing is checked.
   */
  likelyKeyColumn?: (header: readonly string[]) => string | undefined;
  /** Scans the second half of a large ASCII file on another thread (see scan-worker.ts). */
  tailScanner?: TailScanner;
  /**
   * Lets the tail scanner check that the `keyColumn`'s values are unique while the caller goes
   * on, which must then call `CsvTable.settleKeyCheck` before trusting the keys (the dry run
   * does). Without it, the parse itself throws for a repeated key.
   */
  checkKeysAside?: boolean;
  /**
   * A column to dictionary-encode during the scan (`CsvTable.dictionary`), up to `limit` distinct
   * values: the column a plan's filters will read in full. An unknown name is ignored. Given as a
   * function, it is chosen from the header (by a caller that has not seen the file yet).
   */
  encode?: EncodeChoice | ((header: readonly string[]) => EncodeChoice | undefined);
}

/**
 * Runs `scanRowBytes` over the rows from a byte offset to the end of a file, on another thread,
 * while the parse scans the rows before it. The parse guesses that offset (the start of a line
 * near the middle) before it has read anything; the guess is only used when the rows before it
 * end exactly there, so a quoted line break at the guess cannot change the result.
 */
export interface TailScanner {
  /** Files smaller than this are scanned on one thread: handing work over costs about 10 ms. */
  readonly minBytes: number;
  /**
   * Starts scanning `bytes` from `from` (`scanRowBytes` with the same fields to hash and encode);
   * null when no thread is available.
   */
  start(
    bytes: Uint8Array,
    from: number,
    width: number,
    keyField: number,
    encode: ScanEncoding,
    delimiter: number,
    into?: ScanViews,
  ): PendingTailScan | null;
  /**
   * Starts listing the pairs of rows whose key hashes are equal (`equalHashPairs`); null when no
   * thread is available or the table is too small to gain from it.
   */
  checkKeys?(hashes: Int32Array): PendingKeyCheck | null;
}

/** The field a scan dictionary-encodes (-1 for none), and the most distinct values it may have. */
export interface ScanEncoding {
  field: number;
  limit: number;
}

export interface PendingTailScan {
  /**
   * The scan, with offsets of the whole file; blocks until it is done. Null when the other thread
   * failed or did not answer in time: the parse then scans those rows itself.
   */
  result(): RowScan | null;
  /** The scan is not needed after all. */
  cancel(): void;
}

const LF = 10;
const BOM = 0xfeff;

/** Parses CSV bytes. Throws a CsvError with the line of the first problem. */
export function parseCsv(bytes: Uint8Array, options: ParseCsvOptions = {}): CsvTable {
  // Started before decoding, so that the other thread's work overlaps it.
  const tail = startTailScan(bytes, options);
  try {
    // A file whose first characters are ASCII is taken to be ASCII, its own text, so that only
    // what the parse reads of it is decoded; the scan checks the rest of its bytes as it goes.
    const head = bytes.subarray(0, Math.min(bytes.length, HEAD_CHARS));
    if (isAscii(head)) {
      try {
        return parseText(new FileText(bytes, asciiText(head, 0, head.length), true), options, tail);
      } catch (error) {
        if (!(error instanceof NotAscii)) throw error;
      }
    }
    return parseText(new FileText(bytes, decodeUtf8(bytes), false), options, null);
  } finally {
    tail?.scan.cancel();
  }
}

/** The file has a byte above 0x7F past the first characters it was taken to be ASCII by. */
class NotAscii extends Error {}

/**
 * The file's text while it is parsed: all of it, or of an ASCII file its first `HEAD_CHARS`
 * until a step needs more. An ASCII file's offsets are its bytes' offsets. Text read past the
 * first characters of a file taken to be ASCII is checked first (`NotAscii`).
 */
class FileText {
  constructor(
    readonly bytes: Uint8Array,
    private known: string,
    readonly ascii: boolean,
  ) {}

  /** The text from the start, at least as far as `end` (or the whole file). */
  upTo(end: number): string {
    if (this.known.length >= Math.min(end, this.length)) return this.known;
    const to = Math.min(end, this.length);
    if (!isAscii(this.bytes.subarray(this.known.length, to))) throw new NotAscii();
    return asciiText(this.bytes, 0, to);
  }

  whole(): string {
    if (this.known.length < this.length) this.known = this.upTo(this.length);
    return this.known;
  }

  get length(): number {
    return this.ascii ? this.bytes.length : this.known.length;
  }
}

/** Characters of an ASCII file decoded to find its header and separator. */
const HEAD_CHARS = 131_072;

function parseText(source: FileText, options: ParseCsvOptions, tail: TailScan | null): CsvTable {
  const { bytes } = source;
  const { pos, delimiter, header } = readStart(source, options);
  const separator = delimiter.charCodeAt(0);
  const width = header.names.length;
  const keyField = keyFieldOf(header.names, options);
  const encode = scanEncoding(header.names, options);
  // Only in a pure ASCII file (which has no BOM) are text offsets byte offsets, which the other
  // thread's scan of the bytes reports.
  const rows = scanAll(
    source,
    source.ascii ? bytes : null,
    header.next,
    width,
    keyField,
    encode,
    separator,
    tail,
  );
  const keyAsWritten = options.keyColumn === undefined || keyField < 0 ? [] : [keyField];
  const sampled = Math.min(rows.rowCount, SAMPLE_ROWS);
  const sample = source.upTo(sampled === 0 ? pos : rows.rowEnd[sampled - 1]);
  const styles = numberStyles(sample, rows, width, delimiter, keyAsWritten);
  const { decimalColumns, money } = styles;
  const rewritten = decimalColumns.length > 0 || money.size > 0;
  // The scan's dictionary was taken of the text as written.
  let dictionary = rows.dictionary;
  if (dictionary && (decimalColumns.includes(dictionary.field) || money.has(dictionary.field))) {
    dictionary = null;
  }
  // A likely key read with decimal points or as plain numbers has other values than the scan
  // hashed.
  const scannedKeys: ScannedKeys | undefined =
    keyField < 0 || decimalColumns.includes(keyField) || money.has(keyField)
      ? undefined
      : { field: keyField, hashes: rows.keyHashes, unhashed: rows.unhashed };

  const lazy = source.ascii && !rewritten;
  const table = new CsvTable({
    bytes,
    text: lazy ? null : readNumbers(source.whole(), rows, width, styles),
    fileText: lazy ? undefined : source.whole(),
    decimalCommaColumns: decimalColumns,
    moneyColumns: money,
    delimiter,
    header: header.names,
    fieldStart: rows.fieldStart,
    rowEnd: rows.rowEnd,
    rowCount: rows.rowCount,
    headerEnd: header.end,
    scannedKeys,
    scannedDictionary: dictionary ? { limit: encode.limit, scanned: dictionary } : undefined,
  });
  if (header.names[width - 1] === "") checkUnnamedColumn(source.whole(), rows, width);
  if (options.keyColumn !== undefined) {
    const scanner = options.checkKeysAside ? options.tailScanner : undefined;
    table.setKeyColumn(options.keyColumn, {
      checkAside: scanner?.checkKeys && ((hashes) => scanner.checkKeys?.(hashes) ?? null),
    });
  }
  return table;
}

/**
 * Where the rows start, the separator and the header. Read in an ASCII file's first characters
 * when they hold all that the reading looks at, else in the whole text.
 */
function readStart(source: FileText, options: ParseCsvOptions) {
  const head = source.upTo(HEAD_CHARS);
  const partial = head.length < source.length;
  try {
    const start = readStartOf(head, options);
    const sampledWhole = start.pos + DELIMITER_SAMPLE_CHARS <= head.length;
    if (!partial || (sampledWhole && start.header.next < head.length)) return start;
  } catch (error) {
    if (!partial) throw error;
  }
  return readStartOf(source.whole(), options);
}

function readStartOf(text: string, options: ParseCsvOptions) {
  let pos = text.charCodeAt(0) === BOM ? 1 : 0;
  pos = skipEmptyLines(text, pos);
  if (pos >= text.length || text.slice(pos).trim() === "") {
    throw new CsvError("empty_file", "The file is empty: it needs a header line and rows.", null);
  }
  const delimiter = options.delimiter ?? detectDelimiter(text, pos);
  const header = readHeader(text, pos, lineOfText(text, pos), delimiter.charCodeAt(0));
  return { pos, delimiter, header };
}

/**
 * The columns whose numbers the file writes with decimal commas (`decimal-comma.ts`) or with a
 * currency sign (`money.ts`), decided from the first `SAMPLE_ROWS` rows of `sample`. The key
 * keeps its text as written, since the scan hashed it from the file.
 */
function numberStyles(
  sample: string,
  rows: RowScan,
  width: number,
  delimiter: Delimiter,
  keyAsWritten: number[],
) {
  const decimalColumns =
    delimiter === "," ? [] : decimalCommaColumns(sample, rows, width, new Set(keyAsWritten));
  // Money is looked for in the other columns only, so their decimal commas need not be points.
  const skip = new Set([...keyAsWritten, ...decimalColumns]);
  const money = moneyColumns(sample, rows, width, delimiter, skip);
  return { decimalColumns, money };
}

/**
 * The text as the table reads it: decimal commas as points, amounts with a currency sign as
 * their plain numbers.
 */
function readNumbers(
  text: string,
  rows: RowScan,
  width: number,
  { decimalColumns, money }: ReturnType<typeof numberStyles>,
): string {
  const points =
    decimalColumns.length > 0 ? withDecimalPoints(text, rows, width, decimalColumns) : text;
  return money.size > 0 ? withPlainAmounts(points, rows, width, money) : points;
}

/** The field whose keys the scan hashes: the key column's, else the likely key's; -1 for none. */
function keyFieldOf(header: readonly string[], options: ParseCsvOptions): number {
  const name = options.keyColumn ?? options.likelyKeyColumn?.(header);
  return name === undefined ? -1 : header.indexOf(name);
}

/** The trailing column without a name may only hold empty cells. */
function checkUnnamedColumn(text: string, rows: RowScan, width: number) {
  for (let row = 0; row < rows.rowCount; row++) {
    const from = rows.fieldStart[row * width + width - 1];
    if (fieldValue(text, from, rows.rowEnd[row]).trim() === "") continue;
    const line = lineOfText(text, from);
    throw new CsvError(
      "empty_header",
      `Line ${line} has a value in column ${width}, which has no name in the header. Name the column in the header (or delete the value) and upload again.`,
      line,
    );
  }
}

interface TailScan {
  /** Where the other thread's rows start. */
  from: number;
  width: number;
  keyField: number;
  encode: ScanEncoding;
  /** The separator's character code. */
  delimiter: number;
  scan: PendingTailScan;
  /** Where this thread's scan puts its rows: shared with the other thread's, which follow. */
  into: ScanViews;
}

/** The field of `options.encode` in this header. */
function scanEncoding(names: readonly string[], options: ParseCsvOptions): ScanEncoding {
  const encode = typeof options.encode === "function" ? options.encode(names) : options.encode;
  return encode
    ? { field: names.indexOf(encode.column), limit: encode.limit }
    : { field: -1, limit: 0 };
}

/** Bytes decoded to find the header before the whole file is decoded. */
const HEADER_PREFIX_BYTES = 65_536;
/**
 * Share of the file this thread scans: a little more than half, since the same scan runs about a
 * fifth slower on the worker (measured on a million rows: both finish together at this share).
 */
const HEAD_SHARE = 0.55;

/**
 * Hands the rows from the first line start past `HEAD_SHARE` of the file to the tail scanner,
 * if there is one and the file is large. The header is read from an ASCII prefix of the bytes;
 * anything unusual there (a BOM, non-ASCII text, a problem) leaves the file to this thread, and
 * the full parse reports any problem.
 */
function startTailScan(bytes: Uint8Array, options: ParseCsvOptions): TailScan | null {
  const scanner = options.tailScanner;
  if (!scanner || bytes.length < scanner.minBytes) return null;
  const prefix = bytes.subarray(0, Math.min(bytes.length, HEADER_PREFIX_BYTES));
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(prefix);
  if (text.length !== prefix.length || text.charCodeAt(0) === BOM) return null;
  let header: HeaderRead;
  let delimiter: number;
  try {
    const start = skipEmptyLines(text, 0);
    delimiter = (options.delimiter ?? detectDelimiter(text, start)).charCodeAt(0);
    header = readHeader(text, start, lineOfText(text, start), delimiter);
  } catch {
    return null;
  }
  if (header.next >= text.length) return null;
  const width = header.names.length;
  const keyField = keyFieldOf(header.names, options);
  const encode = scanEncoding(header.names, options);
  const middle = header.next + Math.floor((bytes.length - header.next) * HEAD_SHARE);
  const lineBreak = bytes.indexOf(LF, middle);
  if (lineBreak < 0) return null;
  // The first row after it, past empty lines.
  const from = skipEmptyByteLines(bytes, lineBreak + 1, delimiter);
  if (from >= bytes.length) return null;
  const rows = sharedScanViews(bytes, header.next, from, width, keyField >= 0, encode.field >= 0);
  const scan = scanner.start(bytes, from, width, keyField, encode, delimiter, rows.tail);
  return scan ? { from, width, keyField, encode, delimiter, scan, into: rows.head } : null;
}

/**
 * Every row, scanned in two halves when another thread has taken the second (from the file's
 * bytes, so only for an ASCII file, and for the same fields); an ASCII file (`bytes` given) is
 * scanned in its bytes, which is quicker than searching its text.
 */
function scanAll(
  source: FileText,
  bytes: Uint8Array | null,
  start: number,
  width: number,
  keyField: number,
  encode: ScanEncoding,
  delimiter: number,
  tail: TailScan | null,
): RowScan {
  const sameTask =
    bytes !== null &&
    tail?.width === width &&
    tail.delimiter === delimiter &&
    tail.keyField === keyField &&
    tail.encode.field === encode.field;
  const length = source.length;
  const split = sameTask ? tail.from : length;
  const { field, limit } = encode;
  // Sized for the whole file, so the other thread's rows are appended in place; or, when that
  // thread scans the rest, in the memory it puts those rows in.
  const task: ScanTask = {
    width,
    keyField,
    base: 0,
    sizeFor: length,
    encodeField: field,
    encodeLimit: limit,
    delimiter,
  };
  const scan = (from: number, to: number, into?: ScanViews) => {
    const inTask = into ? { ...task, into } : task;
    return bytes ? scanRowBytes(bytes, from, to, inTask) : scanRows(source.whole(), from, to, task);
  };
  const head = scan(start, split, sameTask ? tail.into : undefined);
  if (head.ascii === false) throw new NotAscii();
  if (head.problem) throw describeProblem(source.whole(), head.problem, width);
  if (head.next >= length) return head;
  const handedOver = head.next === split && sameTask ? tail.scan.result() : null;
  const rest = handedOver ?? scan(head.next, length);
  if (rest.ascii === false) throw new NotAscii();
  if (rest.problem) throw describeProblem(source.whole(), rest.problem, width);
  return appendRowScan(head, rest, limit);
}

function describeProblem(text: string, problem: ScanProblem, width: number): CsvError {
  const line = lineOfText(text, problem.offset);
  switch (problem.kind) {
    case "ragged_row":
      return new CsvError(
        "ragged_row",
        `Line ${line} has ${problem.detail} field${problem.detail === 1 ? "" : "s"}; the header has ${width}.`,
        line,
      );
    case "unterminated_quote":
      return unterminatedQuote(line);
    case "invalid_quote":
      return textAfterQuote(line, problem.detail);
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // ignoreBOM keeps a BOM in the text, so the text encodes back to exactly these bytes.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const line = lineOfByte(bytes, bad);
    throw new CsvError(
      "not_utf8",
      `Line ${line} is not valid UTF-8 text (byte ${bad + 1}). Save the file as UTF-8 CSV.`,
      line,
    );
  }
}

export { MAX_COLUMNS, MAX_HEADER_NAME_CHARS } from "./csv-header";
export { CsvTable } from "./csv-table";
