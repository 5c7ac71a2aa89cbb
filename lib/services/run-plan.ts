import "server-only";
import { CsvError, type CsvTable, type ParseCsvOptions } from "@/lib/dataset/csv";
import { reprofileChangedColumns } from "@/lib/dataset/profile";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import type { DatasetProfile } from "@/lib/dataset/types";
import { type DryRunResult, dryRun, findOrderConflicts } from "@/lib/executor";
import { orderConflictIssues } from "@/lib/plan/conflicts";
import { hasErrors, type PlanIssue } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { cachedTable, rememberTable } from "./table-cache";

/** What a preview reports of a run: not the output bytes or their hash, which only approval reads. */
export type PlanRunResult = Omit<
  DryRunResult,
  | "ok"
  | "output"
  | "outputSha256"
  | "rowOfChange"
  | "outputReplacements"
  | "outputPieces"
  | "outputTable"
  | "changeRecords"
  | "changeRuns"
>;

export type PlanRun =
  | { ok: true; result: DryRunResult; orderIssues: PlanIssue[]; header: readonly string[] }
  | { ok: false; error: string; offendingKeys?: string[]; orderIssues?: PlanIssue[] };

/**
 * Milliseconds spent in each named step of a preview or an approval. The services fill it in when
 * given one; the benchmarks report it so that a slow figure says where its time went.
 */
export type PhaseTimings = Record<string, number>;

/** A lap timer: each call books the time since the previous one under its name. */
export type Lap = (phase: string) => void;

export function phaseClock(timings: PhaseTimings | undefined): Lap {
  if (!timings) return () => {};
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    timings[phase] = (timings[phase] ?? 0) + (now - last);
    last = now;
  };
}

export type VersionTable = { ok: true; table: CsvTable } | { ok: false; error: string };

/**
 * A version parsed with its key column, from the shared cache (`table-cache.ts`) or from
 * `readContent`; a parse encodes `encode`'s columns on its way (`dictionaryEncodingFor` the plan
 * about to run).
 */
export async function versionTable(
  versionId: string,
  keyColumn: string,
  readContent: () => Promise<Uint8Array | null>,
  encode?: ParseCsvOptions["encode"],
  /** The dataset's separator when it was chosen at upload (`DatasetProfile.delimiter`). */
  delimiter?: ParseCsvOptions["delimiter"],
): Promise<VersionTable> {
  const cached = cachedTable(versionId);
  if (cached) return withKeyColumn(cached, keyColumn);
  const content = await readContent();
  if (!content) return { ok: false, error: "The version's content is missing." };
  let table: CsvTable;
  try {
    // The keys are checked while the plan runs; its dry run settles the check.
    table = parseCsvInParallel(content, { keyColumn, encode, delimiter, checkKeysAside: true });
  } catch (error) {
    return storedVersionError(error);
  }
  rememberTable(versionId, table);
  return { ok: true, table };
}

/** A cached table keyed by `keyColumn` (the version viewer may have parsed it without one). */
function withKeyColumn(table: CsvTable, keyColumn: string): VersionTable {
  if (table.keyColumn === keyColumn) return { ok: true, table };
  try {
    table.setKeyColumn(keyColumn);
  } catch (error) {
    return storedVersionError(error);
  }
  return { ok: true, table };
}

function storedVersionError(error: unknown): VersionTable {
  if (error instanceof CsvError)
    return { ok: false, error: `The stored version does not parse: ${error.message}` };
  throw error;
}

/** Dry-runs a plan on a parsed version: the one path previews and approvals share. */
export function runPlan(
  plan: ExecutionPlan,
  table: CsvTable,
  profile: DatasetProfile,
  lap: Lap = () => {},
): PlanRun {
  // Two operations with no path between them must commute on this data; when they do not, the
  // order would be arbitrary, so the plan is refused before anything runs.
  const orderIssues = orderConflictIssues(plan, findOrderConflicts(plan, table, profile));
  lap("order_conflicts");
  if (hasErrors(orderIssues))
    return { ok: false, error: "order-dependent operations", orderIssues };
  const outcome = dryRun(plan, table, profile);
  lap("dry_run");
  if (!outcome.ok) {
    return { ok: false, error: outcome.error.message, offendingKeys: outcome.error.offendingKeys };
  }
  return { ok: true, result: outcome, orderIssues, header: table.header };
}

/**
 * The version an execution produced, parsed, and its profile. Only the columns the changes touch
 * are profiled again; the key column and the user's shorthand mapping carry over.
 */
export function profileNewVersion(
  content: Uint8Array,
  previous: DatasetProfile,
  /** The columns the execution changed cells of. */
  changedColumns: Iterable<string>,
  /** The version already parsed, when the run could derive it (`DryRunResult.outputTable`). */
  parsed?: CsvTable | null,
): { table: CsvTable; profile: DatasetProfile } {
  const table = parsed ?? parseCsvInParallel(content, { delimiter: previous.delimiter });
  const profile = reprofileChangedColumns(table, previous, changedColumns);
  return { table, profile };
}
