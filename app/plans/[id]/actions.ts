"use server";

import { z } from "zod";
import { serverAction } from "@/lib/actions/server-action";
import { approvePlan } from "@/lib/services/approve-plan";
import { previewPlan } from "@/lib/services/preview-plan";
import {
  rejectPlan,
  restorePlanRevision,
  savePlanRevision,
} from "@/lib/services/save-plan-revision";

const planId = z.string().min(1);

export const savePlanRevisionAction = serverAction(
  z.object({ planId, plan: z.unknown(), note: z.string().max(500).optional() }),
  (input, { actor }) => savePlanRevision({ ...input, actor }),
);

export const restorePlanRevisionAction = serverAction(
  z.object({ planId, revisionId: z.string().min(1) }),
  (input, { actor }) => restorePlanRevision({ ...input, actor }),
);

export const previewPlanAction = serverAction(z.object({ planId }), async (input, { actor }) => {
  const preview = await previewPlan({ ...input, actor });
  if (!preview.ok) return preview;
  // The output bytes stay on the server; the page needs the summary and the changes.
  const { output: _output, ...rest } = preview;
  return rest;
});

export const approvePlanAction = serverAction(
  z.object({
    planId,
    revisionId: z.string().min(1),
    previewHash: z.string().regex(/^[0-9a-f]{64}$/, "not a preview hash"),
    overrideReason: z.string().max(2000).optional(),
  }),
  (input, { actor }) => approvePlan({ ...input, actor }),
);

export const rejectPlanAction = serverAction(
  z.object({ planId, reason: z.string().max(2000).optional() }),
  (input, { actor }) => rejectPlan({ ...input, actor }),
);
