import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LaterChangesNotice } from "@/components/history/later-changes-notice";
import { PlanHeader } from "@/components/plan-review/plan-header";
import { PlanReview } from "@/components/plan-review/plan-review";
import { approvalDecision } from "@/lib/auth/approval-policy";
import { requirePageActor } from "@/lib/auth/page";
import { can, type Role } from "@/lib/auth/permissions";
import { readProfile } from "@/lib/db/datasets";
import { laterChangesToSameCells } from "@/lib/db/executions";
import { findPlanForReview, latestRejection, readPlanJson } from "@/lib/db/plans";
import { actorLabels } from "@/lib/db/users";
import { canonicalJson } from "@/lib/plan/canonical";
import { describePlan } from "@/lib/plan/describe";

export const metadata: Metadata = { title: "Plan" };
export const dynamic = "force-dynamic";

export default async function PlanPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requirePageActor("plan.read");
  const plan = await findPlanForReview((await params).id);
  if (!plan) notFound();

  const [latest] = plan.revisions;
  const latestPlan = readPlanJson(latest.planJson);
  const profile = readProfile(plan.dataset.profileJson);
  const rejection = await latestRejection(plan.id);
  const labels = await actorLabels([
    ...(rejection ? [rejection.by] : []),
    plan.createdBy,
    ...plan.revisions.map((revision) => revision.author),
    ...plan.executions.map((execution) => execution.approvedBy),
  ]);
  const nameOf = (id: string) => labels.get(id)?.name ?? id;
  const approval = approvalDecision(
    actor,
    plan.revisions.map((revision) => revision.author),
  );
  const laterChanges = plan.revertOf ? await laterChangesToSameCells(plan.revertOf.id) : [];
  const completed = plan.executions.find(
    (execution) => execution.status === "completed" || execution.status === "reverted",
  );

  return (
    <>
      <PlanHeader
        plan={plan}
        createdByName={nameOf(plan.createdBy)}
        description={describePlan(latestPlan, profile)}
        editedSince={
          plan.revisions.length > 1 &&
          canonicalJson(latestPlan) !==
            canonicalJson(readPlanJson(plan.revisions[plan.revisions.length - 1].planJson))
        }
      />
      {plan.revertOf && laterChanges.length > 0 && plan.status !== "approved" ? (
        <div className="mb-6">
          <LaterChangesNotice changes={laterChanges} revertOf={plan.revertOf} />
        </div>
      ) : null}
      <PlanReview
        planId={plan.id}
        status={plan.status}
        rejection={
          rejection
            ? {
                by: nameOf(rejection.by),
                at: rejection.at.toISOString(),
                reason: rejection.reason,
              }
            : null
        }
        datasetId={plan.dataset.id}
        profile={profile}
        plan={latestPlan}
        revisions={plan.revisions.map((revision) => revisionSummary(revision, nameOf))}
        confirmBeforeApproval={
          plan.revertOf && laterChanges.length > 0
            ? "I understand this revert overwrites the later changes listed above."
            : undefined
        }
        permissions={{
          ...rolePermissions(actor.role),
          approve: approval.ok ? { ok: true } : { ok: false, reason: approval.reason },
        }}
        completed={completed ? completedSummary(completed, nameOf) : null}
      />
    </>
  );
}

type ReviewedPlan = NonNullable<Awaited<ReturnType<typeof findPlanForReview>>>;

function revisionSummary(
  revision: ReviewedPlan["revisions"][number],
  nameOf: (id: string) => string,
) {
  return {
    id: revision.id,
    number: revision.number,
    author: nameOf(revision.author),
    note: revision.note,
    createdAt: revision.createdAt.toISOString(),
    plan: readPlanJson(revision.planJson),
  };
}

function completedSummary(
  execution: ReviewedPlan["executions"][number],
  nameOf: (id: string) => string,
) {
  return {
    id: execution.id,
    executionId: execution.executionId,
    resultVersion: execution.resultVersion?.number ?? null,
    rowsChanged: execution.rowsChanged,
    cellsChanged: execution.cellsChanged,
    approvedBy: nameOf(execution.approvedBy),
  };
}

/** What the actor's role allows on a plan (approving also depends on who wrote it). */
function rolePermissions(role: Role) {
  return {
    edit: can(role, "plan.edit"),
    preview: can(role, "plan.preview"),
    reject: can(role, "plan.reject"),
    draft: can(role, "plan.draft"),
  };
}
