"use client";

import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { exportPlan } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { CloseIcon } from "./icons";
import { type DiffLine, diffLines, diffStats, foldUnchanged } from "./line-diff";
import { type CompareSides, DRAFT_SIDE, newestFirst, type PlanRevisionSummary } from "./revisions";

/** A unified line diff of two revisions' JSON (or a revision and the unsaved draft). */
export function RevisionCompare({
  revisions,
  draft,
  sides,
  onChange,
  onClose,
}: {
  revisions: readonly PlanRevisionSummary[];
  /** The unsaved draft, offered as a side when there is one. */
  draft?: ExecutionPlan;
  sides: CompareSides;
  onChange: (sides: CompareSides) => void;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, []);

  const sorted = newestFirst(revisions);
  const planOf = (side: string): ExecutionPlan | undefined =>
    side === DRAFT_SIDE ? draft : revisions.find((revision) => revision.id === side)?.plan;
  const labelOf = (side: string) =>
    side === DRAFT_SIDE
      ? "unsaved draft"
      : `revision ${revisions.find((revision) => revision.id === side)?.number ?? "?"}`;
  const fromPlan = planOf(sides.from);
  const toPlan = planOf(sides.to);

  const lines = useMemo(
    () => (fromPlan && toPlan ? diffLines(exportPlan(fromPlan), exportPlan(toPlan)) : []),
    [fromPlan, toPlan],
  );
  const stats = diffStats(lines);

  const options = <SideOptions revisions={sorted} withDraft={draft !== undefined} />;

  return (
    <section
      aria-labelledby="revision-compare-heading"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2
          id="revision-compare-heading"
          ref={heading}
          tabIndex={-1}
          className="text-sm font-semibold text-slate-900 focus:outline-none"
        >
          Compare revisions
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <SideSelect
            label="From"
            value={sides.from}
            onChange={(from) => onChange({ ...sides, from })}
          >
            {options}
          </SideSelect>
          <SideSelect label="to" value={sides.to} onChange={(to) => onChange({ ...sides, to })}>
            {options}
          </SideSelect>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close comparison">
            <CloseIcon />
          </Button>
        </div>
      </header>
      <DiffSummary from={labelOf(sides.from)} to={labelOf(sides.to)} stats={stats} />
      {lines.length > 0 && (stats.added > 0 || stats.removed > 0) ? (
        <DiffTable lines={foldUnchanged(lines, 3)} />
      ) : null}
    </section>
  );
}

function DiffSummary({
  from,
  to,
  stats,
}: {
  from: string;
  to: string;
  stats: ReturnType<typeof diffStats>;
}) {
  return (
    <p className="px-4 pt-3 text-sm text-slate-600" aria-live="polite">
      {stats.added === 0 && stats.removed === 0 ? (
        `No differences between ${from} and ${to}.`
      ) : (
        <>
          From {from} to {to}: <span className="font-medium text-emerald-700">+{stats.added}</span>{" "}
          <span className="font-medium text-red-700">−{stats.removed}</span> lines
        </>
      )}
    </p>
  );
}

/** The changed lines, unchanged runs folded to a count. */
function DiffTable({ lines }: { lines: ReturnType<typeof foldUnchanged> }) {
  return (
    <div className="m-4 max-h-[32rem] overflow-auto rounded-md border border-slate-200">
      <table className="w-full border-collapse font-mono text-[12.5px] leading-5">
        <caption className="sr-only">
          Line differences; removed lines are marked −, added lines +.
        </caption>
        <tbody>
          {lines.map((line, index) =>
            line.kind === "gap" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed diff
              <tr key={index} className="bg-slate-50 text-slate-500">
                <td colSpan={4} className="px-3 py-0.5 text-center font-sans text-xs">
                  {line.count} unchanged line{line.count === 1 ? "" : "s"}
                </td>
              </tr>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed diff
              <DiffRow key={index} line={line} />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One side of the comparison, chosen inline ("From … to …"). */
function SideSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (side: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-1.5">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {children}
      </select>
    </label>
  );
}

function DiffRow({ line }: { line: DiffLine }) {
  const tone =
    line.kind === "added"
      ? "bg-emerald-50 text-emerald-950"
      : line.kind === "removed"
        ? "bg-red-50 text-red-950"
        : "text-slate-700";
  const sign = line.kind === "added" ? "+" : line.kind === "removed" ? "−" : " ";
  return (
    <tr className={tone}>
      <td className="w-10 select-none px-2 text-right text-slate-400">{line.oldNumber ?? ""}</td>
      <td className="w-10 select-none px-2 text-right text-slate-400">{line.newNumber ?? ""}</td>
      <td
        className="w-5 select-none text-center"
        aria-label={line.kind === "same" ? undefined : line.kind}
      >
        {sign}
      </td>
      <td className="whitespace-pre pr-4">{line.text}</td>
    </tr>
  );
}

/** The draft (when there is one) and every revision, newest first. */
function SideOptions({
  revisions,
  withDraft,
}: {
  revisions: readonly PlanRevisionSummary[];
  withDraft: boolean;
}) {
  return (
    <>
      {withDraft ? <option value={DRAFT_SIDE}>Unsaved draft</option> : null}
      {revisions.map((revision) => (
        <option key={revision.id} value={revision.id}>
          Revision {revision.number} · {revision.author}
        </option>
      ))}
    </>
  );
}
