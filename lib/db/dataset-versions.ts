import "server-only";
import { db } from "./client";
import { readProfile } from "./datasets";
import { actorLabels } from "./users";
import { readVersionBytes } from "./version-storage";

/** Reads behind the dataset page, its versions, version diffs and downloads. */

export interface VersionSummary {
  id: string;
  number: number;
  source: string;
  rowCount: number;
  byteSize: number;
  sha256: string;
  createdAt: Date;
  createdBy: string;
  /** `createdBy` as people read it. */
  createdByName: string;
  parentNumber: number | null;
  /** The execution that produced this version, when one did. */
  execution: { id: string; executionId: string; instruction: string; status: string } | null;
}

/** A dataset with its profile and every version, newest first; null when it does not exist. */
export async function findDatasetWithVersions(datasetId: string) {
  const dataset = await db().dataset.findUnique({
    where: { id: datasetId },
    select: {
      id: true,
      name: true,
      keyColumn: true,
      profileJson: true,
      createdAt: true,
      createdBy: true,
      currentVersionId: true,
      versions: {
        orderBy: { number: "desc" },
        select: {
          id: true,
          number: true,
          source: true,
          rowCount: true,
          byteSize: true,
          sha256: true,
          createdAt: true,
          createdBy: true,
          parent: { select: { number: true } },
          resultOf: { select: { id: true, executionId: true, instruction: true, status: true } },
        },
      },
    },
  });
  if (!dataset) return null;
  const names = await actorLabels(dataset.versions.map((version) => version.createdBy));
  const versions: VersionSummary[] = dataset.versions.map(({ parent, resultOf, ...version }) => ({
    ...version,
    createdByName: names.get(version.createdBy)?.name ?? version.createdBy,
    parentNumber: parent?.number ?? null,
    execution: resultOf,
  }));
  const current = versions.find((version) => version.id === dataset.currentVersionId) ?? null;
  return {
    id: dataset.id,
    name: dataset.name,
    keyColumn: dataset.keyColumn,
    createdAt: dataset.createdAt,
    createdBy: dataset.createdBy,
    profile: readProfile(dataset.profileJson),
    current,
    versions,
  };
}

export type DatasetWithVersions = NonNullable<Awaited<ReturnType<typeof findDatasetWithVersions>>>;

/** A version's stored bytes with what a download needs to name the file. */
export async function loadVersionContent(datasetId: string, number: number) {
  const version = await db().datasetVersion.findUnique({
    where: { datasetId_number: { datasetId, number } },
    select: {
      id: true,
      number: true,
      sha256: true,
      rowCount: true,
      dataset: { select: { name: true, keyColumn: true, profileJson: true } },
    },
  });
  const content = version && (await readVersionBytes(db(), version.id));
  if (!version || !content) return null;
  return {
    id: version.id,
    number: version.number,
    content,
    sha256: version.sha256,
    rowCount: version.rowCount,
    datasetName: version.dataset.name,
    keyColumn: version.dataset.keyColumn,
    delimiter: readProfile(version.dataset.profileJson).delimiter,
  };
}

/** A version's bytes by id (immutable, so callers may cache what they derive from them). */
export async function loadVersionContentById(versionId: string) {
  const version = await db().datasetVersion.findUnique({
    where: { id: versionId },
    select: {
      id: true,
      dataset: { select: { keyColumn: true, profileJson: true } },
    },
  });
  const content = version && (await readVersionBytes(db(), version.id));
  if (!version || !content) return null;
  return {
    id: version.id,
    content,
    keyColumn: version.dataset.keyColumn,
    /** The separator chosen at upload, or undefined (read from the file). */
    delimiter: readProfile(version.dataset.profileJson).delimiter,
  };
}

/** One version with its parent and the execution that produced it, for the version diff page. */
export async function findVersionForDiff(datasetId: string, number: number) {
  return db().datasetVersion.findUnique({
    where: { datasetId_number: { datasetId, number } },
    select: {
      id: true,
      number: true,
      source: true,
      rowCount: true,
      createdAt: true,
      createdBy: true,
      parent: { select: { id: true, number: true, rowCount: true } },
      resultOf: {
        select: {
          id: true,
          executionId: true,
          instruction: true,
          status: true,
          cellsChanged: true,
          rowsChanged: true,
        },
      },
      dataset: { select: { id: true, name: true, keyColumn: true } },
    },
  });
}
