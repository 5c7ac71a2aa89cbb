import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatCount } from "@/components/ui/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { ColumnImpact } from "@/lib/diff/impact";
import { type GuardResult, OFFENDING_KEYS_SHOWN, type OperationStats } from "@/lib/executor/types";
import { guardActual, guardLabel, guardLimit } from "./guard-text";
import { ImpactSummary } from "./impact-summary";

/**
 * What a dry run found, in the field names of `PlanPreview` / `DryRunResult`, so a page can pass
 * the preview through (minus the change list and output bytes, which stay on the server).
 */
export interface PreviewSummaryProps {
  /** Per-operation counts, in the order the operations ran. */
  operations: OperationStats[];
  /** The plan's operation descriptions by operation_id, where it has them. */
  descriptions?: Record<string, string | undefined>;
  guards: GuardResult[];
  warnings: string[];
  rowsChanged: number;
  cellsChanged: number;
  /** The dataset version the preview ran on. */
  baseVersion: { number: number };
  /** Set when the plan was re-based from an older version for this preview. */
  rebasedFrom?: number;
  previewHash: string;
  /** What the change does to each number column. */
  impact?: readonly ColumnImpact[];
}

export function PreviewSummary({
  operations,
  descriptions = {},
  guards,
  warnings,
  rowsChanged,
  cellsChanged,
  baseVersion,
  rebasedFrom,
  previewHash,
  impact = [],
}: PreviewSummaryProps) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Rows changed" value={formatCount(rowsChanged)} testId="rows-changed" />
        <Figure label="Cells changed" value={formatCount(cellsChanged)} testId="cells-changed" />
        <Figure
          label="Base version"
          value={`v${baseVersion.number}`}
          note={rebasedFrom === undefined ? undefined : `re-based from v${rebasedFrom}`}
        />
        <Figure
          label="Preview"
          value={<span className="font-mono text-base">{previewHash.slice(0, 12)}</span>}
          title={previewHash}
        />
      </dl>

      <ImpactSummary impact={impact} />

      <OperationsCard operations={operations} descriptions={descriptions} />
      {guards.length > 0 ? <GuardsCard guards={guards} /> : null}
      {warnings.length > 0 ? <WarningList warnings={warnings} /> : null}
    </div>
  );
}

/** What each operation matched, changed and skipped. */
function OperationsCard({
  operations,
  descriptions,
}: Pick<PreviewSummaryProps, "operations"> & { descriptions: Record<string, string | undefined> }) {
  return (
    <Card aria-labelledby="preview-operations">
      <h2
        id="preview-operations"
        className="border-b border-slate-200 px-4 py-3 text-sm font-semibold"
      >
        Operations
      </h2>
      <ScrollRegion label="Operations">
        <Table>
          <TableHead>
            <HeaderCell dense>Operation</HeaderCell>
            <HeaderCell dense>Description</HeaderCell>
            <HeaderCell dense align="right">
              Matched
            </HeaderCell>
            <HeaderCell dense align="right">
              Changed
            </HeaderCell>
            <HeaderCell dense align="right">
              Skipped
            </HeaderCell>
          </TableHead>
          <tbody className="divide-y divide-slate-100">
            {operations.map((operation) => (
              <tr key={operation.operationId}>
                <td className="px-4 py-2 font-mono text-xs text-brand-700">
                  {operation.operationId}
                </td>
                <td className="px-4 py-2 text-slate-700">
                  {descriptions[operation.operationId] ?? (
                    <span className="text-slate-400">No description</span>
                  )}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatCount(operation.matched)}
                </td>
                <td className="px-4 py-2 text-right font-medium tabular-nums">
                  {formatCount(operation.changed)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums text-slate-500">
                  {formatCount(operation.skipped)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </Card>
  );
}

function GuardsCard({ guards }: Pick<PreviewSummaryProps, "guards">) {
  const failed = guards.filter((guard) => !guard.passed).length;
  return (
    <Card aria-labelledby="preview-guards">
      <h2
        id="preview-guards"
        className="flex items-center justify-between border-b border-slate-200 px-4 py-3 text-sm font-semibold"
      >
        Guards
        <span className={`text-xs font-medium ${failed ? "text-red-700" : "text-emerald-700"}`}>
          {failed ? `${failed} of ${guards.length} failed` : "All passed"}
        </span>
      </h2>
      <ul className="divide-y divide-slate-100">
        {guards.map((guard) => (
          <GuardItem key={guard.guard} guard={guard} />
        ))}
      </ul>
    </Card>
  );
}

function WarningList({ warnings }: { warnings: readonly string[] }) {
  return (
    <section
      aria-labelledby="preview-warnings"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <h2 id="preview-warnings" className="font-semibold">
        {warnings.length === 1 ? "Warning" : `${warnings.length} warnings`}
      </h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

function Figure({
  label,
  value,
  note,
  title,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  title?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm" title={title}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className="text-xs text-amber-700">{note}</dd> : null}
    </div>
  );
}

function GuardItem({ guard }: { guard: GuardResult }) {
  const keys = guard.offendingKeys ?? [];
  return (
    <li className="flex gap-3 px-4 py-3 text-sm">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${guard.passed ? "bg-emerald-600" : "bg-red-600"}`}
      >
        {guard.passed ? "✓" : "✗"}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {guardLabel(guard.guard)}{" "}
          <span className={guard.passed ? "text-emerald-700" : "text-red-700"}>
            {guard.passed ? "passed" : "failed"}
          </span>
        </p>
        <p className="text-slate-600">
          Limit <span className="font-medium tabular-nums">{guardLimit(guard)}</span>, actual{" "}
          <span className="font-medium tabular-nums">{guardActual(guard)}</span>. {guard.message}
        </p>
        {keys.length > 0 ? (
          <details className="mt-1 text-slate-600">
            <summary className="cursor-pointer text-xs font-medium text-slate-700">
              Offending rows ({formatCount(keys.length)}
              {keys.length >= OFFENDING_KEYS_SHOWN ? "+" : ""})
            </summary>
            <p className="mt-1 break-words font-mono text-xs">{keys.join(", ")}</p>
          </details>
        ) : null}
      </div>
    </li>
  );
}
