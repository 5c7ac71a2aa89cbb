import "server-only";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { Tx } from "./client";
import { storeVersionContent } from "./version-content";
import { keepAsPatchOf } from "./version-storage";

/**
 * The one writer of dataset versions: an upload's first version, an approval's result, a
 * command-line run's input and result all come through here, and each becomes the dataset's
 * current version together with the profile of its content, so the dataset page, the planner and
 * the next approval read a profile that matches the bytes.
 */
export interface NewVersion {
  datasetId: string;
  /** The version it was made from (an execution's base), or null for a first or uploaded one. */
  parent: { id: string; number: number } | null;
  /** Its number when it is not the parent's next (an upload after others). */
  number?: number;
  content: Uint8Array;
  sha256: string;
  profile: DatasetProfile;
  source: "upload" | "seed" | "execution";
  createdBy: string;
  /** Rows that differ from the parent, when the writer knows (an execution's rows changed). */
  changedRows?: number;
  /** The parent's bytes, when the writer holds them already (spares reading them back). */
  parentContent?: Uint8Array;
  /**
   * The line patch that turns `content` back into the parent's bytes, compressed with raw
   * deflate, when the writer can find it faster than by comparing every line (an execution knows
   * which cells it wrote); null when there is none.
   */
  deflatedPatchToParent?: () => Promise<Uint8Array | null>;
}

const NO_BYTES = new Uint8Array(0);

/**
 * `meanwhile` is the caller's next work in the same transaction, done while the parent version is
 * compressed on another thread (see `keepAsPatchOf`); it has the new version's id.
 */
export async function appendVersion(
  tx: Tx,
  input: NewVersion,
  meanwhile?: (version: { id: string; number: number }) => Promise<void>,
) {
  const version = await tx.datasetVersion.create({
    data: {
      datasetId: input.datasetId,
      number: input.number ?? (input.parent ? input.parent.number + 1 : 1),
      parentId: input.parent?.id ?? null,
      // Written next, the way the database takes large bytes fastest.
      content: NO_BYTES,
      sha256: input.sha256,
      rowCount: input.profile.rowCount,
      byteSize: input.content.byteLength,
      source: input.source,
      createdBy: input.createdBy,
    },
    omit: { content: true },
  });
  await storeVersionContent(tx, version.id, {
    content: input.content,
    storage: "raw",
    deltaOfId: null,
  });
  await tx.dataset.update({
    where: { id: input.datasetId },
    data: { currentVersionId: version.id, profileJson: JSON.stringify(input.profile) },
  });
  const next = async () => meanwhile?.(version);
  // The version it was made from stops being current: it is kept as what differs from this one.
  if (input.parent) {
    await keepAsPatchOf(
      tx,
      { ...input.parent, content: input.parentContent },
      {
        id: version.id,
        content: input.content,
        rowCount: input.profile.rowCount,
        changedRows: input.changedRows,
        deflatedPatchToOlder: input.deflatedPatchToParent,
      },
      next,
    );
  } else await next();
  return version;
}
