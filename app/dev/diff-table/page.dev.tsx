import { DiffTable } from "@/components/diff-table/diff-table";
import { RemoteDiffTable } from "@/components/diff-table/remote-diff-table";
import { cachedSyntheticChanges } from "@/components/diff-table/synthetic-changes";
import { PreviewSummary } from "@/components/preview/preview-summary";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import type { GuardResult } from "@/lib/executor/types";
import { ApprovalDemo } from "./approval-demo";

/**
 * Development page: the preview UI on a synthetic change set. `?n=300000` sets the number of
 * changes, `?rows=0` hides the full-rows view, `?guards=fail` shows failed guards, `?inline=1`
 * passes the changes in the page payload instead of fetching them from ./changes. Used by the
 * diff-ui-300k benchmark to time the diff table at scale.
 */
export const dynamic = "force-dynamic";

export default async function DiffTableDevPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Up to a million synthetic changes are built on request: admins only, not every reader.
  await requirePageActor("user.manage");
  const params = await searchParams;
  const count = Math.min(Math.max(Number(params.n ?? 1000) || 0, 0), 1_000_000);
  const { changes, rows } = cachedSyntheticChanges(count);
  const operations = syntheticOperations(changes);
  const guards = syntheticGuards(changes, params.guards === "fail");

  return (
    <>
      <PageHeader
        title="Diff table (development)"
        description={`${count.toLocaleString("en-US")} synthetic changes`}
        actions={
          <ApprovalDemo
            counts={{
              rowsChanged: changes.rowKeys.length,
              cellsChanged: count,
              operations: operations.length,
              baseVersion: 2,
            }}
            guards={guards}
          />
        }
      />
      <div className="space-y-6">
        <PreviewSummary
          operations={operations}
          descriptions={{
            raise_fitness: "Raise prices by 10%",
            cap_price: "Never go above $60",
            rename_yoga: "Move half of Yoga into Fitness",
          }}
          guards={guards}
          warnings={count > 0 ? ["Operation restock skipped 12 rows whose stock was empty."] : []}
          rowsChanged={changes.rowKeys.length}
          cellsChanged={count}
          baseVersion={{ number: 2 }}
          previewHash="9f2c1e7ab04d5c3e8f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70"
        />
        {params.inline === "1" ? (
          <DiffTable changes={changes} rows={params.rows === "0" ? undefined : rows} />
        ) : (
          <RemoteDiffTable
            changesUrl={`/dev/diff-table/changes?n=${count}`}
            paged
            rowsUrl={
              params.rows === "0" ? undefined : `/dev/diff-table/changes?n=${count}&part=rows`
            }
            count={count}
          />
        )}
      </div>
    </>
  );
}

type SyntheticChanges = ReturnType<typeof cachedSyntheticChanges>["changes"];

/** Per-operation counts as a preview reports them: a few matched rows skipped by each. */
function syntheticOperations(changes: SyntheticChanges) {
  const perOperation = new Array<number>(changes.operationIds.length).fill(0);
  for (const op of changes.op) perOperation[op]++;
  return changes.operationIds.map((operationId, op) => ({
    operationId,
    matched: Math.round(perOperation[op] * 1.08),
    changed: perOperation[op],
    skipped: Math.round(perOperation[op] * 0.08),
  }));
}

/** Two guards that pass, or (`fail`) one that passes and one that fails on the row count. */
function syntheticGuards(changes: SyntheticChanges, fail: boolean): GuardResult[] {
  return [
    {
      guard: "max_change_percent",
      limit: 15,
      actual: 10,
      passed: true,
      message: "The largest change is 10%; the limit is 15%.",
    },
    fail
      ? {
          guard: "max_rows_changed",
          limit: 1000,
          actual: changes.rowKeys.length,
          passed: false,
          message: `${changes.rowKeys.length} rows would change, more than the limit of 1000.`,
          offendingKeys: changes.rowKeys.slice(0, 12),
        }
      : {
          guard: "max_value",
          limit: 120,
          actual: 104.44,
          passed: true,
          message: "The largest new value is 104.44; the maximum is 120.",
        },
  ];
}
