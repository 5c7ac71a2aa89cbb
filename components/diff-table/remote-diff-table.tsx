"use client";

import { useCallback, useEffect, useState } from "react";
import { preload } from "react-dom";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/components/ui/format";
import {
  assertChangeColumns,
  type ChangeColumns,
  type ChangedRows,
} from "@/lib/diff/change-columns";
import { DiffTable } from "./diff-table";

export interface RemoteDiffTableProps {
  /** A route handler answering `ChangeColumns` as JSON. */
  changesUrl: string;
  /** A route handler answering `ChangedRows` as JSON; enables "Full rows". */
  rowsUrl?: string;
  /** The number of changes, when known, for the loading message. */
  count?: number;
  fileName?: string;
}

type Loaded =
  | { status: "loading" }
  | { status: "ready"; changes: ChangeColumns }
  | { status: "error"; error: string };

/**
 * The diff table for large change sets: the page renders at once and the change set arrives from
 * a route handler as one JSON document (about 40 bytes a change), instead of inside the page's
 * own payload where the framework would escape it into script text.
 */
export function RemoteDiffTable({ changesUrl, rowsUrl, count, fileName }: RemoteDiffTableProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Rendered on the server, this puts a <link rel="preload"> in the page's head: the browser
  // starts downloading the change set while it is still loading the page's scripts.
  preload(changesUrl, { as: "fetch", crossOrigin: "anonymous" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: "loading" });
    fetchJson<ChangeColumns>(changesUrl, controller.signal)
      .then((changes) => {
        assertChangeColumns(changes);
        setLoaded({ status: "ready", changes });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: "error", error: messageOf(error) });
      });
    return () => controller.abort();
  }, [changesUrl, attempt]);

  const loadRows = useCallback(() => fetchJson<ChangedRows>(rowsUrl!), [rowsUrl]);

  if (loaded.status === "ready") {
    return (
      <DiffTable
        changes={loaded.changes}
        loadRows={rowsUrl ? loadRows : undefined}
        fileName={fileName}
      />
    );
  }
  return (
    <div className="flex h-80 flex-col items-center justify-center gap-3 rounded-lg border border-slate-200 bg-white text-sm text-slate-600 shadow-sm">
      {loaded.status === "error" ? (
        <>
          <p role="alert">The changes could not be loaded: {loaded.error}</p>
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

async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const detail = typeof body?.error === "string" ? body.error : response.statusText;
    throw new Error(`${detail || "request failed"} (HTTP ${response.status})`);
  }
  return (await response.json()) as T;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}
