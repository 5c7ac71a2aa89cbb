"use server";

import { z } from "zod";
import { serverAction } from "@/lib/actions/server-action";
import { copyPlan, createManualPlan } from "@/lib/services/create-plan";

/** Opens an empty plan in the editor, for writing it by hand or importing a file. */
export const startManualPlan = serverAction(
  {
    schema: z.object({
      datasetId: z.string().min(1),
      instruction: z.string().max(4000).default(""),
    }),
    permission: "plan.draft",
  },
  async ({ datasetId, instruction }, { actor }) =>
    createManualPlan({ datasetId, instruction, actor }),
);

/** A new draft with another plan's content (a rejected plan's author starting again). */
export const copyPlanAction = serverAction(
  { schema: z.object({ planId: z.string().min(1) }), permission: "plan.draft" },
  async ({ planId }, { actor }) => copyPlan({ planId, actor }),
);
