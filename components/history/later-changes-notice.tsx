import Link from "next/link";
import { formatCount, formatDateTime } from "@/components/ui/format";
import type { LaterCellChange } from "@/lib/db/executions";

const SHOWN = 20;

/**
 * On a revert plan's review: the cells that executions after the reverted one changed again.
 * Approving the revert puts them back to their value before the reverted execution, so those
 * later changes are overwritten. Feed it `laterChangesToSameCells(plan.revertOfId)`.
 */
export function LaterChangesNotice({
  changes,
  revertOf,
}: {
  changes: LaterCellChange[];
  revertOf: { id: string; executionId: string };
}) {
  if (changes.length === 0) return null;
  const cells = new Set(changes.map((change) => `${change.rowKey}\u0000${change.column}`)).size;
  const executions = new Map(changes.map((change) => [change.laterId, change.laterExecutionId]));
  return (
    <section
      aria-labelledby="later-changes-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="later-changes-notice"
    >
      <h2 id="later-changes-heading" className="font-semibold">
        {formatCount(cells)} cell{cells === 1 ? "" : "s"} changed again after{" "}
        <Link href={`/executions/${revertOf.id}`} className="font-mono underline">
          {revertOf.executionId}
        </Link>
      </h2>
      <p className="mt-1">
        {executions.size === 1 ? "A later execution" : `${executions.size} later executions`}{" "}
        changed {cells === 1 ? "this cell" : "these cells"} too. Reverting {revertOf.executionId}{" "}
        puts {cells === 1 ? "it" : "them"} back to the value before it ran and overwrites those
        later changes. Check them before approving the revert.
      </p>
      <table className="mt-3 w-full max-w-3xl text-left">
        <caption className="sr-only">Later changes the revert overwrites</caption>
        <thead className="text-xs text-amber-900/80">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Row
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Column
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Changed by
            </th>
            <th scope="col" className="py-1 font-medium">
              Later change
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.slice(0, SHOWN).map((change) => (
            <tr key={`${change.laterId}:${change.rowKey}:${change.column}:${change.laterBefore}`}>
              <td className="py-1 pr-3 font-mono">{change.rowKey}</td>
              <td className="py-1 pr-3 font-mono">{change.column}</td>
              <td className="py-1 pr-3">
                <Link href={`/executions/${change.laterId}`} className="font-mono underline">
                  {change.laterExecutionId}
                </Link>{" "}
                <span className="text-amber-900/70">{formatDateTime(change.laterCreatedAt)}</span>
              </td>
              <td className="py-1 tabular-nums">
                {change.laterBefore} → {change.laterAfter}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes.length > SHOWN ? (
        <p className="mt-2 text-amber-900/80">…and {formatCount(changes.length - SHOWN)} more.</p>
      ) : null}
    </section>
  );
}
