import type { Delimiter } from "@/lib/dataset/csv-dialect";
import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { dataDirectory } from "@/lib/db/database-url";
import { env } from "@/lib/env";

/**
 * The short-lived staging area between "upload and profile" and "confirm".
 *
 * An upload is parsed and profiled as soon as it arrives, but the dataset is only created when
 * the user confirms its name, key column and shorthand mapping. Meanwhile the bytes wait here, as
 * a file beside the database (`<data dir>/uploads/<token>.csv`, with a `.json` sidecar). Files
 * rather than a staging table because a staged upload can be 200 MB: writing it into SQLite and
 * then again as the dataset's first version would double the write and bloat the WAL for bytes
 * that are often abandoned; a file costs one sequential write and is deleted with one call.
 * Staged uploads expire after `STAGING_TTL_MS` and are swept on the next upload. On several app
 * instances the confirm step must reach the instance that staged the file (or the directory must
 * be shared), which is the one constraint this choice adds.
 */

const STAGING_TTL_MS = 60 * 60 * 1000;

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StagedMeta {
  token: string;
  fileName: string;
  byteSize: number;
  sha256: string;
  actor: string;
  createdAt: string;
  /** The separator the user chose, when not the one read from the file. */
  delimiter?: Delimiter;
}

/** The staging directory: `uploads/` beside the SQLite file, so each database has its own. */
function stagingDir(): string {
  const base = dataDirectory(env().DATABASE_URL) ?? path.join(os.tmpdir(), "signoff");
  return path.join(base, "uploads");
}

export function newStagingToken(): string {
  return randomUUID();
}

function isStagingToken(token: string): boolean {
  return TOKEN.test(token);
}

function pathsOf(token: string) {
  if (!isStagingToken(token)) throw new Error("Not a staging token.");
  const dir = stagingDir();
  return { csv: path.join(dir, `${token}.csv`), meta: path.join(dir, `${token}.json`) };
}

/** Stores an upload's bytes and metadata under its token. */
export async function writeStaged(meta: StagedMeta, bytes: Uint8Array): Promise<void> {
  const paths = pathsOf(meta.token);
  await mkdir(path.dirname(paths.csv), { recursive: true });
  await writeFile(paths.csv, bytes);
  await writeFile(paths.meta, JSON.stringify(meta));
}

/** A staged upload, or null when the token is unknown or expired. */
export async function readStaged(
  token: string,
  now = Date.now(),
): Promise<{ meta: StagedMeta; bytes: Buffer } | null> {
  if (!isStagingToken(token)) return null;
  const paths = pathsOf(token);
  let meta: StagedMeta;
  // The staged files live beside the database, found at run time: the bundler cannot know the
  // folder, and without the ignore comments it would trace the whole project into the build.
  try {
    meta = JSON.parse(await readFile(/*turbopackIgnore: true*/ paths.meta, "utf8")) as StagedMeta;
  } catch {
    return null;
  }
  if (now - Date.parse(meta.createdAt) > STAGING_TTL_MS) {
    await discardStaged(token);
    return null;
  }
  return { meta, bytes: await readFile(/*turbopackIgnore: true*/ paths.csv) };
}

export async function discardStaged(token: string): Promise<void> {
  const paths = pathsOf(token);
  await Promise.all([rm(paths.csv, { force: true }), rm(paths.meta, { force: true })]);
}

/** Deletes staged files older than the TTL. Errors are ignored: it is housekeeping. */
export async function sweepStaged(now = Date.now()): Promise<number> {
  const dir = stagingDir();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (now - info.mtimeMs > STAGING_TTL_MS) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // Another request removed it first.
    }
  }
  return removed;
}

/** Tokens currently staged (tests check that a rejected upload leaves nothing behind). */
export async function listStaged(): Promise<string[]> {
  try {
    return (await readdir(stagingDir())).filter((name) => name.endsWith(".csv"));
  } catch {
    return [];
  }
}
