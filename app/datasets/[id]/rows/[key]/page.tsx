import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RowHistoryList } from "@/components/history/row-history-list";
import { RowValues } from "@/components/history/row-values";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { compute } from "@/lib/compute/pool";
import { findDatasetWithVersions } from "@/lib/db/dataset-versions";
import { rowHistory } from "@/lib/db/executions";
import { DEFAULT_HISTORY_FILTERS, historyHref } from "@/lib/schemas/history";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Row history" };

type Params = Promise<{ id: string; key: string }>;

/** Every change ever made to one row, newest first, with the row as it is now. */
export default async function RowHistoryPage({ params }: { params: Params }) {
  await requirePageActor("history.read");
  const { id, key: encodedKey } = await params;
  const rowKey = decodeURIComponent(encodedKey);
  const dataset = await findDatasetWithVersions(id);
  if (!dataset?.current) notFound();
  const [changes, now] = await Promise.all([
    rowHistory(id, rowKey),
    compute("versionRow", { versionId: dataset.current.id, keyColumn: dataset.keyColumn, rowKey }),
  ]);
  // Values as the file writes its numbers (decimal commas, currency signs), now and before.
  const { values: current, styles } = now;

  return (
    <>
      <PageHeader
        title={
          <>
            Row <span className="font-mono">{rowKey}</span>
          </>
        }
        description={
          <>
            <Link href={`/datasets/${id}`} className="text-brand-700 hover:underline">
              {dataset.name}
            </Link>{" "}
            · key column <code className="font-mono">{dataset.keyColumn}</code> ·{" "}
            <Link
              href={historyHref({ ...DEFAULT_HISTORY_FILTERS, dataset: id, key: rowKey })}
              className="text-brand-700 hover:underline"
            >
              executions that changed it
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="current-heading">
          <h2
            id="current-heading"
            className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            Now (v{dataset.current.number})
          </h2>
          {current ? (
            <RowValues values={current} keyColumn={dataset.keyColumn} />
          ) : (
            <p className="px-4 py-4 text-sm text-slate-600">
              No row has the key <span className="font-mono">{rowKey}</span> in the current version.
            </p>
          )}
        </Card>
        {changes.length === 0 ? (
          <EmptyState title="Never changed">
            No execution has changed this row. Its values are as they were uploaded.
          </EmptyState>
        ) : (
          <Card aria-labelledby="changes-heading">
            <h2
              id="changes-heading"
              className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
            >
              Changes, newest first
            </h2>
            <RowHistoryList changes={changes} styles={styles} />
          </Card>
        )}
      </div>
    </>
  );
}
