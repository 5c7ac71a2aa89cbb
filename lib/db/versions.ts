import "server-only";
import { db, type Tx } from "./client";
import { readProfile } from "./datasets";

/** A dataset with its current version's bytes and profile: what planning and previews read. */
export async function loadCurrentVersion(datasetId: string, client: Tx = db()) {
  const dataset = await client.dataset.findUnique({
    where: { id: datasetId },
    include: { currentVersion: true },
  });
  if (!dataset?.currentVersion) return null;
  return {
    dataset,
    version: dataset.currentVersion,
    profile: readProfile(dataset.profileJson),
  };
}

export function loadVersion(versionId: string, client: Tx = db()) {
  return client.datasetVersion.findUnique({ where: { id: versionId } });
}

/** A version's stored bytes alone, or null when there is no such version. */
export async function loadVersionBytes(
  versionId: string,
  client: Tx = db(),
): Promise<Uint8Array | null> {
  const version = await client.datasetVersion.findUnique({
    where: { id: versionId },
    select: { content: true },
  });
  return version ? (version.content as Uint8Array) : null;
}
