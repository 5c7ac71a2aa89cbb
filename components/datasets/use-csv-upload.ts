"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { DELIMITER_NAMES, type Delimiter } from "@/lib/dataset/csv-dialect";
import type { StagedUpload } from "@/lib/services/upload-dataset";

/** Why an upload was refused, as the server (or the browser, for the size check) put it. */
export interface UploadProblem {
  code: string;
  message: string;
  line: number | null;
  csvCode: string | null;
}

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string; loaded: number; total: number }
  | { status: "profiling"; fileName: string; total: number }
  | { status: "staged"; upload: StagedUpload }
  | { status: "failed"; fileName: string; problem: UploadProblem };

const UPLOAD_URL = "/api/datasets/upload";

/**
 * Sends a File to the upload route and tracks it. XHR rather than fetch because only XHR reports
 * upload progress; the browser streams the File from disk, so the page never holds it in memory.
 */
export function useCsvUpload(limitBytes: number) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);
  const lastFile = useRef<File | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const upload = useCallback(
    (file: File, delimiter?: Delimiter) => {
      request.current?.abort();
      lastFile.current = file;
      const refused = refusedBeforeSending(file, limitBytes);
      if (refused) {
        setState({ status: "failed", fileName: file.name, problem: refused });
        return;
      }

      const xhr = new XMLHttpRequest();
      request.current = xhr;
      setState({ status: "uploading", fileName: file.name, loaded: 0, total: file.size });
      xhr.upload.onprogress = (event) => {
        setState({
          status: "uploading",
          fileName: file.name,
          loaded: event.loaded,
          total: file.size,
        });
      };
      xhr.upload.onload = () =>
        setState({ status: "profiling", fileName: file.name, total: file.size });
      xhr.onload = () => {
        request.current = null;
        setState(readResponse(xhr, file.name, limitBytes));
      };
      xhr.onerror = () => {
        request.current = null;
        setState({ status: "failed", fileName: file.name, problem: INTERRUPTED });
      };
      xhr.open("POST", UPLOAD_URL);
      xhr.setRequestHeader("Content-Type", "text/csv");
      xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
      if (delimiter) xhr.setRequestHeader("X-Delimiter", DELIMITER_NAMES[delimiter]);
      xhr.send(file);
    },
    [limitBytes],
  );

  const cancel = useCallback(() => {
    request.current?.abort();
    request.current = null;
    setState({ status: "idle" });
  }, []);

  /** The same file again, read with the separator the user chose. */
  const reread = useCallback(
    (delimiter: Delimiter) => {
      if (lastFile.current) upload(lastFile.current, delimiter);
    },
    [upload],
  );

  return { state, upload, reread, cancel };
}

/** A file too large or empty is refused here, without sending a byte. */
function refusedBeforeSending(file: File, limitBytes: number): UploadProblem | null {
  if (file.size > limitBytes) return tooLarge(limitBytes);
  if (file.size > 0) return null;
  return {
    code: "invalid_csv",
    csvCode: "empty_file",
    line: null,
    message: "The file is empty: it needs a header line and rows.",
  };
}

const INTERRUPTED: UploadProblem = {
  code: "network",
  csvCode: null,
  line: null,
  message:
    "The upload was interrupted before the server answered. Check the connection and try again; nothing was stored.",
};

function readResponse(xhr: XMLHttpRequest, fileName: string, limitBytes: number): UploadState {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  const result = body as
    | { ok: true; data: StagedUpload }
    | {
        ok: false;
        code: string;
        error: string;
        detail?: { line?: number | null; csvCode?: string };
      }
    | null;
  if (result?.ok) return { status: "staged", upload: result.data };
  if (result && !result.ok) {
    return {
      status: "failed",
      fileName,
      problem: {
        code: result.code,
        message: result.error,
        line: result.detail?.line ?? null,
        csvCode: result.detail?.csvCode ?? null,
      },
    };
  }
  return {
    status: "failed",
    fileName,
    problem:
      xhr.status === 413
        ? tooLarge(limitBytes)
        : {
            code: "internal",
            csvCode: null,
            line: null,
            message: `The server could not read the upload (HTTP ${xhr.status}). Nothing was stored.`,
          },
  };
}

function tooLarge(limitBytes: number): UploadProblem {
  const mb = Math.round((limitBytes / (1024 * 1024)) * 10) / 10;
  return {
    code: "too_large",
    csvCode: "too_large",
    line: null,
    message: `The file is over the upload limit of ${mb} MB. Nothing was stored.`,
  };
}
