"use server";

import { z } from "zod";
import { serverAction } from "@/lib/actions/server-action";
import { authorize } from "@/lib/auth/actor";
import { selfApprovalAllowed } from "@/lib/auth/approval-policy";
import { compute } from "@/lib/compute/pool";
import {
  rejectPlan,
  restorePlanRevision,
  savePlanRevision,
  submitPlan,
} from "@/lib/services/save-plan-revision";
import { validatePlan } from "@/lib/services/validate-plan";

const planId = z.string().min(1);

/**
 * The server's verdict on a plan the editor holds, before it is saved: issues with their paths.
 * Only people who may edit a plan have a reason to ask, so it needs the same permission.
 */
export const validatePlanAction = serverAction(
  { schema: z.object({ planId, plan: z.unknown() }), permission: "plan.edit" },
  (input) => validatePlan(input),
);

export const savePlanRevisionAction = serverAction(
  {
    schema: z.object({ planId, plan: z.unknown(), note: z.string().max(500).optional() }),
    permission: "plan.edit",
  },
  (input, { actor }) => savePlanRevision({ ...input, actor }),
);

export const restorePlanRevisionAction = serverAction(
  { schema: z.object({ planId, revisionId: z.string().min(1) }), permission: "plan.edit" },
  (input, { actor }) => restorePlanRevision({ ...input, actor }),
);

export const previewPlanAction = serverAction(
  { schema: z.object({ planId }), permission: "plan.preview" },
  async (input, { actor }) => {
    // The change set is fetched by the diff table from a route handler (preview-cache.ts) and the
    // output bytes stay on the server: the action answers with the summary only.
    return compute("previewPlan", { ...input, actor });
  },
);

export const approvePlanAction = serverAction(
  {
    schema: z.object({
      planId,
      revisionId: z.string().min(1),
      previewHash: z.string().regex(/^[0-9a-f]{64}$/, "not a preview hash"),
      overrideReason: z.string().max(2000).optional(),
      comment: z.string().max(2000).optional(),
    }),
    permission: "plan.approve",
  },
  (input, { actor }) => {
    // Approving past a failed guard is its own permission (the same roles hold it today).
    if (input.overrideReason?.trim()) authorize(actor, "guard.override");
    return compute("approvePlan", { ...input, actor, allowSelfApproval: selfApprovalAllowed() });
  },
);

export const submitPlanAction = serverAction(
  { schema: z.object({ planId }), permission: "plan.edit" },
  (input, { actor }) => submitPlan({ ...input, actor }),
);

export const rejectPlanAction = serverAction(
  {
    schema: z.object({
      planId,
      reason: z.string().trim().min(1, "Say why, so the author knows what to change.").max(2000),
    }),
    permission: "plan.reject",
  },
  (input, { actor }) => rejectPlan({ ...input, actor }),
);
