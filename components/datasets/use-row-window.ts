"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RowWindow } from "@/lib/services/version-rows";

const BLOCK_ROWS = 100;

export interface RowWindowParams {
  /** `/api/datasets/<id>/versions/<n>/rows` */
  url: string;
  sort: { column: string; direction: "asc" | "desc" } | null;
  filter: { text: string; column: string | null };
}

type Row = RowWindow["rows"][number];

/**
 * Rows of a version fetched in blocks of `BLOCK_ROWS` as the grid scrolls. Changing the sort or
 * filter starts over; responses to an older query are dropped.
 */
export function useRowWindow(params: RowWindowParams, initial: RowWindow | null) {
  const queryKey = JSON.stringify(params);
  const [state, setState] = useState<WindowState>(() => ({
    queryKey,
    total: initial?.total ?? 0,
    blocks: initial ? new Map([[0, initial.rows]]) : new Map<number, Row[]>(),
    loading: initial === null,
    error: null,
  }));
  const inFlight = useRef(new Set<string>());
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;

  const fetchBlock = useCallback(
    async (block: number, key: string) => {
      const id = `${key}#${block}`;
      if (inFlight.current.has(id)) return;
      inFlight.current.add(id);
      try {
        const response = await fetch(
          blockUrl(params.url, params.sort, params.filter.text, params.filter.column, block),
        );
        const body = (await response.json()) as
          | { ok: true; data: RowWindow }
          | { ok: false; error: string };
        if (latestKey.current !== key) return;
        setState((previous) => withAnswer(previous, key, block, body));
      } catch {
        if (latestKey.current === key) {
          setState((previous) => ({
            ...previous,
            loading: false,
            error: "Could not load rows. Check the connection and scroll again.",
          }));
        }
      } finally {
        inFlight.current.delete(id);
      }
    },
    [params.url, params.sort, params.filter.text, params.filter.column],
  );

  // A new query: forget the blocks and fetch the first one.
  useEffect(() => {
    if (state.queryKey === queryKey) return;
    setState({ queryKey, total: 0, blocks: new Map(), loading: true, error: null });
    void fetchBlock(0, queryKey);
  }, [queryKey, state.queryKey, fetchBlock]);

  const ensureRange = useCallback(
    (first: number, last: number) => {
      if (state.queryKey !== queryKey) return;
      for (
        let block = Math.floor(first / BLOCK_ROWS);
        block <= Math.floor(last / BLOCK_ROWS);
        block++
      ) {
        if (!state.blocks.has(block) && block * BLOCK_ROWS < state.total) {
          void fetchBlock(block, queryKey);
        }
      }
    },
    [state, queryKey, fetchBlock],
  );

  const rowAt = useCallback(
    (index: number): Row | undefined =>
      state.blocks.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS],
    [state.blocks],
  );

  return {
    total: state.total,
    loading: state.loading || state.queryKey !== queryKey,
    error: state.error,
    rowAt,
    ensureRange,
  };
}

/** The rows endpoint's address for one block of the query. */
function blockUrl(
  url: string,
  sort: RowWindowParams["sort"],
  text: string,
  column: string | null | undefined,
  block: number,
): string {
  const search = new URLSearchParams({
    offset: String(block * BLOCK_ROWS),
    limit: String(BLOCK_ROWS),
  });
  if (sort) {
    search.set("sort", sort.column);
    search.set("dir", sort.direction);
  }
  if (text.trim()) {
    search.set("q", text.trim());
    if (column) search.set("col", column);
  }
  return `${url}?${search}`;
}

interface WindowState {
  queryKey: string;
  total: number;
  blocks: Map<number, Row[]>;
  loading: boolean;
  error: string | null;
}

/** The window once the rows endpoint answered for a block of query `key` (ignored if stale). */
function withAnswer(
  previous: WindowState,
  key: string,
  block: number,
  body: { ok: true; data: RowWindow } | { ok: false; error: string },
): WindowState {
  if (previous.queryKey !== key) return previous;
  if (!body.ok) return { ...previous, loading: false, error: body.error };
  const blocks = new Map(previous.blocks);
  blocks.set(block, body.data.rows);
  return { ...previous, blocks, total: body.data.total, loading: false, error: null };
}
