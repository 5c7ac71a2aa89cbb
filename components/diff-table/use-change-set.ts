"use client";

import { useEffect, useState } from "react";
import { assertChangeColumns, type ChangeColumns } from "@/lib/diff/change-columns";
import { appendChangePage, type ChangePage } from "@/lib/diff/change-pages";

/** Changes in the first page: a screenful and then some, small enough to arrive at once. */
export const FIRST_PAGE = 1_000;
/** Changes per later page: each parses in a few milliseconds, so no page blocks the browser. */
const PAGE = 25_000;
/** Set when the whole change set is in the table; the diff-ui-300k benchmark reads it. */
export const ALL_CHANGES_MARK = "diff-table:all-changes";

export type ChangeSetState =
  | { status: "loading" }
  /** The first changes, shown while the rest load; `total` counts them all. */
  | { status: "partial"; changes: ChangeColumns; total: number }
  | { status: "ready"; changes: ChangeColumns }
  | { status: "error"; error: string };

/** The URL of one page of a paged change set. */
export function pageUrl(url: string, from: number, limit: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}from=${from}&limit=${limit}`;
}

/**
 * Loads a change set for the diff table. A paged source (`ChangePage`s, see
 * lib/diff/change-pages.ts) shows its first page at once and then fetches the rest in pages of
 * `PAGE`, all at once, appending them in order; any other source is one `ChangeColumns` document.
 * `attempt` starts over (a retry).
 */
export function useChangeSet(url: string, paged: boolean, attempt: number): ChangeSetState {
  const [state, setState] = useState<ChangeSetState>({ status: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: "loading" });
    const load = paged
      ? loadPaged(url, signal, (partial) => setState(partial))
      : fetchJson<ChangeColumns>(url, signal).then((changes) => {
          assertChangeColumns(changes);
          return changes;
        });
    load
      .then((changes) => {
        setState({ status: "ready", changes });
        requestAnimationFrame(() => performance.mark(ALL_CHANGES_MARK));
      })
      .catch((error: unknown) => {
        if (!signal.aborted) setState({ status: "error", error: messageOf(error) });
      });
    return () => controller.abort();
  }, [url, paged, attempt]);

  return state;
}

async function loadPaged(
  url: string,
  signal: AbortSignal,
  showPartial: (state: ChangeSetState) => void,
): Promise<ChangeColumns> {
  const first = await fetchJson<ChangePage>(pageUrl(url, 0, FIRST_PAGE), signal);
  const received = first.before.length;
  if (received >= first.total) return appendChangePage(null, first);
  // The rows on screen come from their own copy: the full set is built up from another.
  showPartial({ status: "partial", changes: appendChangePage(null, first), total: first.total });
  const pages: Promise<ChangePage>[] = [];
  for (let from = received; from < first.total; from += PAGE) {
    pages.push(fetchJson<ChangePage>(pageUrl(url, from, PAGE), signal));
  }
  let all = appendChangePage(null, first);
  for (const page of pages) all = appendChangePage(all, await page);
  if (all.before.length !== first.total) {
    throw new Error(`received ${all.before.length} of ${first.total} changes`);
  }
  return all;
}

export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
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
