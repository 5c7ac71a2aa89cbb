import "server-only";
import { db } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import { AppError } from "@/lib/errors";
import type { PlanIssue } from "@/lib/plan/issues";
import { validatePlan as validateAgainstProfile } from "@/lib/plan/validate";

export interface ValidatePlanOptions {
  planId: string;
  plan: unknown;
}

/**
 * Checks a plan the editor holds (typed, imported or pasted) against the schema and against the
 * plan's dataset as it is now: the dataset's profile follows its current version, so a column an
 * execution added since the plan was drafted counts. Nothing is written; saving is
 * `savePlanRevision`, which runs the same check.
 */
export async function validatePlan(options: ValidatePlanOptions): Promise<{ issues: PlanIssue[] }> {
  const plan = await db().plan.findUnique({
    where: { id: options.planId },
    select: { dataset: { select: { profileJson: true } } },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  const { issues } = validateAgainstProfile(options.plan, readProfile(plan.dataset.profileJson));
  return { issues };
}
