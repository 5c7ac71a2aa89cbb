import type { Metadata } from "next";
import { NewPlanForm } from "@/components/plan-new/new-plan-form";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { listDatasetsForPlanning } from "@/lib/db/datasets";
import { describePlannerChoice } from "@/lib/services/planner-config";

export const metadata: Metadata = { title: "New plan" };
export const dynamic = "force-dynamic";

export default async function NewPlanPage({
  searchParams,
}: {
  searchParams: Promise<{ dataset?: string }>;
}) {
  await requirePageActor("plan.draft");
  const [{ dataset }, datasets] = await Promise.all([searchParams, listDatasetsForPlanning()]);
  return (
    <>
      <PageHeader
        title="New plan"
        description="Describe the change in plain English. You will review the plan and preview every changed cell before anything is applied."
      />
      {datasets.length === 0 ? (
        <EmptyState
          title="No dataset to plan against"
          action={<ButtonLink href="/datasets/upload">Upload a CSV</ButtonLink>}
        >
          Plans change a dataset. Upload one first.
        </EmptyState>
      ) : (
        <NewPlanForm
          datasets={datasets}
          initialDatasetId={
            dataset && datasets.some((d) => d.id === dataset) ? dataset : datasets[0].id
          }
          planner={describePlannerChoice()}
        />
      )}
    </>
  );
}
