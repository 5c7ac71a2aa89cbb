"use client";

import { type DragEvent, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { formatBytes } from "./format-bytes";

/** Drag a CSV here or pick one; the file goes straight to `onFile`. */
export function UploadDropZone({
  limitBytes,
  onFile,
}: {
  limitBytes: number;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="upload-drop-zone"
      className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-16 text-center transition-colors focus-within:border-brand-500 ${
        dragging
          ? "border-brand-500 bg-brand-50"
          : "border-slate-300 bg-white hover:border-slate-400"
      }`}
    >
      <span
        aria-hidden
        className="grid size-12 place-items-center rounded-full bg-brand-50 text-2xl text-brand-600"
      >
        ⇪
      </span>
      <span className="mt-4 text-base font-semibold text-slate-900">Drop a CSV file here</span>
      <span id={hintId} className="mt-1 text-sm text-slate-600">
        UTF-8, comma-separated, with a header line. Up to {formatBytes(limitBytes)}.
      </span>
      <span className={`${buttonClasses("secondary")} mt-5`}>Choose a file…</span>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = "";
        }}
      />
    </label>
  );
}
