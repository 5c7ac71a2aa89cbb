import type { Delimiter } from "@/lib/dataset/csv-dialect";
import { changeImpact } from "@/lib/diff/impact";
import { toAppError } from "@/lib/errors";
import { type ApprovePlanOptions, approvePlan } from "@/lib/services/approve-plan";
import { cachedPreviewPage, cachedPreviewRows } from "@/lib/services/preview-cache";
import { type PreviewPlanOptions, previewPlan } from "@/lib/services/preview-plan";
import {
  type ConfirmUploadOptions,
  confirmUpload,
  profileUpload,
} from "@/lib/services/upload-dataset";
import { findVersionRow, queryVersionRows, type RowWindowQuery } from "@/lib/services/version-rows";

/**
 * The work that holds a CPU for long on a large table — parsing, profiling, dry runs, the
 * computing part of approval — and the reads that need the parsed tables and previews it keeps.
 * `compute` (pool.ts) runs these on the compute thread in the server, so that one large preview
 * does not stall every other request; each returns plain data that crosses threads.
 */
export const computeTasks = {
  /** A preview's summary: the change set stays on the compute thread, served in pages. */
  async previewPlan(options: PreviewPlanOptions) {
    const preview = await previewPlan(options);
    if (!preview.ok) return preview;
    const { changes, ...summary } = preview;
    const impact = changeImpact(changes, { styles: preview.styles });
    return { ...summary, changeCount: changes.length, impact };
  },
  approvePlan: (options: ApprovePlanOptions) => approvePlan(options),
  previewChangePage: async (input: { planId: string; hash: string; from: number; limit: number }) =>
    cachedPreviewPage(input.planId, input.hash, input.from, input.limit),
  previewChangedRows: async (input: { planId: string; hash: string }) =>
    cachedPreviewRows(input.planId, input.hash),
  versionRows: (query: RowWindowQuery) => queryVersionRows(query),
  versionRow: (input: { versionId: string; keyColumn: string; rowKey: string }) =>
    findVersionRow(input.versionId, input.keyColumn, input.rowKey),
  confirmUpload: (options: ConfirmUploadOptions) => confirmUpload(options),
  profileUpload: async (input: { bytes: Uint8Array; delimiter?: Delimiter }) =>
    profileUpload(input.bytes, input.delimiter),
};

export type ComputeTasks = typeof computeTasks;
export type TaskName = keyof ComputeTasks;

interface TaskRequest<N extends TaskName = TaskName> {
  name: N;
  input: Parameters<ComputeTasks[N]>[0];
}

/** What crosses back: the value, or the failure as an AppError's fields. */
export type TaskAnswer =
  | { ok: true; value: unknown }
  | { ok: false; code: string; message: string; detail?: Record<string, unknown> };

/** Runs one task on this thread: the compute thread's entry point (worker.mjs). */
export async function runTask(request: TaskRequest): Promise<TaskAnswer> {
  try {
    const task = computeTasks[request.name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await task(request.input) };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "internal") console.error(error);
    return { ok: false, code: appError.code, message: appError.message, detail: appError.detail };
  }
}
