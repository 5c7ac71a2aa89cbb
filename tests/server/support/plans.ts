import { expect } from "vitest";
import type { ActionResult } from "@/lib/actions/server-action";
import { createDb, type Db } from "@/lib/db/client";
import type { ExecutionPlan } from "@/lib/plan/schema";
import type { ApprovedExecution } from "@/lib/services/approve-plan";
import { callAction, type Session } from "./http";
import { databaseUrl, type RunningServer } from "./server";

/** A Prisma client on a server's database file, for setup lookups and checks after the fact. */
export function openDatabase(dataDir: string): Db {
  return createDb(databaseUrl(dataDir));
}

export async function datasetIdByName(client: Db, name: string): Promise<string> {
  const dataset = await client.dataset.findUniqueOrThrow({ where: { name } });
  return dataset.id;
}

/** A plan adding `amount` to every row's price (a fixed amount, so every cell really changes). */
export function priceIncreasePlan(executionId: string, amount = 1): ExecutionPlan {
  return {
    format_version: 1,
    execution_id: executionId,
    created_at: new Date().toISOString(),
    source_instruction: `Add ${amount} to every price`,
    operations: [
      {
        operation_id: "op_01",
        filter: {},
        action: { type: "fixed_increase", value: amount },
      },
    ],
  };
}

/** A plan setting one row's price, found by its key. */
export function setPricePlan(executionId: string, sku: string, price: number): ExecutionPlan {
  return {
    format_version: 1,
    execution_id: executionId,
    created_at: new Date().toISOString(),
    source_instruction: `Set the price of ${sku} to ${price}`,
    operations: [
      {
        operation_id: "op_01",
        filter: { skus: [sku] },
        action: { type: "set_price", value: price },
      },
    ],
  };
}

function unwrap<T>(result: ActionResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${result.code} ${result.error}`);
  return result.data;
}

/**
 * A plan on the dataset's current version whose latest revision `author` wrote, through the
 * actions the new-plan and plan pages call: "write a plan by hand", then save it as a revision.
 */
export async function draftPlan(
  server: RunningServer,
  author: Session,
  datasetId: string,
  plan: ExecutionPlan,
): Promise<string> {
  const { planId } = unwrap(
    await callAction<{ planId: string }>(server, author, {
      page: "/plans/new",
      action: "startManualPlan",
      input: { datasetId, instruction: plan.source_instruction },
    }),
    "startManualPlan",
  );
  unwrap(
    await callAction(server, author, {
      page: `/plans/${planId}`,
      action: "savePlanRevisionAction",
      input: { planId, plan, note: "written by the server tests" },
    }),
    "savePlanRevisionAction",
  );
  return planId;
}

/** What the approve button sends: the plan, the previewed revision and the preview's hash. */
export interface Approval {
  planId: string;
  revisionId: string;
  previewHash: string;
}

export interface Previewed extends Approval {
  baseVersion: number;
  cellsChanged: number;
}

interface PreviewSummary {
  ok: boolean;
  revisionId: string;
  previewHash: string;
  baseVersion: { number: number };
  cellsChanged: number;
}

export async function preview(
  server: RunningServer,
  session: Session,
  planId: string,
): Promise<Previewed> {
  const summary = unwrap(
    await callAction<PreviewSummary>(server, session, {
      page: `/plans/${planId}`,
      action: "previewPlanAction",
      input: { planId },
    }),
    "previewPlanAction",
  );
  expect(summary, "the preview ran").toMatchObject({ ok: true });
  return {
    planId,
    revisionId: summary.revisionId,
    previewHash: summary.previewHash,
    baseVersion: summary.baseVersion.number,
    cellsChanged: summary.cellsChanged,
  };
}

export function approve(
  server: RunningServer,
  session: Session,
  approval: Approval,
): Promise<ActionResult<ApprovedExecution>> {
  const { planId, revisionId, previewHash } = approval;
  return callAction<ApprovedExecution>(server, session, {
    page: `/plans/${planId}`,
    action: "approvePlanAction",
    input: { planId, revisionId, previewHash },
  });
}
