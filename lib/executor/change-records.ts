import { asciiText } from "@/lib/dataset/ascii";
import type { CsvTable } from "@/lib/dataset/csv";
import { writeJsonString } from "./json-bytes";
import type { RunOutcome } from "./run";
import type { ChangeRecords } from "./types";

/** The change set as record fields, made a piece at a time (see `DryRunResult.changeRecords`). */
export function changeRecords(outcome: RunOutcome, table: CsvTable): ChangeRecords {
  const runs = outcome.runs.map(({ op, col, changedRows }) => ({
    operationId: op.operationId,
    column: table.header[col],
    count: changedRows.length,
  }));
  return {
    count: runs.reduce((n, run) => n + run.count, 0),
    columns: [...new Set(runs.filter((run) => run.count > 0).map((run) => run.column))],
    runs,
    fields(start, end) {
      const records: string[][] = [];
      for (const { run, from, to } of runPieces(outcome, start, end)) {
        const { op, changedRows, before, after } = run;
        const column = table.header[run.col];
        for (let k = from; k < to; k++) {
          records.push([op.operationId, table.rowKey(changedRows[k]), column, before[k], after[k]]);
        }
      }
      return records;
    },
    json(start, end) {
      const json = new RecordsJson();
      const keyCol = table.keyColumnIndex;
      // An ASCII file read from its bytes has text offsets that are byte offsets.
      const source = table.decodedText ?? table.bytes;
      for (const { run, from, to } of runPieces(outcome, start, end)) {
        const { changedRows, before, after } = run;
        let touched = 0;
        for (let k = from, ahead = from; k < to; k++) {
          if (k === ahead) {
            // The rows' key cells, fetched from memory together rather than one miss at a time.
            ahead = Math.min(k + READ_AHEAD_ROWS, to);
            touched ^= table.touchRows(changedRows, k, ahead, keyCol);
          }
          const row = changedRows[k];
          const keyStart = table.cellStart(row, keyCol);
          if (table.codeAt(keyStart) === QUOTE) {
            // A quoted key's text is not its value, which is made as a string.
            const key = table.rowKey(row);
            json.record(key, 0, key.length, before[k], after[k]);
          } else {
            const keyEnd = table.cellEnd(row, keyCol);
            json.record(source, keyStart, keyEnd, before[k], after[k]);
          }
        }
        json.keep(touched);
      }
      return json.text();
    },
  };
}

/** The part of each run that falls within records `start` up to `end` of the change set. */
function* runPieces(outcome: RunOutcome, start: number, end: number) {
  let first = 0; // position of the run's first record in the change set
  for (const run of outcome.runs) {
    const from = Math.max(start - first, 0);
    const to = Math.min(end - first, run.changedRows.length);
    if (from < to) yield { run, from, to };
    first += run.changedRows.length;
  }
}

const QUOTE = 34;
/** Rows whose key cells are read ahead at a time (as `WorkingCells.readAhead` does). */
const READ_AHEAD_ROWS = 64;
/** Bytes written before they are made text (each piece a string of about this length). */
const PIECE = 1 << 20;
let sharedBuffer: Uint8Array | undefined;

function pieceBuffer(): Uint8Array {
  sharedBuffer ??= new Uint8Array(PIECE);
  return sharedBuffer;
}

/**
 * The JSON text of an array of three-text records, as `JSON.stringify` writes it, with each text
 * made well-formed first (a lone UTF-16 surrogate becomes U+FFFD). Records of printable ASCII are
 * written as bytes, without a string or an array per record; any other record goes the slow way.
 */
class RecordsJson {
  // One buffer for every call: the text is made from it before the call returns, and a fresh
  // megabyte per call was a tenth of the time.
  private readonly buffer = pieceBuffer();
  private at = 0;
  private readonly pieces: string[] = [];
  private records = 0;
  private touched = 0;

  /** A record whose first field is `key.slice(keyStart, keyEnd)` (or those bytes). */
  record(
    key: string | Uint8Array,
    keyStart: number,
    keyEnd: number,
    before: string,
    after: string,
  ): void {
    const room = keyEnd - keyStart + before.length + after.length + 11;
    if (this.at + room > PIECE) this.flush();
    const { buffer } = this;
    let at = room > PIECE ? -1 : this.at;
    if (at >= 0) {
      buffer[at++] = this.records === 0 ? 91 : 44; // [ or ,
      buffer[at++] = 91;
      at = writeJsonString(buffer, at, key, keyStart, keyEnd, 44);
    }
    if (at >= 0) at = writeJsonString(buffer, at, before, 0, before.length, 44);
    if (at >= 0) at = writeJsonString(buffer, at, after, 0, after.length, 93); // ]
    if (at >= 0) {
      this.at = at;
    } else {
      const keyText =
        typeof key === "string" ? key.slice(keyStart, keyEnd) : asciiText(key, keyStart, keyEnd);
      const fields = [keyText, before, after].map(wellFormed);
      this.flush();
      this.pieces.push(`${this.records === 0 ? "[" : ","}${JSON.stringify(fields)}`);
    }
    this.records++;
  }

  /** Keeps what a read ahead answered, so that its reads are not optimised away. */
  keep(touched: number): void {
    this.touched ^= touched;
  }

  text(): string {
    this.flush();
    this.pieces.push(this.records === 0 ? "[]" : "]");
    return this.pieces.join("");
  }

  private flush(): void {
    if (this.at === 0) return;
    this.pieces.push(asciiText(this.buffer, 0, this.at));
    this.at = 0;
  }
}

function wellFormed(text: string): string {
  return text.isWellFormed() ? text : text.toWellFormed();
}
