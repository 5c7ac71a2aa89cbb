import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  approvePlanAction,
  previewPlanAction,
  savePlanRevisionAction,
  submitPlanAction,
} from "@/lib/actions/plans";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { actAs, type TestUser } from "./auth";

const fixtures = path.resolve(__dirname, "../fixtures");
let counter = 0;

/**
 * A previewed plan whose latest revision `author` wrote, through the same actions the plan page
 * calls: the plan is created, `author` saves a revision and previews it.
 */
export async function previewedPlanBy(author: TestUser, options: { executionId?: string } = {}) {
  counter += 1;
  const content = await readFile(path.join(fixtures, "seed-products.csv"));
  const { datasetId } = await createDataset({
    name: `Products ${counter}`,
    content,
    actor: "system:test",
  });
  const plan = JSON.parse(
    await readFile(path.join(fixtures, "seed-plan-fitness-10pct.json"), "utf8"),
  );
  plan.execution_id = `four_eyes_${counter}_${Date.now()}`;
  const { planId } = await createManualPlan({
    datasetId,
    plan,
    actor: { id: "system:test", name: "Test", role: "admin" },
  });
  actAs(author);
  // A save must change the plan to make its saver an author (an identical save is no revision).
  plan.operations[0].description = `Edited by ${author.email}`;
  // An id the author types is kept; otherwise the edit takes the next id of its series.
  if (options.executionId) plan.execution_id = options.executionId;
  const saved = await savePlanRevisionAction({ planId, plan, note: "my edit" });
  if (!saved.ok) throw new Error(saved.error);
  const preview = await previewPlanAction({ planId });
  if (!preview.ok || !preview.data.ok)
    throw new Error(`preview failed: ${JSON.stringify(preview)}`);
  return { planId, revisionId: preview.data.revisionId, previewHash: preview.data.previewHash };
}

/** A previewed plan its author has submitted for approval (it waits in the queue). */
export async function submittedPlanBy(author: TestUser) {
  const previewed = await previewedPlanBy(author);
  actAs(author);
  const submitted = await submitPlanAction({ planId: previewed.planId });
  if (!submitted.ok) throw new Error(submitted.error);
  return previewed;
}

export function approveAs(
  user: TestUser,
  previewed: Awaited<ReturnType<typeof previewedPlanBy>> & { comment?: string },
) {
  actAs(user);
  return approvePlanAction(previewed);
}
