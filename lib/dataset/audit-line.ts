import {
  type AuditChangeRun,
  type AuditExtras,
  type AuditRecordInput,
  auditChangeEntries,
  auditHead,
  auditTail,
  checkExtras,
  keysInFileOrder,
  writableAsText,
} from "./audit-record";
import type { CsvTable } from "./csv";

/**
 * The audit record (audit-record.ts) as one JSON line, written as UTF-8 bytes in pieces of about a
 * megabyte. A run that changed a million rows has a line of over a hundred megabytes, so each
 * change entry is written byte by byte from the row's cells (in an ASCII table, from the file's
 * bytes) rather than built as objects and stringified, or even concatenated as strings: either
 * cost more in allocation and garbage collection than the run itself. Joined, the pieces equal
 * `JSON.stringify(buildAuditRecord(input, extras)) + "\n"` (property-tested).
 *
 * Pure: no `node:` imports.
 */

const CHUNK = 1 << 20;

export function* auditLineBytes(
  input: AuditRecordInput,
  extras: AuditExtras = {},
  options: { reusePieces?: boolean } = {},
): Generator<Uint8Array> {
  checkExtras(extras);
  yield* auditLineBody(input, options);
  yield auditLineEnd(input, extras);
}

/**
 * The line up to its last change (`auditLineBytes` without `auditLineEnd`): all of it but the
 * extras, so a caller can make it before it knows them.
 */
export function* auditLineBody(
  input: AuditRecordInput,
  {
    /**
     * Each piece is written over by the next, for a caller that writes a piece out before it asks
     * for the next: a hundred pieces of a large line then make no garbage.
     */
    reusePieces = false,
  } = {},
): Generator<Uint8Array> {
  const out = new JsonBytes(reusePieces);
  const table = input.input;
  if (!table || !writableAsText(table.header, input.keyColumn)) {
    // Rare shapes (see `writableAsText`), and records without rows: written from objects.
    const entries = [...auditChangeEntries(input)];
    out.text(`${auditHead(input, keysInFileOrder(entries, input))},"changes":[`);
    for (let index = 0; index < entries.length; index++) {
      out.text((index === 0 ? "" : ",") + JSON.stringify(entries[index]));
      if (out.full) yield out.take();
    }
  } else {
    const changes = cellChanges(input, table);
    const groups = groupsOf(changes);
    const rowOf = Int32Array.from(
      { length: groups.length >> 1 },
      (_, g) => changes.row[groups[g * 2]],
    );
    const cells = new RowCells(table);
    const visits = visitsOf(rowOf, table.rowCount);
    // Up to and with the `[` of `keys_changed`: each changed row's key, in file order.
    out.text(auditHead(input, []).slice(0, -1));
    yield* changedKeys(out, cells, visits, table.keyColumnIndex);
    out.text('],"changes":[');
    yield* changeEntries(out, cells, input.keyColumn, { changes, groups, rowOf, visits });
  }
  yield out.take();
}

/** The end of the line after `auditLineBody`: the extras and the rest of the record. */
export function auditLineEnd(input: AuditRecordInput, extras: AuditExtras): Uint8Array {
  checkExtras(extras);
  return new TextEncoder().encode(`],${auditTail(input, extras)}\n`);
}

/** The line as text (tests, and readers that want a string). */
export function auditLine(input: AuditRecordInput, extras: AuditExtras = {}): string {
  return [...auditLineChunks(input, extras)].join("");
}

/** The line as text in pieces of about a megabyte, for responses that stream text. */
export function* auditLineChunks(
  input: AuditRecordInput,
  extras: AuditExtras = {},
): Generator<string> {
  const decoder = new TextDecoder();
  for (const bytes of auditLineBytes(input, extras)) {
    yield decoder.decode(bytes, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Each change's operation, column, value after and input row, by position. */
interface CellChanges {
  count: number;
  operationId: readonly string[];
  column: readonly string[];
  after: readonly string[];
  row: Int32Array;
}

/** The changes from the executor's runs when the caller has them, else from change objects. */
function cellChanges(input: AuditRecordInput, table: CsvTable): CellChanges {
  if (input.changeRuns) return changesOfRuns(input.changeRuns);
  const changes = Array.isArray(input.changes) ? input.changes : [...input.changes];
  const row = new Int32Array(changes.length);
  for (let k = 0; k < changes.length; k++) {
    const { rowKey } = changes[k];
    if (k > 0 && rowKey === changes[k - 1].rowKey) row[k] = row[k - 1];
    else row[k] = input.rowOfChange ? input.rowOfChange(k) : table.rowOfKey(rowKey);
    if (row[k] < 0) throw new Error(`Row '${rowKey}' is not in the input table.`);
  }
  return {
    count: changes.length,
    operationId: changes.map((change) => change.operationId),
    column: changes.map((change) => change.column),
    after: changes.map((change) => change.after),
    row,
  };
}

function changesOfRuns(runs: readonly AuditChangeRun[]): CellChanges {
  const count = runs.reduce((n, run) => n + run.rows.length, 0);
  const changes = {
    count,
    operationId: new Array<string>(count),
    column: new Array<string>(count),
    after: new Array<string>(count),
    row: new Int32Array(count),
  };
  let at = 0;
  for (const { operationId, column, rows, after } of runs) {
    for (let k = 0; k < rows.length; k++, at++) {
      changes.operationId[at] = operationId;
      changes.column[at] = column;
      changes.after[at] = after[k];
      changes.row[at] = rows[k];
    }
  }
  return changes;
}

/**
 * The changes as [start, end) pairs of positions: consecutive cells of one row changed by one
 * operation, each group one entry (executor order is by operation, then row).
 */
function groupsOf({ count, operationId, row }: CellChanges): Int32Array {
  // Sized for a group per change: an array grown by a push per group took 90 ms where this
  // takes 13, for a third of a million changes.
  const groups = new Int32Array(count * 2);
  let n = 0;
  for (let k = 0; k < count; k++) {
    if (k === 0 || operationId[k] !== operationId[k - 1] || row[k] !== row[k - 1]) {
      if (k > 0) groups[n++] = k;
      groups[n++] = k;
    }
  }
  if (count > 0) groups[n++] = count;
  return groups.subarray(0, n);
}

/** The changes in groups of one operation and one row (`groupsOf`), with each group's row. */
interface ChangeGroups {
  changes: CellChanges;
  /** [start, end) pairs into `changes`. */
  groups: Int32Array;
  /** Each group's input row. */
  rowOf: Int32Array;
  visits: Uint8Array;
}

/**
 * One entry per group of changes (one operation, one row): the operation, the row's key and the
 * whole row before and after. A row's cells are read from the table until an operation changes
 * them; `overlays` keeps what the operations so far wrote, per changed row. The row after is the
 * row before with the group's cells written anew: the rest is copied from the bytes just written.
 */
function* changeEntries(
  out: JsonBytes,
  cells: RowCells,
  keyColumn: string,
  { changes, groups, rowOf, visits }: ChangeGroups,
): Generator<Uint8Array> {
  const { header, keyColumnIndex: keyCol } = cells.table;
  const width = header.length;
  // Each column's `"name":` (after a comma but the first), and the rest that repeats, as bytes.
  const encoder = new TextEncoder();
  const nameBytes = header.map((name, col) =>
    encoder.encode(`${col === 0 ? "" : ","}${JSON.stringify(name)}:`),
  );
  const keyField = encoder.encode(`,${JSON.stringify(keyColumn)}:`);
  // An operation's id as JSON, encoded once per operation.
  const operationIds = new Map<string, Uint8Array>();
  const operationId = (id: string) => {
    let encoded = operationIds.get(id);
    if (!encoded) {
      encoded = encoder.encode(JSON.stringify(id));
      operationIds.set(id, encoded);
    }
    return encoded;
  };
  const overlays = new Map<number, Array<string | undefined>>();
  // Where each column's `"name":value` starts in the "before" row just written, and its end.
  const starts = new Int32Array(width + 1);
  const changedNow = new Uint8Array(width);
  const afterNow = new Array<string>(width).fill("");
  for (let g = 0; g < groups.length; g += 2) {
    const row = rowOf[g >> 1];
    out.raw(g === 0 ? ENTRY_START.subarray(1) : ENTRY_START);
    out.raw(operationId(changes.operationId[groups[g]]));
    out.raw(keyField);
    cells.write(out, row, keyCol);
    out.raw(BEFORE);
    // Only a row that a later group changes again needs what this group wrote kept for it.
    const revisited = visits[row] === 2;
    let overlay = revisited ? overlays.get(row) : undefined;
    for (let col = 0; col < width; col++) {
      starts[col] = out.length;
      out.raw(nameBytes[col]);
      const written = overlay?.[col];
      if (written !== undefined) out.json(written);
      else cells.write(out, row, col);
    }
    starts[width] = out.length;
    changedNow.fill(0);
    for (let k = groups[g]; k < groups[g + 1]; k++) {
      const col = header.indexOf(changes.column[k]);
      if (col < 0) continue;
      afterNow[col] = changes.after[k];
      changedNow[col] = 1;
    }
    if (revisited) {
      if (!overlay) {
        overlay = new Array<string | undefined>(width);
        overlays.set(row, overlay);
      }
      for (let col = 0; col < width; col++) if (changedNow[col]) overlay[col] = afterNow[col];
    }
    // The row after: the bytes just written, with this operation's cells written anew.
    out.raw(AFTER);
    let copyFrom = -1;
    for (let col = 0; col <= width; col++) {
      if (col < width && !changedNow[col]) {
        if (copyFrom < 0) copyFrom = starts[col];
        continue;
      }
      if (copyFrom >= 0) out.copy(copyFrom, starts[col]);
      copyFrom = -1;
      if (col === width) break;
      out.raw(nameBytes[col]);
      out.json(afterNow[col]);
    }
    out.raw(ENTRY_END);
    if (out.full) yield out.take();
  }
}

/** A table's cells as JSON strings: from the file's bytes when the table is ASCII. */
class RowCells {
  private readonly bytes: Uint8Array | null;
  private readonly shift: number;
  private readonly fieldStart: Int32Array;
  private readonly rowEnd: Int32Array;
  private readonly width: number;

  constructor(readonly table: CsvTable) {
    this.bytes = table.ascii ? table.bytes : null;
    this.shift = table.hasBom ? 2 : 0;
    this.fieldStart = table.fieldStart;
    this.rowEnd = table.rowEnd;
    this.width = table.columnCount;
  }

  write(out: JsonBytes, row: number, col: number): void {
    const { bytes, width } = this;
    if (bytes !== null) {
      const at = row * width + col;
      const from = this.fieldStart[at] + this.shift;
      const to = (col === width - 1 ? this.rowEnd[row] : this.fieldStart[at + 1] - 1) + this.shift;
      // A quoted cell without an escaped quote inside holds the text between its quotes.
      const quoted = bytes[from] === QUOTE ? 1 : 0;
      if (out.plainAscii(bytes, from + quoted, to - quoted)) return;
    }
    out.cell(this.table, row, col);
  }
}

/** How many groups change each row: 0, 1, or 2 for two or more. */
function visitsOf(rows: Int32Array, rowCount: number): Uint8Array {
  const visits = new Uint8Array(rowCount);
  for (let k = 0; k < rows.length; k++) if (visits[rows[k]] < 2) visits[rows[k]]++;
  return visits;
}

/**
 * The key of each row a group changes, once, in the order the rows stand in the input version
 * (`keysInFileOrder`), written from the table's cells.
 */
function* changedKeys(
  out: JsonBytes,
  cells: RowCells,
  visits: Uint8Array,
  keyCol: number,
): Generator<Uint8Array> {
  if (keyCol < 0) throw new Error("The table has no key column; call setKeyColumn.");
  let first = true;
  for (let row = 0; row < visits.length; row++) {
    if (visits[row] === 0) continue;
    if (!first) out.byte(COMMA);
    first = false;
    cells.write(out, row, keyCol);
    if (out.full) yield out.take();
  }
}

/**
 * A growing piece of UTF-8 JSON. Writes ASCII code units straight into its bytes, and leaves
 * anything else (escapes, other characters) to JSON.stringify and TextEncoder.
 */
class JsonBytes {
  private bytes = new Uint8Array(CHUNK * 2);
  private at = 0;
  private readonly encoder = new TextEncoder();

  constructor(private readonly reusePieces: boolean) {}

  get full(): boolean {
    return this.at >= CHUNK;
  }

  /** Bytes written since the last piece was taken. */
  get length(): number {
    return this.at;
  }

  /** Bytes `from`…`to` of the current piece, written again at its end. */
  copy(from: number, to: number): void {
    this.reserve(to - from);
    this.bytes.copyWithin(this.at, from, to);
    this.at += to - from;
  }

  /** The bytes so far; the next write starts a new piece. */
  take(): Uint8Array {
    const piece = this.reusePieces ? this.bytes.subarray(0, this.at) : this.bytes.slice(0, this.at);
    this.at = 0;
    return piece;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.at++] = value;
  }

  /** Bytes as they are (already JSON). */
  raw(value: Uint8Array): void {
    this.reserve(value.length);
    const { bytes } = this;
    let at = this.at;
    for (let k = 0; k < value.length; k++) bytes[at++] = value[k];
    this.at = at;
  }

  /**
   * `source[from…to)` as a JSON string when it is printable ASCII without a quote or backslash;
   * false (and nothing written) otherwise.
   */
  plainAscii(source: Uint8Array, from: number, to: number): boolean {
    this.reserve(to - from + 2);
    const { bytes } = this;
    let at = this.at;
    bytes[at++] = QUOTE;
    for (let k = from; k < to; k++) {
      const c = source[k];
      if (c < 0x20 || c >= 0x7f || c === QUOTE || c === BACKSLASH) return false;
      bytes[at++] = c;
    }
    bytes[at++] = QUOTE;
    this.at = at;
    return true;
  }

  /** `value` as it is (already JSON). */
  text(value: string): void {
    this.range(value, 0, value.length, false);
  }

  /** `value` as a JSON string. */
  json(value: string): void {
    this.range(value, 0, value.length, true);
  }

  /** A cell's value as a JSON string, from the table's text when it is not quoted. */
  cell(table: CsvTable, row: number, col: number): void {
    const start = table.cellStart(row, col);
    const text = table.decodedText;
    if (text === null || text.charCodeAt(start) === QUOTE) this.json(table.cell(row, col));
    else this.range(text, start, table.cellEnd(row, col), true);
  }

  /** `text.slice(from, to)`, as a JSON string when `quoted`. */
  private range(text: string, from: number, to: number, quoted: boolean): void {
    const length = to - from;
    this.reserve(length + 2);
    const { bytes } = this;
    let at = this.at;
    if (quoted) bytes[at++] = QUOTE;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c >= 0x7f || (quoted && (c < 0x20 || c === QUOTE || c === BACKSLASH))) {
        this.slow(text.slice(from, to), quoted);
        return;
      }
      bytes[at++] = c;
    }
    if (quoted) bytes[at++] = QUOTE;
    this.at = at;
  }

  /** Text with escapes or characters beyond ASCII, the general way. */
  private slow(value: string, quoted: boolean): void {
    const text = quoted ? JSON.stringify(value) : value;
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    this.reserve(text.length * 3);
    this.at += this.encoder.encodeInto(text, this.bytes.subarray(this.at)).written;
  }

  private reserve(length: number): void {
    if (this.at + length <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + length));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const ENTRY_START = ascii(',{"operation_id":');
const BEFORE = ascii(',"before":{');
const AFTER = ascii('},"after":{');
const ENTRY_END = ascii("}}");

// Local constants, not imports: see the note on the character codes in csv.ts.
const QUOTE = 34;
const COMMA = 44;
const BACKSLASH = 92;
