"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DelimiterChoice } from "./delimiter-choice";
import { formatBytes } from "./format-bytes";
import { UploadDropZone } from "./upload-drop-zone";
import { UploadProblemNotice } from "./upload-problem";
import { UploadReview } from "./upload-review";
import { useCsvUpload } from "./use-csv-upload";

/** Upload a CSV: pick or drop it, watch it upload and profile, then confirm the dataset. */
export function UploadFlow({ limitBytes }: { limitBytes: number }) {
  const { state, upload, reread, cancel } = useCsvUpload(limitBytes);

  if (state.status === "staged") {
    return <UploadReview upload={state.upload} onStartOver={cancel} onReread={reread} />;
  }
  if (state.status === "uploading" || state.status === "profiling") {
    const percent =
      state.status === "uploading" && state.total > 0
        ? Math.floor((state.loaded / state.total) * 100)
        : 100;
    return (
      <Card className="p-6" aria-live="polite">
        <div className="flex items-baseline justify-between gap-4">
          <p className="font-medium text-slate-900">
            {state.status === "uploading" ? "Uploading" : "Reading and profiling"}{" "}
            <span className="font-mono text-sm">{state.fileName}</span>
          </p>
          <p className="text-sm tabular-nums text-slate-600">
            {state.status === "uploading"
              ? `${formatBytes(state.loaded)} of ${formatBytes(state.total)}`
              : formatBytes(state.total)}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={state.status === "profiling" ? "Uploaded; profiling" : `${percent}%`}
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full bg-brand-600 transition-[width] ${state.status === "profiling" ? "animate-pulse" : ""}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <div className="mt-4 flex items-center justify-between">
          <p className="text-sm text-slate-600">
            {state.status === "uploading"
              ? `${percent}% sent`
              : "Checking every row and working out column types…"}
          </p>
          <Button variant="ghost" size="sm" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {state.status === "failed" ? (
        <>
          <UploadProblemNotice fileName={state.fileName} problem={state.problem} />
          {state.problem.code === "invalid_csv" ? (
            <DelimiterChoice
              label="Fields separated by something else? Read it again, separated by"
              onChoose={reread}
            />
          ) : null}
        </>
      ) : null}
      <UploadDropZone limitBytes={limitBytes} onFile={upload} />
    </div>
  );
}
