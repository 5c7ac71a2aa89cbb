import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RemoteDiffTable } from "@/components/diff-table/remote-diff-table";
import { AuditTimeline } from "@/components/history/audit-timeline";
import { ExecutionDownloads } from "@/components/history/execution-downloads";
import { ExecutionFacts } from "@/components/history/execution-facts";
import { ExecutionNotices } from "@/components/history/execution-notices";
import { LaterChangesNotice } from "@/components/history/later-changes-notice";
import { PlanSnapshot } from "@/components/history/plan-snapshot";
import { RevertButton } from "@/components/history/revert-button";
import { StatusBadge } from "@/components/history/status-badge";
import { PreviewSummary } from "@/components/preview/preview-summary";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { can } from "@/lib/auth/permissions";
import {
  countExecutionChanges,
  findExecution,
  laterChangesToSameCells,
  listExecutionEvents,
} from "@/lib/db/executions";
import { executionPlanSchema } from "@/lib/plan/schema";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requirePageActor("history.read");
  const execution = await findExecution((await params).id);
  return { title: execution ? `Execution ${execution.executionId}` : "Execution not found" };
}

export default async function ExecutionPage({ params }: { params: Params }) {
  const actor = await requirePageActor("history.read");
  const { id } = await params;
  const execution = await findExecution(id);
  if (!execution) notFound();
  const [events, changeCount, laterChanges] = await Promise.all([
    listExecutionEvents(execution),
    countExecutionChanges(execution.id),
    execution.status === "completed" ? laterChangesToSameCells(execution.id) : [],
  ]);
  const plan = executionPlanSchema.safeParse(execution.planSnapshot);
  const descriptions = plan.success
    ? Object.fromEntries(plan.data.operations.map((op) => [op.operation_id, op.description]))
    : {};
  const openRevert = execution.revertPlans.find(
    (p) => p.status === "draft" || p.status === "previewed" || p.status === "submitted",
  );

  return (
    <>
      <ExecutionHeader
        execution={execution}
        mayRevert={execution.status === "completed" && can(actor.role, "execution.revert")}
        openRevertId={openRevert?.id}
      />
      <div className="space-y-6">
        <ExecutionNotices execution={execution} />
        <LaterChangesNotice changes={laterChanges} revertOf={execution} />
        <ExecutionFacts execution={execution} />

        {execution.status === "completed" || execution.status === "reverted" ? (
          <PreviewSummary
            operations={execution.stats}
            descriptions={descriptions}
            guards={execution.guards}
            warnings={[]}
            rowsChanged={execution.rowsChanged}
            cellsChanged={execution.cellsChanged}
            baseVersion={execution.baseVersion}
            previewHash={execution.previewHash ?? ""}
          />
        ) : null}

        {plan.success ? (
          <Card aria-labelledby="plan-heading">
            <h2 id="plan-heading" className="px-4 pt-4 text-sm font-semibold text-slate-900">
              Plan as executed
            </h2>
            <PlanSnapshot plan={plan.data} stats={execution.stats} />
          </Card>
        ) : null}

        {execution.resultVersion ? (
          <section aria-labelledby="changes-heading" className="space-y-2">
            <h2 id="changes-heading" className="text-sm font-semibold text-slate-900">
              Changed cells
            </h2>
            <RemoteDiffTable
              changesUrl={`/api/executions/${execution.id}/changes`}
              rowsUrl={`/api/executions/${execution.id}/rows`}
              count={changeCount}
              fileName={`${execution.executionId}-changes.csv`}
            />
          </section>
        ) : null}

        <Card aria-labelledby="audit-heading">
          <h2
            id="audit-heading"
            className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            Audit trail
          </h2>
          <AuditTimeline events={events} executionId={execution.id} />
        </Card>
      </div>
    </>
  );
}

/** The execution's id and status, its dataset and instruction, downloads and revert. */
function ExecutionHeader({
  execution,
  mayRevert,
  openRevertId,
}: {
  execution: NonNullable<Awaited<ReturnType<typeof findExecution>>>;
  mayRevert: boolean;
  openRevertId: string | undefined;
}) {
  return (
    <PageHeader
      title={
        <span className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-xl">{execution.executionId}</span>
          <StatusBadge status={execution.status} />
        </span>
      }
      description={
        <>
          <Link
            href={`/datasets/${execution.dataset.id}`}
            className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
          >
            {execution.dataset.name}
          </Link>{" "}
          · {execution.instruction || "No instruction"}
        </>
      }
      actions={
        <>
          <ExecutionDownloads id={execution.id} hasResult={execution.resultVersion !== null} />
          {mayRevert ? <RevertButton executionId={execution.id} openPlanId={openRevertId} /> : null}
        </>
      }
    />
  );
}
