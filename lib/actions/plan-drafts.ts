"use server";

import { z } from "zod";
import { serverAction } from "@/lib/actions/server-action";
import { createManualPlan } from "@/lib/services/create-plan";

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
