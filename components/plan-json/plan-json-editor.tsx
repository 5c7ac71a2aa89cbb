"use client";

import { type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import { locatePath, type TextPosition } from "@/lib/plan/json-text";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "@/lib/security/limits";
import { issueLines, offsetOf, type PlanTextReading } from "./json-draft";

/** Line height of the editor in pixels; the gutter and the cursor jumps rely on it. */
const LINE_HEIGHT = 20;

/**
 * Largest plan file the import reads. A plan reaches the server in a server action, whose body
 * is refused above this (lib/security/limits.ts): a larger file could never be saved, so it is
 * refused from its size before a byte of it is read.
 */
const PLAN_FILE_MAX_BYTES = SERVER_ACTION_BODY_LIMIT_BYTES;
const PLAN_FILE_MAX_MB = PLAN_FILE_MAX_BYTES / (1024 * 1024);

export interface JsonFocusRequest {
  path: PlanPath;
  /** Where to go when no path leads there (a syntax error). */
  position?: TextPosition;
  seq: number;
}

/** Put the cursor at a line and column and scroll it into view. */
function moveCursor(element: HTMLTextAreaElement, position: TextPosition): void {
  const offset = offsetOf(element.value, position);
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest" });
  element.setSelectionRange(offset, offset);
  element.scrollTop = Math.max(0, (position.line - 1) * LINE_HEIGHT - element.clientHeight / 3);
}

/**
 * The JSON view: the plan as editable text with line numbers, markers on the lines validation
 * points at, the syntax error when there is one, and import/export of plan files.
 */
export function PlanJsonEditor({
  text,
  reading,
  issues,
  onChange,
  onReformat,
  fileName,
  readOnly = false,
  focusRequest,
}: {
  text: string;
  reading: PlanTextReading;
  issues: readonly PlanIssue[];
  onChange: (text: string) => void;
  onReformat: () => void;
  /** Name for the downloaded file, without extension. */
  fileName: string;
  readOnly?: boolean;
  focusRequest?: JsonFocusRequest;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!focusRequest || !textarea.current) return;
    const position = focusRequest.position ?? locatePath(textarea.current.value, focusRequest.path);
    if (position) moveCursor(textarea.current, position);
  }, [focusRequest]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Edit the plan as JSON. Changes apply to the form and graph as soon as the text is a plan.
        </p>
        <JsonFileActions
          text={text}
          fileName={fileName}
          readOnly={readOnly}
          canFormat={reading.status === "plan"}
          onImport={onChange}
          onReformat={onReformat}
          onNotice={setNotice}
        />
      </div>
      <JsonStatus
        reading={reading}
        notice={notice}
        onGoTo={(position) => textarea.current && moveCursor(textarea.current, position)}
      />
      <div className="flex h-[36rem] overflow-hidden rounded-lg border border-slate-300 bg-white font-mono text-[13px] shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/25">
        <LineGutter
          ref={gutter}
          text={text}
          issues={issues}
          errorLine={reading.status === "syntax" ? reading.error.line : undefined}
        />
        <JsonTextArea
          ref={textarea}
          text={text}
          readOnly={readOnly}
          invalid={reading.status !== "plan"}
          onChange={onChange}
          onScrollTop={(top) => {
            if (gutter.current) gutter.current.style.transform = `translateY(-${top}px)`;
          }}
        />
      </div>
    </div>
  );
}

interface Notice {
  text: string;
  refused: boolean;
}

/** Import a plan file (refused above the size a save could carry), format, export. */
function JsonFileActions({
  text,
  fileName,
  readOnly,
  canFormat,
  onImport,
  onReformat,
  onNotice,
}: {
  text: string;
  fileName: string;
  readOnly: boolean;
  canFormat: boolean;
  onImport: (text: string) => void;
  onReformat: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importFile = async (file: File) => {
    if (file.size > PLAN_FILE_MAX_BYTES) {
      onNotice({
        text: `${file.name} is larger than ${PLAN_FILE_MAX_MB} MB, the most a plan file can be. Nothing was imported.`,
        refused: true,
      });
      return;
    }
    onImport(await file.text());
    onNotice({
      text: `Imported ${file.name}. Review it, then save it as a revision.`,
      refused: false,
    });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex items-center gap-2">
      {readOnly ? null : (
        <>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            tabIndex={-1}
            aria-label="Plan file to import"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void importFile(file);
              event.target.value = "";
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
            Import file…
          </Button>
          <Button variant="ghost" size="sm" onClick={onReformat} disabled={!canFormat}>
            Format
          </Button>
        </>
      )}
      <Button variant="secondary" size="sm" onClick={download}>
        Export JSON
      </Button>
    </div>
  );
}

/** What is wrong with the text (a syntax error, not plan-shaped), or how an import went. */
function JsonStatus({
  reading,
  notice,
  onGoTo,
}: {
  reading: PlanTextReading;
  notice: Notice | null;
  onGoTo: (position: TextPosition) => void;
}) {
  return (
    <div aria-live="polite">
      {reading.status === "syntax" ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span>
            <strong className="font-semibold">
              Line {reading.error.line}, column {reading.error.column}:
            </strong>{" "}
            {reading.error.message}. The form and graph show the last valid version.
          </span>
          <button
            type="button"
            onClick={() => onGoTo(reading.error)}
            className="text-xs font-medium underline"
          >
            Go to line {reading.error.line}
          </button>
        </div>
      ) : reading.status === "unshaped" ? (
        <div
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          This JSON is not shaped like a plan: {reading.problem}. The form and graph show the last
          plan-shaped version.
        </div>
      ) : notice?.refused ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {notice.text}
        </p>
      ) : notice ? (
        <p className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700">
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/** Line numbers beside the text, marked where validation points (red for errors). */
function LineGutter({
  ref,
  text,
  issues,
  errorLine,
}: {
  ref: RefObject<HTMLDivElement | null>;
  text: string;
  issues: readonly PlanIssue[];
  errorLine: number | undefined;
}) {
  const lineCount = useMemo(() => text.split("\n").length, [text]);
  const markers = useMemo(() => issueLines(text, issues), [text, issues]);
  return (
    <div
      aria-hidden
      className="w-14 shrink-0 select-none overflow-hidden border-r border-slate-200 bg-slate-50 py-2 text-right text-slate-400"
    >
      <div ref={ref}>
        {Array.from({ length: lineCount }, (_, i) => {
          const line = i + 1;
          const lineIssues = markers.get(line);
          const error =
            line === errorLine || lineIssues?.some((issue) => issue.severity === "error");
          const warning = !error && lineIssues !== undefined;
          return (
            <div
              key={line}
              style={{ height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px` }}
              title={lineIssues?.map((issue) => issue.message).join("\n")}
              className={`flex items-center justify-end gap-1 pr-2 ${error ? "bg-red-50 text-red-700" : warning ? "bg-amber-50 text-amber-800" : ""}`}
            >
              {error || warning ? (
                <span
                  className={`size-1.5 rounded-full ${error ? "bg-red-500" : "bg-amber-500"}`}
                />
              ) : null}
              {line}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The plan's text, unwrapped, its scroll position followed by the line gutter. */
function JsonTextArea({
  ref,
  text,
  readOnly,
  invalid,
  onChange,
  onScrollTop,
}: {
  ref: RefObject<HTMLTextAreaElement | null>;
  text: string;
  readOnly: boolean;
  invalid: boolean;
  onChange: (text: string) => void;
  onScrollTop: (top: number) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Plan JSON
      </label>
      <textarea
        ref={ref}
        id={id}
        value={text}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => onScrollTop(event.currentTarget.scrollTop)}
        aria-invalid={invalid || undefined}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        style={{ lineHeight: `${LINE_HEIGHT}px` }}
        className="h-full flex-1 resize-none overflow-auto whitespace-pre bg-transparent px-3 py-2 text-slate-900 focus:outline-none"
      />
    </>
  );
}
