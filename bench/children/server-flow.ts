/**
 * What the server benchmarks (memory, health-under-load) do to a running server, over HTTP as
 * the browser does: upload a catalog, draft a plan that raises every price, preview, approve.
 */
import { readFileSync } from "node:fs";
import type { ActionResult } from "@/lib/actions/server-action";
import { callAction, type Session, uploadCsv } from "../../tests/server/support/http";
import type { RunningServer } from "../../tests/server/support/server";

function unwrap<T>(result: ActionResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.error}`);
  return result.data;
}

/** Uploads the CSV file and confirms it as a dataset; its id. */
export async function uploadCatalog(
  server: RunningServer,
  author: Session,
  csvFile: string,
  name: string,
): Promise<string> {
  const upload = await uploadCsv(server, author, new Uint8Array(readFileSync(csvFile)), "big.csv");
  if (!upload.body.ok || !upload.body.data) throw new Error(`upload: ${upload.body.error}`);
  const { datasetId } = unwrap(
    await callAction<{ datasetId: string }>(server, author, {
      page: "/datasets/upload",
      action: "confirmUploadAction",
      input: { token: upload.body.data.token, name, keyColumn: "sku", shorthand: {} },
    }),
    "confirm upload",
  );
  return datasetId;
}

/** A saved plan raising every price by `percent`; its id. */
export async function draftEveryPricePlan(
  server: RunningServer,
  author: Session,
  datasetId: string,
  executionId: string,
  percent: number,
): Promise<string> {
  const instruction = `Raise every price by ${percent}%`;
  const { planId } = unwrap(
    await callAction<{ planId: string }>(server, author, {
      page: "/plans/new",
      action: "startManualPlan",
      input: { datasetId, instruction },
    }),
    "start plan",
  );
  const plan = {
    execution_id: executionId,
    created_at: "2026-11-25T00:00:00Z",
    source_instruction: instruction,
    operations: [
      {
        operation_id: "op_01",
        filter: {},
        action: { type: "percent_increase", value: percent },
        options: { round_to: 2 },
      },
    ],
  };
  unwrap(
    await callAction(server, author, {
      page: `/plans/${planId}`,
      action: "savePlanRevisionAction",
      input: { planId, plan, note: "benchmark" },
    }),
    "save plan",
  );
  return planId;
}

export interface PreviewAnswer {
  revisionId: string;
  previewHash: string;
}

export async function previewPlan(
  server: RunningServer,
  user: Session,
  planId: string,
): Promise<PreviewAnswer> {
  const preview = unwrap(
    await callAction<{ ok: boolean } & PreviewAnswer>(server, user, {
      page: `/plans/${planId}`,
      action: "previewPlanAction",
      input: { planId },
    }),
    "preview",
  );
  if (!preview.ok) throw new Error("preview blocked");
  return preview;
}

export async function approvePlan(
  server: RunningServer,
  user: Session,
  planId: string,
  preview: PreviewAnswer,
): Promise<void> {
  unwrap(
    await callAction(server, user, {
      page: `/plans/${planId}`,
      action: "approvePlanAction",
      input: { planId, ...preview },
    }),
    "approve",
  );
}
