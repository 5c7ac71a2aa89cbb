import fs from "node:fs";
import { PARALLEL_PARSE_MIN_BYTES, scanWorkerReady } from "./scan-worker";

/**
 * Reading a large CSV file for the parse that scans it on two threads: into shared memory, with
 * the scan worker started meanwhile.
 */

/** Pieces a large file is read in at once, each on a thread of libuv's pool (four by default). */
const READ_PIECES = 4;

/**
 * A file's bytes in shared memory, which the tail scanner reads without copying (about 25 ms
 * saved on a 77 MB file). A large file is read in pieces at once: the kernel's copy into a fresh
 * buffer is the cost of reading a cached file, and spread over threads it takes about half as
 * long (77 MB: 55 ms against 100 ms here). A file that shrinks while it is read gives the bytes
 * up to where it ended.
 */
export async function readFileShared(path: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(path, "r");
  try {
    const { size } = await handle.stat();
    // The worker that will scan part of a large file starts while it is read.
    if (size >= PARALLEL_PARSE_MIN_BYTES) void scanWorkerReady();
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    const pieces = size >= PARALLEL_PARSE_MIN_BYTES ? READ_PIECES : 1;
    const piece = Math.ceil(size / pieces);
    const ends = await Promise.all(
      Array.from({ length: pieces }, async (_, k) => {
        const end = Math.min(size, (k + 1) * piece);
        let at = k * piece;
        while (at < end) {
          const { bytesRead } = await handle.read(bytes, at, end - at, at);
          if (bytesRead === 0) break;
          at += bytesRead;
        }
        return { at, end };
      }),
    );
    const short = ends.find(({ at, end }) => at < end);
    return short ? bytes.subarray(0, short.at) : bytes;
  } finally {
    await handle.close();
  }
}

/** `scanWorkerReady` for a file large enough to be scanned on two threads; else at once. */
export async function scanWorkerReadyFor(file: string): Promise<void> {
  const size = await fs.promises.stat(file).then(
    (stats) => stats.size,
    () => 0,
  );
  if (size >= PARALLEL_PARSE_MIN_BYTES) await scanWorkerReady();
}
