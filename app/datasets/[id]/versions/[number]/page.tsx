import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DownloadMenu } from "@/components/datasets/download-menu";
import { RemoteDiffTable } from "@/components/diff-table/remote-diff-table";
import { StatusBadge } from "@/components/history/status-badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { findVersionForDiff } from "@/lib/db/dataset-versions";
import { countExecutionChanges, findExecution } from "@/lib/db/executions";
import { actorLabels } from "@/lib/db/users";
import { versionNumberParam } from "@/lib/http/route-params";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string; number: string }>;

export const metadata: Metadata = { title: "Version diff" };

/** A version against its parent: the cells the execution that made it changed. */
export default async function VersionDiffPage({ params }: { params: Params }) {
  await requirePageActor("dataset.read");
  const { id, number } = await params;
  const versionNumber = versionNumberParam(number);
  if (versionNumber === null) notFound();
  const version = await findVersionForDiff(id, versionNumber);
  if (!version) notFound();
  const execution = version.resultOf ? await findExecution(version.resultOf.id) : null;
  const [changeCount, names] = await Promise.all([
    execution ? countExecutionChanges(execution.id) : 0,
    actorLabels([version.createdBy]),
  ]);
  const datasetHref = `/datasets/${version.dataset.id}`;

  return (
    <>
      <PageHeader
        title={
          version.parent
            ? `v${version.number} against v${version.parent.number}`
            : `v${version.number}`
        }
        description={
          <>
            <Link href={datasetHref} className="text-brand-700 hover:underline">
              {version.dataset.name}
            </Link>{" "}
            · {formatCount(version.rowCount)} rows · created {formatDateTime(version.createdAt)} by{" "}
            {names.get(version.createdBy)?.name ?? version.createdBy}
          </>
        }
        actions={<DownloadMenu datasetId={version.dataset.id} version={version.number} />}
      />
      {execution ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
            <p className="min-w-0 text-slate-700">
              Made by{" "}
              <Link
                href={`/executions/${execution.id}`}
                className="font-mono text-brand-700 hover:underline"
              >
                {execution.executionId}
              </Link>{" "}
              <StatusBadge status={execution.status} />
              <span className="mt-1 block text-slate-600">{execution.instruction}</span>
            </p>
            <p className="tabular-nums text-slate-600">
              {formatCount(execution.rowsChanged)} rows · {formatCount(execution.cellsChanged)}{" "}
              cells
            </p>
          </div>
          <RemoteDiffTable
            changesUrl={`/api/executions/${execution.id}/changes`}
            rowsUrl={`/api/executions/${execution.id}/rows`}
            count={changeCount}
            fileName={`${version.dataset.name}-v${version.number}-changes.csv`}
          />
        </div>
      ) : (
        <EmptyState
          title={version.parent ? "No change records for this version" : "The first version"}
          action={
            <ButtonLink href={datasetHref} variant="secondary">
              Back to the dataset
            </ButtonLink>
          }
        >
          {version.parent
            ? "This version was not made by an execution, so there is no cell-level diff to show."
            : `v${version.number} came from ${version.source === "seed" ? "the seed data" : "an upload"}; there is no earlier version to compare it with.`}
        </EmptyState>
      )}
    </>
  );
}
