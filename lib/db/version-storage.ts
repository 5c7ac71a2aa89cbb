import "server-only";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { applyLinePatch, linePatch } from "@/lib/dataset/line-patch";
import type { Tx } from "./client";
import { asBytes } from "./json";

/**
 * How version bytes are kept, so storage grows with what changed rather than with the table.
 * A dataset's current version is kept whole ("raw"): previews and approvals read it. When a new
 * version is written on top of it, the old one becomes the lines that differ from the new one
 * ("patch", compressed; lib/dataset/line-patch.ts), unless most of its lines changed (then it
 * stays whole: the change was as large as the table). Every SNAPSHOT_EVERY-th version is kept
 * whole and compressed ("deflate") instead, so an old version is never more than that many
 * patches away from whole bytes. Reading walks the chain forward to whole bytes and applies the
 * patches back; the bytes read are exactly those written, which `sha256` and the integrity check
 * confirm.
 */

/** Every this-many-th version of a dataset is kept whole (compressed), not as a patch. */
export const SNAPSHOT_EVERY = 24;

type Storage = "raw" | "deflate" | "patch";

interface StoredVersion {
  id: string;
  content: Uint8Array;
  storage: string;
  deltaOfId: string | null;
}

const STORED = { id: true, content: true, storage: true, deltaOfId: true } as const;

/**
 * A version's exact bytes, or null when there is no such version. Reads the versions it is kept
 * against, newest last, and applies their patches back.
 */
export async function readVersionBytes(client: Tx, versionId: string): Promise<Uint8Array | null> {
  const first = await client.datasetVersion.findUnique({
    where: { id: versionId },
    select: STORED,
  });
  if (!first) return null;
  const chain: StoredVersion[] = [first];
  let last: StoredVersion = first;
  while (last.storage === "patch") {
    if (!last.deltaOfId || chain.length > SNAPSHOT_EVERY * 4) {
      throw new Error(`Version ${versionId} cannot be rebuilt: its chain of patches is broken.`);
    }
    const next = await client.datasetVersion.findUnique({
      where: { id: last.deltaOfId },
      select: STORED,
    });
    if (!next)
      throw new Error(`Version ${last.deltaOfId}, which ${last.id} is kept against, is missing.`);
    chain.push(next);
    last = next;
  }
  let bytes = wholeBytes(last);
  for (let at = chain.length - 2; at >= 0; at--) {
    bytes = applyLinePatch(bytes, inflateRawSync(chain[at].content));
  }
  return bytes;
}

function wholeBytes(version: StoredVersion): Uint8Array {
  const content = version.content as Uint8Array;
  if (version.storage === "raw") return content;
  if (version.storage === "deflate") return new Uint8Array(inflateRawSync(content));
  throw new Error(`Version ${version.id} is stored as "${version.storage}", which is not known.`);
}

/**
 * After `newer` was written on top of `older` (its parent, the dataset's current version until
 * now), keeps `older` as the lines that differ from `newer`. Every SNAPSHOT_EVERY-th version is
 * kept whole and compressed instead; a version that differs from the next in more than half its
 * lines stays as it is (its change was as large as the version).
 */
export async function keepAsPatchOf(
  tx: Tx,
  older: { id: string; number: number; content?: Uint8Array },
  newer: { id: string; content: Uint8Array; rowCount: number; changedRows?: number },
): Promise<void> {
  const snapshot = older.number % SNAPSHOT_EVERY === 0;
  // Known to differ too much for a patch: not worth reading it back to find out.
  if (!snapshot && newer.changedRows !== undefined && newer.changedRows * 2 > newer.rowCount) {
    return;
  }
  const stored = await tx.datasetVersion.findUnique({
    where: { id: older.id },
    select: { storage: true, content: older.content === undefined },
  });
  // Only a version kept whole and uncompressed is rewritten; it was the current one.
  if (stored?.storage !== "raw") return;
  const olderBytes = older.content ?? (stored.content as Uint8Array);
  let update: { content: Uint8Array; storage: Storage; deltaOfId: string | null };
  if (snapshot) {
    // The fastest level: this runs inside the approval, and it still shrinks a CSV fourfold.
    update = {
      content: deflateRawSync(olderBytes, { level: 1 }),
      storage: "deflate",
      deltaOfId: null,
    };
  } else {
    const patch = linePatch(newer.content, olderBytes);
    if (!patch) return;
    // Level 1 as for snapshots: on a third of a million changed lines it takes 0.2 s, not 0.6 s,
    // for a fifth more bytes; a patch of a few changed lines is small at any level.
    update = {
      content: deflateRawSync(patch, { level: 1 }),
      storage: "patch",
      deltaOfId: newer.id,
    };
  }
  await tx.datasetVersion.update({
    where: { id: older.id },
    data: { ...update, content: asBytes(update.content) },
    select: { id: true },
  });
}
