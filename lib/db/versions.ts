import "server-only";
import { db, type Tx } from "./client";
import { readProfile } from "./datasets";
import { readVersionBytes } from "./version-storage";

/** A dataset with its current version's bytes and profile: what planning and previews read. */
export async function loadCurrentVersion(datasetId: string, client: Tx = db()) {
  const dataset = await client.dataset.findUnique({
    where: { id: datasetId },
    include: { currentVersion: { omit: { content: true } } },
  });
  if (!dataset?.currentVersion) return null;
  const current = dataset.currentVersion;
  const content = await readVersionBytes(client, current.id);
  if (!content) return null;
  return {
    dataset,
    version: { ...current, content },
    profile: readProfile(dataset.profileJson),
  };
}

/** A version's exact bytes (rebuilt when it is kept as a patch), or null when there is none. */
export async function loadVersionBytes(
  versionId: string,
  client: Tx = db(),
): Promise<Uint8Array | null> {
  return readVersionBytes(client, versionId);
}
