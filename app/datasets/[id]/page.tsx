import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ColumnProfileTable } from "@/components/datasets/column-profile-table";
import { DownloadMenu } from "@/components/datasets/download-menu";
import { VersionGrid } from "@/components/datasets/version-grid";
import { VersionList } from "@/components/datasets/version-list";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCount } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { can } from "@/lib/auth/permissions";
import { compute } from "@/lib/compute/pool";
import { findDatasetWithVersions } from "@/lib/db/dataset-versions";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requirePageActor("dataset.read");
  const dataset = await findDatasetWithVersions((await params).id);
  return { title: dataset?.name ?? "Dataset not found" };
}

export default async function DatasetPage({ params }: { params: Params }) {
  const actor = await requirePageActor("dataset.read");
  const { id } = await params;
  const dataset = await findDatasetWithVersions(id);
  if (!dataset?.current) notFound();
  const current = dataset.current;
  const initial = await compute("versionRows", {
    datasetId: id,
    number: current.number,
    offset: 0,
    limit: 100,
  });

  return (
    <>
      <PageHeader
        title={dataset.name}
        description={
          <>
            v{current.number} · {formatCount(current.rowCount)} rows ·{" "}
            {dataset.profile.columns.length} columns · key column{" "}
            <code className="font-mono text-slate-800">{dataset.keyColumn}</code>
          </>
        }
        actions={
          <>
            <DownloadMenu
              datasetId={id}
              version={current.number}
              label={`Download v${current.number}`}
            />
            {can(actor.role, "plan.draft") ? (
              <ButtonLink href={`/plans/new?dataset=${id}`}>New plan</ButtonLink>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="rows-heading">
          <h2 id="rows-heading" className="px-4 pt-4 text-sm font-semibold text-slate-900">
            Rows of v{current.number}
          </h2>
          <VersionGrid
            rowsUrl={`/api/datasets/${id}/versions/${current.number}/rows`}
            columns={dataset.profile.columns.map(({ name, type }) => ({ name, type }))}
            keyColumn={dataset.keyColumn}
            rowHistoryPath={`/datasets/${id}/rows/`}
            initial={initial}
          />
        </Card>
        <Card aria-labelledby="versions-heading">
          <h2
            id="versions-heading"
            className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            Versions
          </h2>
          <VersionList datasetId={id} versions={dataset.versions} currentVersionId={current.id} />
        </Card>
        <Card aria-labelledby="columns-heading">
          <h2
            id="columns-heading"
            className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            Columns
          </h2>
          <ColumnProfileTable profile={dataset.profile} />
        </Card>
      </div>
    </>
  );
}
