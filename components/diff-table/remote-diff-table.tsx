"use client";

import { useCallback, useState } from "react";
import { preload } from "react-dom";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/components/ui/format";
import type { ChangedRows } from "@/lib/diff/change-columns";
import { DiffTable } from "./diff-table";
import { FIRST_PAGE, fetchJson, pageUrl, useChangeSet } from "./use-change-set";

export interface RemoteDiffTableProps {
  /** A route handler answering the change set: `ChangeColumns`, or pages when `paged`. */
  changesUrl: string;
  /** `changesUrl` answers `ChangePage`s to `?from=&limit=` (lib/diff/change-pages.ts). */
  paged?: boolean;
  /** A route handler answering `ChangedRows` as JSON; enables "Full rows". */
  rowsUrl?: string;
  /** The number of changes, when known, for the loading message. */
  count?: number;
  fileName?: string;
}

/**
 * The diff table for large change sets: the page renders at once and the change set arrives from
 * a route handler, instead of inside the page's own payload where the framework would escape it
 * into script text. A paged change set shows its first rows from a small first page while the
 * rest loads behind them.
 */
export function RemoteDiffTable({
  changesUrl,
  paged = false,
  rowsUrl,
  count,
  fileName,
}: RemoteDiffTableProps) {
  const [attempt, setAttempt] = useState(0);
  const state = useChangeSet(changesUrl, paged, attempt);
  // Rendered on the server, this puts a <link rel="preload"> in the page's head: the browser
  // starts downloading the (first) changes while it is still loading the page's scripts.
  preload(paged ? pageUrl(changesUrl, 0, FIRST_PAGE) : changesUrl, {
    as: "fetch",
    crossOrigin: "anonymous",
  });

  const loadRows = useCallback(() => fetchJson<ChangedRows>(rowsUrl!), [rowsUrl]);

  if (state.status === "ready" || state.status === "partial") {
    return (
      <DiffTable
        changes={state.changes}
        loadingTotal={state.status === "partial" ? state.total : undefined}
        loadRows={rowsUrl ? loadRows : undefined}
        fileName={fileName}
      />
    );
  }
  return (
    <div className="flex h-80 flex-col items-center justify-center gap-3 rounded-lg border border-slate-200 bg-white text-sm text-slate-600 shadow-sm">
      {state.status === "error" ? (
        <>
          <p role="alert">The changes could not be loaded: {state.error}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </>
      ) : (
        <p role="status">
          Loading {count === undefined ? "the changes" : `${formatCount(count)} changes`}…
        </p>
      )}
    </div>
  );
}
