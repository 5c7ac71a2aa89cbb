import type { Delimiter } from "@/lib/dataset/csv-dialect";
import "server-only";
import { createHash } from "node:crypto";
import { CsvError } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { normalizeColumnName } from "@/lib/dataset/shorthand";
import {
  keyCandidates,
  type ShorthandChoice,
  shorthandCandidates,
} from "@/lib/dataset/shorthand-choice";
import type { DatasetProfile } from "@/lib/dataset/types";
import { findDatasetByName } from "@/lib/db/datasets";
import { AppError } from "@/lib/errors";
import { type CreatedDataset, createDataset } from "./create-dataset";
import {
  discardStaged,
  newStagingToken,
  readStaged,
  sweepStaged,
  writeStaged,
} from "./upload-staging";

/**
 * Uploading a CSV is two steps:
 *
 * 1. `stageUpload` reads the request body as a stream, counting bytes and stopping past the size
 *    limit, parses and profiles the file, and keeps the bytes in the staging area. A file that
 *    does not parse is rejected with the line and what is wrong; nothing is kept.
 * 2. `confirmUpload` takes the user's name, key column and shorthand picks and creates the
 *    dataset and its first version (`createDataset`, one transaction).
 */

export interface StageUploadOptions {
  body: ReadableStream<Uint8Array> | null;
  fileName: string;
  limitBytes: number;
  actor: string;
  /** The separator to read the file with, chosen by hand; read from the file when absent. */
  delimiter?: Delimiter;
  /** Where the parse and profile run: here by default, on the compute thread in the server. */
  profile?: (bytes: Uint8Array, delimiter?: Delimiter) => Promise<UploadProfile>;
}

/** What an upload's review needs from its parse. */
export interface UploadProfile {
  profile: DatasetProfile;
  rowCount: number;
  delimiter: Delimiter;
}

export interface StagedUpload {
  token: string;
  fileName: string;
  /** The file name without its extension, offered as the dataset's name. */
  suggestedName: string;
  byteSize: number;
  rowCount: number;
  /** The field separator read from the file (comma, semicolon, tab or pipe). */
  delimiter: Delimiter;
  profile: DatasetProfile;
  keyCandidates: string[];
  shorthandCandidates: ReturnType<typeof shorthandCandidates>;
  /** Server time: reading the body, then parsing and profiling it. */
  timings: { receiveMs: number; profileMs: number };
}

/** Step 1: receive, parse, profile and stage an upload. */
export async function stageUpload(options: StageUploadOptions): Promise<StagedUpload> {
  const started = performance.now();
  void sweepStaged();
  const { bytes, sha256 } = await readLimited(options.body, options.limitBytes);
  const received = performance.now();

  // The bytes go to disk while they are parsed (the write runs off the main thread); a file
  // that turns out not to parse is deleted again before the error is reported.
  const token = newStagingToken();
  const writing = writeStaged(
    {
      token,
      fileName: options.fileName,
      byteSize: bytes.byteLength,
      sha256,
      actor: options.actor,
      createdAt: new Date().toISOString(),
      ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    },
    bytes,
  );
  const profileFile = options.profile ?? (async (b, d) => profileUpload(b, d));
  let profiled: UploadProfile;
  try {
    profiled = await profileFile(bytes, options.delimiter);
    await writing;
  } catch (error) {
    await writing.catch(() => {});
    await discardStaged(token);
    throw error;
  }
  const { profile, rowCount, delimiter } = profiled;
  const parsed = performance.now();
  return {
    token,
    fileName: options.fileName,
    suggestedName: suggestName(options.fileName),
    byteSize: bytes.byteLength,
    rowCount,
    delimiter,
    profile,
    keyCandidates: keyCandidates(profile),
    shorthandCandidates: shorthandCandidates(profile),
    timings: {
      receiveMs: Math.round(received - started),
      profileMs: Math.round(parsed - received),
    },
  };
}

/**
 * Parses and profiles an upload, mapping CSV problems to an `invalid_csv` AppError with the line.
 * A column named `sku` or `id` is taken to be the file's key: when its values repeat or are
 * missing the file is rejected with the line of the first bad row, rather than quietly keying on
 * some other column.
 */
export function profileUpload(bytes: Uint8Array, delimiter?: Delimiter): UploadProfile {
  try {
    const table = parseCsvInParallel(bytes, { delimiter });
    const declaredKey = table.header.find((name) =>
      ["sku", "id"].includes(normalizeColumnName(name)),
    );
    const profile = profileDataset(table, { keyColumn: declaredKey });
    // The table stays where it was parsed: the review needs only its profile and shape.
    return {
      profile: delimiter ? { ...profile, delimiter } : profile,
      rowCount: table.rowCount,
      delimiter: table.delimiter,
    };
  } catch (error) {
    throw csvAppError(error);
  }
}

function csvAppError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  return new AppError("invalid_csv", error.message, { line: error.line, csvCode: error.code });
}

/**
 * Reads a body to the end, refusing it (and reading no further) once it passes `limit` bytes.
 * The sha256 is computed chunk by chunk as the bytes arrive.
 */
async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<{ bytes: Uint8Array; sha256: string }> {
  if (!body) throw emptyFile();
  const reader = body.getReader();
  const hash = createHash("sha256");
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    hash.update(value);
    chunks.push(value);
  }
  if (total === 0) throw emptyFile();
  return { bytes: Buffer.concat(chunks, total), sha256: hash.digest("hex") };
}

export function tooLarge(limit: number): AppError {
  const mb = Math.round((limit / (1024 * 1024)) * 10) / 10;
  return new AppError(
    "too_large",
    `The file is over the upload limit of ${mb} MB (SIGNOFF_MAX_UPLOAD_MB). Nothing was stored.`,
    { limitBytes: limit, csvCode: "too_large" },
  );
}

function emptyFile(): AppError {
  return new AppError("invalid_csv", "The file is empty: it needs a header line and rows.", {
    line: null,
    csvCode: "empty_file",
  });
}

function suggestName(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .trim();
  return base ? base[0].toUpperCase() + base.slice(1) : "Untitled dataset";
}

export interface ConfirmUploadOptions {
  token: string;
  name: string;
  keyColumn: string;
  shorthand: ShorthandChoice;
  actor: string;
}

/** Step 2: create the dataset from a staged upload, then forget the staged bytes. */
export async function confirmUpload(options: ConfirmUploadOptions): Promise<CreatedDataset> {
  const name = options.name.trim();
  const staged = await readStaged(options.token);
  if (!staged || staged.meta.actor !== options.actor) {
    throw new AppError(
      "not_found",
      "This upload has expired or was already used. Upload the file again.",
    );
  }
  if (await findDatasetByName(name)) {
    throw new AppError("conflict", `A dataset named "${name}" already exists. Pick another name.`, {
      field: "name",
    });
  }
  const created = await createDataset({
    name,
    content: staged.bytes,
    keyColumn: options.keyColumn,
    shorthand: options.shorthand,
    actor: options.actor,
    source: "upload",
    delimiter: staged.meta.delimiter,
  });
  await discardStaged(options.token);
  return created;
}
