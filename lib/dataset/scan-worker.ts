import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from "node:worker_threads";
import { deflateRawSync } from "node:zlib";
import {
  type CsvTable,
  type ParseCsvOptions,
  type PendingTailScan,
  parseCsv,
  type ScanEncoding,
  type TailScanner,
} from "./csv";
import { EQUAL_HASH_PAIR_LIMIT, equalHashPairs } from "./csv-keys";
import type { RowScan, ScanViews } from "./csv-scan";
import { BYTE_SCAN_FUNCTIONS, scanRowBytes } from "./csv-scan-bytes";
import type { PendingKeyCheck } from "./csv-table";
import {
  LINE_PATCH_FUNCTIONS,
  linePatchOfReplacements,
  type Replacements,
  replacedLinesPatch,
} from "./line-patch";

/**
 * The tail scanner of the server, the CLI and the benchmarks (Node only: it starts a thread). One
 * worker thread, started on first use and kept for the life of the process, scans the second
 * half of a large ASCII file while the calling thread scans the first (`TailScanner` in csv.ts);
 * the scan is the largest part of a parse, and it is then spread over two cores. The parse stays
 * synchronous: the caller blocks on a shared flag for the worker's answer, time it would
 * otherwise have spent scanning those rows itself.
 *
 * Once the parse is done the thread is free, and hashes a large file's bytes for the caller
 * (`sha256Aside`) while it goes on with the run.
 *
 * The worker runs the source text of `scanRowBytes` and the functions around it (self-contained
 * by design) rather than a module file, so it needs no bundler support and
 * no TypeScript loader: the same code runs under Next's server bundle, tsx and Vitest.
 */

/** Files below this are scanned on one thread (handing over costs about 10 ms). */
export const PARALLEL_PARSE_MIN_BYTES = 8 * 1024 * 1024;
/** Tables with fewer rows have their keys checked on the calling thread. */
const ASIDE_KEY_CHECK_MIN_ROWS = 100_000;

// biome-ignore lint/suspicious/noExplicitAny: any function, written out as its source text
type WorkerFunction = (...args: any[]) => unknown;

/**
 * Source text that evaluates to `entry`, declaring it and the functions of its module it calls
 * (`functions`) in a scope of their own. Each is written out as the declaration its source text
 * is, under the name the bundle gave it: a production build renames functions and the calls
 * between them alike, and names of two modules may be the same. A build that did not keep the
 * entry a declaration gets a function that throws: the worker answers each request with that
 * error at once, and the caller does the work itself, with a warning.
 */
export function workerSource(entry: WorkerFunction, functions: readonly WorkerFunction[]): string {
  const name = /^function\s*([\w$]+)/.exec(entry.toString())?.[1];
  if (!name)
    return `() => { throw new Error("${entry.name} is not a declaration in this build"); }`;
  const declarations = functions.map((fn) => fn.toString()).join("\n");
  return `(() => {\n${declarations}\nreturn ${name};\n})()`;
}

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { deflateRawSync } = require("node:zlib");
// tsx (the CLI, the compute thread, the tests) compiles with esbuild's keepNames, which names
// functions and classes through a helper of the module; the source text below may call it.
var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });
const scanRowBytes = ${workerSource(scanRowBytes, BYTE_SCAN_FUNCTIONS)};
const equalHashPairs = ${workerSource(equalHashPairs, [equalHashPairs])};
const replacedLinesPatch = ${workerSource(replacedLinesPatch, LINE_PATCH_FUNCTIONS)};
parentPort.on("message", ({ sha256Of, patchOf, pairsOf, bytes, from, width, keyField, field, limit, delimiter, into, done, port }) => {
  if (patchOf) {
    try {
      const { input, output, starts, ends, lengths, count } = patchOf;
      const found = replacedLinesPatch(input, output, starts, ends, lengths, count);
      // Compressed here too, as the caller would (level 1, see version-storage.ts).
      const patch = found ? new Uint8Array(deflateRawSync(found, { level: 1 })) : found;
      port.postMessage({ patch }, patch ? [patch.buffer] : []);
    } catch (error) {
      port.postMessage({ error: String(error) });
    }
    port.close();
    return;
  }
  if (pairsOf) {
    try {
      const pairs = equalHashPairs(pairsOf, limit);
      port.postMessage({ pairs }, pairs ? [pairs.buffer] : []);
    } catch (error) {
      port.postMessage({ error: String(error) });
    }
    port.close();
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
    return;
  }
  if (sha256Of) {
    try {
      port.postMessage({ digest: createHash("sha256").update(sha256Of).digest("hex") });
    } catch (error) {
      port.postMessage({ error: String(error) });
    }
    port.close();
    return;
  }
  try {
    // The scan is only used when the whole file is ASCII, where text offsets are byte offsets.
    const scan = scanRowBytes(bytes, 0, bytes.length, { width, keyField, base: from, encodeField: field, encodeLimit: limit, delimiter, into });
    const arrays = [scan.fieldStart, scan.rowEnd, scan.keyHashes];
    if (scan.dictionary) arrays.push(scan.dictionary.codes);
    // Rows in the memory the caller shares (into) are there already; others are handed over.
    const own = arrays.filter((array) => !(array.buffer instanceof SharedArrayBuffer));
    port.postMessage({ scan }, own.map((array) => array.buffer));
  } catch (error) {
    port.postMessage({ error: String(error && error.stack || error) });
  }
  port.close();
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
`;

class WorkerTailScanner implements TailScanner {
  private worker: Worker | null = null;
  /** Settles once the thread runs its code, or has stopped. */
  private online: Promise<void> = Promise.resolve();

  constructor(
    readonly minBytes: number,
    private readonly source = WORKER_SOURCE,
    /** How long to wait beyond the scan's own size-based allowance. */
    private readonly basePatienceMs = 5_000,
    /** Tables with fewer rows have their keys checked on the calling thread. */
    private readonly keyCheckMinRows = ASIDE_KEY_CHECK_MIN_ROWS,
  ) {}

  /** Starts the thread now, so that its start-up overlaps whatever the caller does next. */
  warmUp(): void {
    if (this.worker) return;
    const worker = new Worker(this.source, { eval: true });
    this.worker = worker;
    // An idle scanner must not keep the process alive.
    worker.unref();
    worker.on("error", (error) => this.discard(error.message));
    this.online = new Promise((resolve) => {
      worker.once("online", resolve);
      worker.once("exit", resolve);
    });
  }

  /** Settles once the thread (started now if need be) runs, or could not start. */
  ready(): Promise<void> {
    this.warmUp();
    const worker = this.worker;
    if (!worker) return this.online;
    // Waited for, the thread keeps the process alive until it runs.
    worker.ref();
    return this.online.then(() => {
      worker.unref();
    });
  }

  /**
   * Drops the worker (it failed or stopped answering); the next large file starts a new one.
   * Parsing still succeeds, on one thread, so this is only a warning — but a loud one, since it
   * means every large parse takes longer.
   */
  discard(reason: string): void {
    console.warn(`CSV scan worker failed (${reason}); scanning on one thread.`);
    void this.worker?.terminate();
    this.worker = null;
  }

  start(
    bytes: Uint8Array,
    from: number,
    width: number,
    keyField: number,
    encode: ScanEncoding,
    delimiter: number,
    into?: ScanViews,
  ): PendingTailScan | null {
    this.warmUp();
    const worker = this.worker;
    if (!worker) return null;
    const { port1, port2 } = new MessageChannel();
    const done = new Int32Array(new SharedArrayBuffer(4));
    // Shared memory is handed over as it is; other bytes are copied once and transferred.
    const shared = bytes.buffer instanceof SharedArrayBuffer;
    // (A copy by construction: Buffer's `slice` is a view, and transferring a view's buffer
    // would take the caller's bytes away.)
    const tail = shared ? bytes.subarray(from) : new Uint8Array(bytes.subarray(from));
    const transfer = shared ? [port2] : [tail.buffer as ArrayBuffer, port2];
    const { field, limit } = encode;
    worker.postMessage(
      { bytes: tail, from, width, keyField, field, limit, delimiter, into, done, port: port2 },
      transfer,
    );
    // Far longer than a healthy scan takes (about 10 ns a byte), short enough not to hang on a
    // worker that died without answering.
    const patienceMs = this.basePatienceMs + tail.length / 10_000;
    const pending = new PendingWorkerReply<{ scan: RowScan }>(this, port1, done, patienceMs);
    return {
      result: () => pending.result()?.scan ?? null,
      cancel: () => pending.cancel(),
    };
  }

  /**
   * The pairs of rows with equal key hashes, found on the worker while the caller goes on (the
   * check takes about 0.1 s for a million rows); null for a table too small to gain from it.
   */
  checkKeys(hashes: Int32Array): PendingKeyCheck | null {
    if (hashes.length < this.keyCheckMinRows) return null;
    this.warmUp();
    const worker = this.worker;
    if (!worker) return null;
    const { port1, port2 } = new MessageChannel();
    const done = new Int32Array(new SharedArrayBuffer(4));
    // A copy (4 MB for a million rows): the table keeps its hashes for the key index.
    worker.postMessage({ pairsOf: hashes, limit: EQUAL_HASH_PAIR_LIMIT, done, port: port2 }, [
      port2,
    ]);
    const pending = new PendingWorkerReply<{ pairs: Int32Array | null }>(
      this,
      port1,
      done,
      this.basePatienceMs + hashes.length / 1_000,
    );
    return {
      result() {
        const reply = pending.result();
        return reply ? reply.pairs : undefined;
      },
    };
  }

  /**
   * The line patch from `output` back to `input`, found and compressed on the worker (see
   * `deflatedLinePatchAside`); null when there is no worker.
   */
  deflatedLinePatch(
    input: Uint8Array,
    output: Uint8Array,
    replaced: Replacements,
  ): Promise<Uint8Array | null> | null {
    this.warmUp();
    const worker = this.worker;
    if (!worker) return null;
    const { port1, port2 } = new MessageChannel();
    const here = () => deflatedLinePatchHere(input, output, replaced);
    const answer = new Promise<Uint8Array | null>((resolve, reject) => {
      let answered = false;
      port1.once("message", (reply: { patch?: Uint8Array | null; error?: string }) => {
        answered = true;
        port1.close();
        // It still answers, but slower: loud, as when a scan fails.
        if (reply.error) console.warn(`Line patch worker failed (${reply.error}); patching here.`);
        try {
          // Undefined: lines do not correspond one to one, or the worker failed; either way the
          // patch is found here.
          resolve(reply.patch !== undefined ? reply.patch : here());
        } catch (error) {
          reject(error);
        }
      });
      port1.once("close", () => {
        if (answered) return;
        try {
          resolve(here());
        } catch (error) {
          reject(error);
        }
      });
    });
    const { starts, ends, lengths, count } = replaced;
    worker.postMessage(
      {
        patchOf: {
          input: shared(input),
          output: shared(output),
          starts: Int32Array.from(starts),
          ends: Int32Array.from(ends),
          lengths: Int32Array.from(lengths),
          count,
        },
        port: port2,
      },
      [port2],
    );
    return answer;
  }

  /** The sha256 of shared bytes, taken on the worker; null when there is no worker. */
  sha256(bytes: Uint8Array): Promise<string> | null {
    this.warmUp();
    const worker = this.worker;
    if (!worker) return null;
    const { port1, port2 } = new MessageChannel();
    const answer = new Promise<string>((resolve) => {
      let answered = false;
      port1.once("message", (reply: { digest?: string }) => {
        answered = true;
        port1.close();
        // A worker that could not hash (it never should) leaves it to this thread.
        resolve(reply.digest ?? sha256Here(bytes));
      });
      // The worker stopped without answering: hash here.
      port1.once("close", () => {
        if (!answered) resolve(sha256Here(bytes));
      });
    });
    worker.postMessage({ sha256Of: bytes, port: port2 }, [port2]);
    return answer;
  }
}

/**
 * A reply the calling thread blocks for (on a shared flag the worker raises), with a time limit:
 * a worker that fails or does not answer in time is discarded, and the reply is null.
 */
class PendingWorkerReply<Reply extends object> {
  private settled = false;

  constructor(
    private readonly scanner: WorkerTailScanner,
    private readonly port: MessagePort,
    private readonly done: Int32Array,
    private readonly patienceMs: number,
  ) {}

  result(): Reply | null {
    const answered = Atomics.wait(this.done, 0, 0, this.patienceMs) !== "timed-out";
    const received = answered ? receiveMessageOnPort(this.port) : undefined;
    this.cancel();
    const reply = received?.message as
      | (Reply & { error?: undefined })
      | { error: string }
      | undefined;
    if (!reply || reply.error !== undefined) {
      this.scanner.discard(reply?.error ?? `no answer within ${Math.round(this.patienceMs)} ms`);
      return null;
    }
    return reply as Reply;
  }

  cancel(): void {
    if (this.settled) return;
    this.settled = true;
    this.port.close();
  }
}

// One per process: Next's server bundles may load this module more than once.
const globalForScanner = globalThis as unknown as { signoffTailScanner?: WorkerTailScanner };

/** The process's tail scanner, or undefined on a single-core machine (nothing to gain). */
function workerTailScanner(): TailScanner | undefined {
  return processScanner();
}

function processScanner(): WorkerTailScanner | undefined {
  if (availableParallelism() < 2) return undefined;
  globalForScanner.signoffTailScanner ??= new WorkerTailScanner(PARALLEL_PARSE_MIN_BYTES);
  globalForScanner.signoffTailScanner.warmUp();
  return globalForScanner.signoffTailScanner;
}

/**
 * Settles once the process's scan worker (started now if need be) runs; at once on a machine with
 * one core. A thread takes about 0.1 s to start, the time the worker's share of a million-row
 * parse takes: a process that knows it will parse a large file starts it first, so that the
 * start overlaps other work. A server's worker, once started, lasts as long as the server.
 */
export function scanWorkerReady(): Promise<void> {
  return processScanner()?.ready() ?? Promise.resolve();
}

/**
 * A key column's uniqueness check on the worker thread (`CsvTable.setKeyColumn`'s `checkAside`),
 * or undefined without a worker.
 */
export function keyCheckAside(): ((hashes: Int32Array) => PendingKeyCheck | null) | undefined {
  const scanner = processScanner();
  return scanner && ((hashes) => scanner.checkKeys(hashes));
}

/**
 * A scanner that hands over files (and key checks) of any size, for tests of the handover itself;
 * `workerSource` replaces the worker's code (to test a worker that fails or never answers).
 */
export function tailScannerForTests(
  options: { workerSource?: string; patienceMs?: number } = {},
): TailScanner {
  return new WorkerTailScanner(0, options.workerSource, options.patienceMs, 0);
}

/**
 * The sha256 (hex) of bytes in shared memory, taken on the worker thread while this one goes on
 * (hashing a 100 MB file takes about 70 ms); other bytes, or without a worker, hashed here.
 */
export function sha256Aside(bytes: Uint8Array): Promise<string> {
  const aside =
    bytes.buffer instanceof SharedArrayBuffer && bytes.length >= PARALLEL_PARSE_MIN_BYTES;
  return (aside ? processScanner()?.sha256(bytes) : null) ?? Promise.resolve(sha256Here(bytes));
}

/**
 * `linePatchOfReplacements(input, output, replaced)` compressed with raw deflate (level 1), as
 * version storage keeps a patch, made on the worker thread while this one goes on (an approval
 * writes its change records meanwhile): for a million-line table with a third of its lines
 * changed, about 0.4 s of this thread's time. Small files, or without a worker, here.
 */
export function deflatedLinePatchAside(
  input: Uint8Array,
  output: Uint8Array,
  replaced: Replacements,
): Promise<Uint8Array | null> {
  const aside = input.length >= PARALLEL_PARSE_MIN_BYTES;
  const pending = aside ? processScanner()?.deflatedLinePatch(input, output, replaced) : null;
  return pending ?? Promise.resolve().then(() => deflatedLinePatchHere(input, output, replaced));
}

function deflatedLinePatchHere(
  input: Uint8Array,
  output: Uint8Array,
  replaced: Replacements,
): Uint8Array | null {
  const patch = linePatchOfReplacements(input, output, replaced);
  return patch && new Uint8Array(deflateRawSync(patch, { level: 1 }));
}

/** The bytes in shared memory, copied there when they are not, so a worker reads them as they are. */
function shared(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

function sha256Here(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * `parseCsv` with the second half of a large ASCII file scanned on the worker thread. A large
 * file's bytes are moved into shared memory first (about 20 ms for 77 MB, where handing the
 * worker its half copied 38 MB anyway): the table then keeps them there, and so does an output
 * written from it, which the worker can hash or compare with the input without copying either.
 */
export function parseCsvInParallel(
  bytes: Uint8Array,
  options: Omit<ParseCsvOptions, "tailScanner"> = {},
): CsvTable {
  const tailScanner = workerTailScanner();
  const large = tailScanner !== undefined && bytes.length >= PARALLEL_PARSE_MIN_BYTES;
  return parseCsv(large ? shared(bytes) : bytes, { ...options, tailScanner });
}
