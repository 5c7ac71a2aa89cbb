"use server";

import { z } from "zod";
import { serverAction } from "@/lib/actions/server-action";
import { revertExecution } from "@/lib/services/revert-execution";

/** Drafts the inverse plan of a completed execution; the client opens it for review. */
export const revertExecutionAction = serverAction(
  { schema: z.object({ executionId: z.string().min(1).max(64) }), permission: "execution.revert" },
  async ({ executionId }, { actor }) => revertExecution({ executionId, actor }),
);
