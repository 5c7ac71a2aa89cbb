import "server-only";
import { promisify } from "node:util";
import { deflateRaw, inflateRawSync } from "node:zlib";
import { applyLinePatch, linePatch } from "@/lib/dataset/line-patch";
import type { Tx } from "./client";
import { type Storage, storedContent, storeVersionContent } from "./version-content";

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

interface StoredVersion {
  id: string;
  storage: string;
  deltaOfId: string | null;
}

const STORED = { id: true, storage: true, deltaOfId: true } as const;

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
  let bytes = await wholeBytes(client, last);
  for (let at = chain.length - 2; at >= 0; at--) {
    bytes = applyLinePatch(bytes, inflateRawSync(await storedContent(client, chain[at].id)));
  }
  return bytes;
}

async function wholeBytes(client: Tx, version: StoredVersion): Promise<Uint8Array> {
  if (version.storage === "raw") return storedContent(client, version.id);
  if (version.storage === "deflate") {
    return new Uint8Array(inflateRawSync(await storedContent(client, version.id)));
  }
  throw new Error(`Version ${version.id} is stored as "${version.storage}", which is not known.`);
}

const deflateRawAsync = promisify(deflateRaw);

async function compressed(patch: Uint8Array | null): Promise<Uint8Array | null> {
  return patch && deflateRawAside(patch);
}

/**
 * Compression on libuv's thread pool, so this thread goes on with the transaction meanwhile. The
 * output buffer is as large as the input: with the default 16 KiB the compression would stop
 * after each piece to be handed the next buffer by this thread, which is busy.
 */
function deflateRawAside(bytes: Uint8Array): Promise<Uint8Array> {
  return deflateRawAsync(bytes, { level: 1, chunkSize: Math.max(64 * 1024, bytes.length + 1024) });
}

/**
 * After `newer` was written on top of `older` (its parent, the dataset's current version until
 * now), keeps `older` as the lines that differ from `newer`. Every SNAPSHOT_EVERY-th version is
 * kept whole and compressed instead; a version that differs from the next in more than half its
 * lines stays as it is (its change was as large as the version).
 *
 * The compression runs on another thread while `meanwhile` (the caller's next writes in the same
 * transaction) runs here; the older version is rewritten once both are done.
 */
export async function keepAsPatchOf(
  tx: Tx,
  older: { id: string; number: number; content?: Uint8Array },
  newer: {
    id: string;
    content: Uint8Array;
    rowCount: number;
    changedRows?: number;
    /**
     * `linePatch(content, older's bytes)` compressed with raw deflate, when the writer of `newer`
     * can find it faster (off this thread); null when there is none.
     */
    deflatedPatchToOlder?: () => Promise<Uint8Array | null>;
  },
  meanwhile: () => Promise<void> = async () => {},
): Promise<void> {
  const compacting = await compactedForm(tx, older, newer);
  // Settled here too, so that a failure of `meanwhile` leaves no rejection unobserved.
  compacting?.update.catch(() => {});
  await meanwhile();
  const update = await compacting?.update;
  if (update) await storeVersionContent(tx, older.id, update);
}

interface StoredForm {
  content: Uint8Array;
  storage: Storage;
  deltaOfId: string | null;
}

/**
 * How `older` is to be kept from now on, being worked out on other threads (null inside: keep it
 * whole after all); null when it stays as it is.
 */
async function compactedForm(
  tx: Tx,
  older: { id: string; number: number; content?: Uint8Array },
  newer: Parameters<typeof keepAsPatchOf>[2],
): Promise<{ update: Promise<StoredForm | null> } | null> {
  const snapshot = older.number % SNAPSHOT_EVERY === 0;
  // Known to differ too much for a patch: not worth reading it back to find out.
  if (!snapshot && newer.changedRows !== undefined && newer.changedRows * 2 > newer.rowCount) {
    return null;
  }
  const stored = await tx.datasetVersion.findUnique({
    where: { id: older.id },
    select: { storage: true },
  });
  // Only a version kept whole and uncompressed is rewritten; it was the current one.
  if (stored?.storage !== "raw") return null;
  if (snapshot) {
    const olderBytes = older.content ?? (await storedContent(tx, older.id));
    // The fastest level: this runs inside the approval, and it still shrinks a CSV fourfold.
    const content = deflateRawAside(olderBytes);
    return {
      update: content.then((bytes) => ({ content: bytes, storage: "deflate", deltaOfId: null })),
    };
  }
  // Level 1 as for snapshots: on a third of a million changed lines it takes 0.2 s, not 0.6 s,
  // for a fifth more bytes; a patch of a few changed lines is small at any level.
  const deflated = newer.deflatedPatchToOlder
    ? newer.deflatedPatchToOlder()
    : compressed(linePatch(newer.content, older.content ?? (await storedContent(tx, older.id))));
  const update = deflated.then(
    (content): StoredForm | null => content && { content, storage: "patch", deltaOfId: newer.id },
  );
  return { update };
}
