import { readFile } from "node:fs/promises";
import path from "node:path";
import { CsvError, type CsvTable } from "@/lib/dataset/csv";
import type { Delimiter } from "@/lib/dataset/csv-dialect";
import { explainKeyColumn } from "@/lib/dataset/key-reason";
import { likelyKeyColumn, profileDatasetOnDemand } from "@/lib/dataset/profile";
import { keyCheckAside, parseCsvInParallel, sha256Aside } from "@/lib/dataset/scan-worker";
import { readFileShared } from "@/lib/dataset/shared-file";
import type { DatasetProfile } from "@/lib/dataset/types";
import { dictionaryEncodingByHeader } from "@/lib/executor";
import { hasErrors, type PlanIssue } from "@/lib/plan/issues";
import { locatePath, parsePlanText } from "@/lib/plan/json-text";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";
import { schemaIssues } from "@/lib/plan/schema-issues";
import { type KnownValues, validatePlan } from "@/lib/plan/validate";
import { CliError, describeFsError, EXIT } from "./errors";

/**
 * Reading a command's inputs, in the order the seed executor's contract asks for: the plan file
 * is parsed and checked against the schema before the CSV is opened; the CSV is then read and
 * profiled, and the plan checked against that profile before anything runs.
 */

export interface LoadedPlan {
  plan: ExecutionPlan;
  /** The file's JSON value as written, for the audit's plan_snapshot. */
  snapshot: unknown;
  text: string;
  file: string;
}

export interface LoadedCsv {
  table: CsvTable;
  profile: DatasetProfile;
  bytes: Uint8Array;
  /**
   * The file's sha256 (hex). The first call starts it on another thread, where it is taken while
   * the run goes on.
   */
  sha256(): Promise<string>;
  file: string;
  /** Set when the key was picked for the user and the first column could not be it. */
  keyWarning?: string;
}

/** Read, parse and schema-check a plan file. Exit 1 if unreadable, 2 if not a valid plan. */
export async function readPlanFile(file: string): Promise<LoadedPlan> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      EXIT.unreadableInput,
      `cannot read the plan ${file}: ${describeFsError(error)}`,
    );
  }
  const parsed = parsePlanText(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    throw new CliError(EXIT.invalidPlan, `${file}:${line}:${column}: not valid JSON: ${message}`);
  }
  const result = executionPlanSchema.safeParse(parsed.value);
  if (!result.success) {
    throw invalidPlan(file, text, schemaIssues(result.error, parsed.value));
  }
  return { plan: result.data, snapshot: parsed.value, text, file };
}

export interface CsvFileOptions {
  /** The user's key column; picked from the table when absent. */
  keyColumn?: string;
  delimiter?: Delimiter;
  /** The plan that will run on it: the column its filters read in full is encoded as it is read. */
  plan?: ExecutionPlan;
}

/** Read, parse and profile a CSV file. Exit 1 when it cannot be read or is not a valid CSV. */
export async function readCsvFile(
  file: string,
  { keyColumn, delimiter, plan }: CsvFileOptions = {},
): Promise<LoadedCsv> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileShared(file);
  } catch (error) {
    throw new CliError(
      EXIT.unreadableInput,
      `cannot read the CSV ${file}: ${describeFsError(error)}`,
    );
  }
  try {
    const table = parseCsvInParallel(bytes, {
      ...(delimiter ? { delimiter } : {}),
      likelyKeyColumn: keyColumn === undefined ? likelyKeyColumn : () => keyColumn,
      ...(plan ? { encode: (header) => dictionaryEncodingByHeader(plan, header) } : {}),
    });
    // Profiled as it is read: a plan that names two columns has the other five left unscanned.
    const profile = profileDatasetOnDemand(table, {
      ...(keyColumn === undefined ? {} : { keyColumn }),
      checkKeysAside: keyCheckAside(),
    });
    const picked =
      keyColumn === undefined ? explainKeyColumn(profile, profile.keyColumn).warning : undefined;
    const keyWarning = picked && `${picked} --key COLUMN picks another.`;
    let digest: Promise<string> | undefined;
    const sha256 = () => {
      digest ??= sha256Aside(bytes);
      return digest;
    };
    return { table, profile, bytes, sha256, file, ...(keyWarning ? { keyWarning } : {}) };
  } catch (error) {
    if (error instanceof CsvError) {
      const where = error.line === null ? file : `${file}:${error.line}`;
      throw new CliError(EXIT.unreadableInput, `cannot read the CSV ${where}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Check the plan against the CSV's profile (and its every key). Errors exit 2; the warnings are
 * returned for the caller to show.
 */
export function checkPlanAgainstCsv(loaded: LoadedPlan, csv: LoadedCsv): PlanIssue[] {
  const { issues } = validatePlan(loaded.snapshot, csv.profile, { knownKeys: tableKeys(csv) });
  if (hasErrors(issues)) {
    throw invalidPlan(loaded.file, loaded.text, issues, path.basename(csv.file));
  }
  return issues;
}

/** The table's keys through its own key index (the profile made the key column its key). */
function tableKeys(csv: LoadedCsv): KnownValues | undefined {
  const { table } = csv;
  const col = table.columnIndex(csv.profile.keyColumn);
  if (col < 0 || table.keyColumnIndex !== col) return undefined;
  return {
    has: (key) => table.rowOfKey(key) >= 0,
    size: table.rowCount,
    [Symbol.iterator]: () => table.column(col)[Symbol.iterator](),
  };
}

function invalidPlan(file: string, text: string, issues: PlanIssue[], against?: string): CliError {
  const errors = issues.filter((issue) => issue.severity === "error");
  const count = `${errors.length} error${errors.length === 1 ? "" : "s"}`;
  const summary = against
    ? `${file} does not fit ${against} (${count})`
    : `${file} is not a valid plan (${count})`;
  return new CliError(
    EXIT.invalidPlan,
    summary,
    issues.map((issue) => formatIssue(issue, file, text)),
  );
}

/** `plan.json:16:34: error: operations[1]…: no category …` — the line an editor can jump to. */
export function formatIssue(issue: PlanIssue, file: string, text: string): string {
  const at = locatePath(text, issue.path);
  const where = at ? `${file}:${at.line}:${at.column}` : file;
  return `${where}: ${issue.severity}: ${issue.message}`;
}
