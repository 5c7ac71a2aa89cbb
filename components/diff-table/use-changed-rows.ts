"use client";

import { useCallback, useRef, useState } from "react";
import type { ChangedRows } from "@/lib/diff/change-columns";

export type RowsState =
  | { status: "unavailable" }
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; rows: ChangedRows }
  | { status: "error"; error: string };

/**
 * The changed rows for the "Full rows" view: given directly, or loaded the first time that view is
 * opened (they can be larger than the change set itself, so they are not fetched up front).
 */
export function useChangedRows(
  rows: ChangedRows | undefined,
  loadRows: (() => Promise<ChangedRows>) | undefined,
): { state: RowsState; load: () => void } {
  const [loaded, setLoaded] = useState<RowsState>({ status: "idle" });
  const started = useRef(false);

  const load = useCallback(() => {
    if (rows || !loadRows || started.current) return;
    started.current = true;
    setLoaded({ status: "loading" });
    loadRows().then(
      (result) => setLoaded({ status: "ready", rows: result }),
      (error: unknown) => {
        started.current = false;
        setLoaded({
          status: "error",
          error: error instanceof Error ? error.message : "The rows could not be loaded.",
        });
      },
    );
  }, [rows, loadRows]);

  if (rows) return { state: { status: "ready", rows }, load };
  if (!loadRows) return { state: { status: "unavailable" }, load };
  return { state: loaded, load };
}
