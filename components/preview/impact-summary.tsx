import { formatCount } from "@/components/ui/format";
import { asWritten, groupedAsWritten, type WrittenStyle } from "@/lib/dataset/written-style";
import type { CellMove, ColumnImpact } from "@/lib/diff/impact";

/**
 * What the change does to each number column: values up and down, the net change, and the
 * largest moves each way (shown in the preview and again in the approve dialog).
 */
export function ImpactSummary({
  impact,
  compact = false,
}: {
  impact: readonly ColumnImpact[];
  /** In the dialog: the counts and the net only, the largest moves behind a disclosure. */
  compact?: boolean;
}) {
  if (impact.length === 0) return null;
  return (
    <section aria-label="Effect on numbers" className="space-y-2 text-sm">
      {impact.map((column) => (
        <div key={column.column} className="rounded-lg border border-slate-200 px-3 py-2">
          <p className="text-slate-800">
            <span className="font-semibold">{column.column}</span>: {formatCount(column.increases)}{" "}
            up, {formatCount(column.decreases)} down, net{" "}
            <span className="tabular-nums">{groupedAsWritten(column.net, column.style)}</span>
          </p>
          {column.largestIncreases.length + column.largestDecreases.length > 0 ? (
            compact ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-600">Largest changes</summary>
                <Moves column={column} />
              </details>
            ) : (
              <Moves column={column} />
            )
          ) : null}
        </div>
      ))}
    </section>
  );
}

function Moves({ column }: { column: ColumnImpact }) {
  return (
    <div className="mt-1 grid gap-x-6 gap-y-1 text-xs text-slate-700 sm:grid-cols-2">
      <MoveList title="Largest rises" moves={column.largestIncreases} style={column.style} />
      <MoveList title="Largest falls" moves={column.largestDecreases} style={column.style} />
    </div>
  );
}

function MoveList({
  title,
  moves,
  style,
}: {
  title: string;
  moves: readonly CellMove[];
  style: WrittenStyle | undefined;
}) {
  if (moves.length === 0) return null;
  return (
    <div>
      <p className="font-medium text-slate-600">{title}</p>
      <ul>
        {moves.map((move) => (
          <li key={move.rowKey} className="tabular-nums">
            <span className="font-mono">{move.rowKey}</span> {asWritten(move.before, style)} →{" "}
            {asWritten(move.after, style)} ({groupedAsWritten(move.delta, style)})
          </li>
        ))}
      </ul>
    </div>
  );
}
