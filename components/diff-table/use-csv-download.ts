"use client";

import { useCallback, useRef, useState } from "react";
import type { ChangeColumns } from "@/lib/diff/change-columns";
import { diffCsvChunks } from "@/lib/diff/diff-csv";

export interface CsvDownload {
  /** Starts the download of the changes at `indices`; ignored while one is being prepared. */
  download: (indices: Uint32Array) => void;
  /** Share of the file prepared so far (0–1), or undefined when idle. */
  progress: number | undefined;
}

const CHUNK = 5_000;

/**
 * Builds the diff CSV in chunks, yielding to the browser between them so the page stays
 * responsive, then saves it through a Blob URL.
 */
export function useCsvDownload(changes: ChangeColumns, fileName: string): CsvDownload {
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const busy = useRef(false);

  const download = useCallback(
    async (indices: Uint32Array) => {
      if (busy.current) return;
      busy.current = true;
      setProgress(0);
      try {
        const parts: string[] = [];
        let written = 0;
        for (const chunk of diffCsvChunks(changes, indices, CHUNK)) {
          parts.push(chunk);
          if (parts.length === 1) continue; // the header
          written = Math.min(written + CHUNK, indices.length);
          setProgress(written / Math.max(indices.length, 1));
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        save(new Blob(parts, { type: "text/csv;charset=utf-8" }), fileName);
      } finally {
        busy.current = false;
        setProgress(undefined);
      }
    },
    [changes, fileName],
  );

  return { download: (indices) => void download(indices), progress };
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
