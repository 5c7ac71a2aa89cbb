import type { Delimiter } from "@/lib/dataset/csv-dialect";
import "server-only";
import { createHash } from "node:crypto";
import { CsvError } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { applyShorthandChoice, type ShorthandChoice } from "@/lib/dataset/shorthand-choice";
import type { DatasetProfile } from "@/lib/dataset/types";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { insertDataset } from "@/lib/db/datasets";
import { AppError, prismaErrorCode } from "@/lib/errors";

export interface CreateDatasetOptions {
  name: string;
  content: Uint8Array;
  /** The key column the user confirmed; profiling picks one when absent. */
  keyColumn?: string;
  /** The user's shorthand picks (a column, or null for none); the profile's mapping otherwise. */
  shorthand?: ShorthandChoice;
  actor: string;
  source?: "upload" | "seed";
  /** The separator chosen at upload; remembered in the profile for every later read. */
  delimiter?: Delimiter;
}

export interface CreatedDataset {
  datasetId: string;
  versionId: string;
  rowCount: number;
}

/**
 * Parses and profiles a CSV, then stores the dataset and its first version in one transaction.
 * A file that does not parse stores nothing.
 */
export async function createDataset(options: CreateDatasetOptions): Promise<CreatedDataset> {
  const name = options.name.trim();
  if (!name) throw new AppError("invalid_input", "Give the dataset a name.");

  let profile: DatasetProfile;
  try {
    const table = parseCsvInParallel(options.content, { delimiter: options.delimiter });
    profile = profileDataset(table, { keyColumn: options.keyColumn });
    if (options.delimiter) profile = { ...profile, delimiter: options.delimiter };
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError("invalid_csv", error.message, { line: error.line, csvCode: error.code });
    }
    throw error;
  }
  try {
    profile = applyShorthandChoice(profile, options.shorthand);
  } catch (error) {
    throw new AppError("invalid_input", (error as Error).message, { field: "shorthand" });
  }
  const sha256 = createHash("sha256").update(options.content).digest("hex");

  try {
    const created = await db().$transaction(async (tx) => {
      const ids = await insertDataset(tx, {
        name,
        keyColumn: profile.keyColumn,
        profile,
        content: options.content,
        sha256,
        rowCount: profile.rowCount,
        source: options.source ?? "upload",
        createdBy: options.actor,
      });
      await recordAuditEvent(tx, {
        actor: options.actor,
        type: options.source === "seed" ? "dataset.seeded" : "dataset.uploaded",
        subjectType: "dataset",
        subjectId: ids.datasetId,
        datasetId: ids.datasetId,
        detail: { name, rows: profile.rowCount, bytes: options.content.byteLength, sha256 },
      });
      return ids;
    });
    return { ...created, rowCount: profile.rowCount };
  } catch (error) {
    if (prismaErrorCode(error) === "P2002") {
      throw new AppError(
        "conflict",
        `A dataset named "${name}" already exists. Pick another name.`,
      );
    }
    throw error;
  }
}
