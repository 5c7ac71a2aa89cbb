"use client";

import { Button } from "@/components/ui/button";
import { CheckIcon } from "./icons";

/** Unsaved-changes indicator, revision note, "Discard changes" and "Save revision". */
export function SaveBar({
  dirty,
  note,
  onNoteChange,
  saving,
  blockedReason,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  note: string;
  onNoteChange: (note: string) => void;
  saving: boolean;
  /** Why the draft cannot be saved yet (JSON syntax, schema errors), or null. */
  blockedReason: string | null;
  onSave: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="mr-1 text-sm" aria-live="polite">
        {dirty ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-amber-800">
            <span aria-hidden className="size-2 rounded-full bg-amber-500" />
            Unsaved changes
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-slate-500">
            <CheckIcon /> Saved
          </span>
        )}
      </p>
      <label htmlFor="plan-revision-note" className="sr-only">
        Revision note (optional)
      </label>
      <input
        id="plan-revision-note"
        type="text"
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && dirty && !blockedReason) {
            event.preventDefault();
            onSave();
          }
        }}
        placeholder="Revision note (optional)"
        maxLength={500}
        disabled={!dirty}
        className="h-8 w-56 rounded-md border border-slate-300 bg-white px-2.5 text-sm placeholder:text-slate-400 disabled:bg-slate-50"
      />
      <Button variant="ghost" size="sm" onClick={onDiscard} disabled={!dirty || saving}>
        Discard changes
      </Button>
      <Button
        size="sm"
        onClick={onSave}
        disabled={!dirty || saving || blockedReason !== null}
        title={blockedReason ?? undefined}
        aria-describedby={blockedReason ? "plan-save-blocked" : undefined}
      >
        {saving ? "Saving…" : "Save revision"}
      </Button>
      {blockedReason && dirty ? (
        <p id="plan-save-blocked" className="basis-full text-right text-xs text-red-700">
          {blockedReason}
        </p>
      ) : null}
    </div>
  );
}
