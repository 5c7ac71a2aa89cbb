import "server-only";
import type { DatasetProfile } from "@/lib/dataset/types";
import { db, type Tx } from "./client";
import { datasetProfileSchema, readJson } from "./json";
import { appendVersion } from "./version-writes";

export interface DatasetSummary {
  id: string;
  name: string;
  rowCount: number;
  columnCount: number;
  currentVersion: number | null;
  updatedAt: Date;
}

export function readProfile(profileJson: string): DatasetProfile {
  return readJson(datasetProfileSchema, profileJson, "dataset profile");
}

/** Datasets for the home page, most recently changed first. */
export async function listDatasets(): Promise<DatasetSummary[]> {
  const datasets = await db().dataset.findMany({
    orderBy: [{ updatedAt: "desc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      profileJson: true,
      updatedAt: true,
      currentVersion: { select: { number: true, rowCount: true } },
    },
  });
  return datasets.map((dataset) => {
    const profile = readProfile(dataset.profileJson);
    return {
      id: dataset.id,
      name: dataset.name,
      rowCount: dataset.currentVersion?.rowCount ?? profile.rowCount,
      columnCount: profile.columns.length,
      currentVersion: dataset.currentVersion?.number ?? null,
      updatedAt: dataset.updatedAt,
    };
  });
}

export interface NewDataset {
  name: string;
  keyColumn: string;
  profile: DatasetProfile;
  content: Uint8Array;
  sha256: string;
  rowCount: number;
  source: "upload" | "seed";
  createdBy: string;
}

/** Creates a dataset with its first version and points the dataset at it. */
export async function insertDataset(tx: Tx, input: NewDataset) {
  const dataset = await tx.dataset.create({
    data: {
      name: input.name,
      keyColumn: input.keyColumn,
      profileJson: JSON.stringify(input.profile),
      createdBy: input.createdBy,
    },
  });
  const version = await appendVersion(tx, {
    datasetId: dataset.id,
    parent: null,
    content: input.content,
    sha256: input.sha256,
    profile: input.profile,
    source: input.source,
    createdBy: input.createdBy,
  });
  return { datasetId: dataset.id, versionId: version.id };
}

export function findDatasetByName(name: string) {
  return db().dataset.findUnique({ where: { name }, select: { id: true } });
}

/** Datasets with their profiles, for choosing one to plan against. */
export async function listDatasetsForPlanning() {
  const datasets = await db().dataset.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      profileJson: true,
      currentVersion: { select: { number: true } },
    },
  });
  return datasets.map((dataset) => ({
    id: dataset.id,
    name: dataset.name,
    currentVersion: dataset.currentVersion?.number ?? null,
    profile: readProfile(dataset.profileJson),
  }));
}
