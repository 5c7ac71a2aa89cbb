import { DatasetList } from "@/components/datasets/dataset-list";
import { WaitingPlans } from "@/components/plans/waiting-plans";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { can } from "@/lib/auth/permissions";
import { listDatasets } from "@/lib/db/datasets";
import { listPlans } from "@/lib/db/plan-list";
import { parsePlanFilters, plansHref } from "@/lib/schemas/plans";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const actor = await requirePageActor("dataset.read");
  const canUpload = can(actor.role, "dataset.upload");
  const canDraft = can(actor.role, "plan.draft");
  const mayApprove = can(actor.role, "plan.approve");
  const waitingView = parsePlanFilters({ tab: "awaiting", waiting: "1", size: "25" });
  const [datasets, waiting] = await Promise.all([
    listDatasets(),
    mayApprove ? listPlans(waitingView, { id: actor.id, mayApprove }) : null,
  ]);
  return (
    <>
      <PageHeader
        title="Datasets"
        description="Tables you can change with a reviewed, approved plan. Every change makes a new version."
        actions={
          <>
            {canUpload ? (
              <ButtonLink href="/datasets/upload" variant="secondary">
                Upload CSV
              </ButtonLink>
            ) : null}
            {canDraft ? <ButtonLink href="/plans/new">New plan</ButtonLink> : null}
          </>
        }
      />
      {waiting && waiting.total > 0 ? (
        <WaitingPlans
          rows={waiting.rows.slice(0, 5)}
          total={waiting.total}
          href={plansHref(waitingView)}
          now={new Date()}
        />
      ) : null}
      {datasets.length === 0 ? (
        <EmptyState
          title="No datasets yet"
          action={
            canUpload ? <ButtonLink href="/datasets/upload">Upload a CSV</ButtonLink> : undefined
          }
        >
          Upload a CSV to start. Signoff profiles its columns, picks a key column, and keeps every
          version so any change can be reviewed and reverted.
        </EmptyState>
      ) : (
        <DatasetList datasets={datasets} />
      )}
    </>
  );
}
