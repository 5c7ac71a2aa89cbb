"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { type SubmitResult, useSubmitOnce } from "./use-submit-once";

export interface RejectButtonProps {
  /** Rejects the plan with the reviewer's reason. */
  onReject: (reason: string) => Promise<SubmitResult>;
  disabled?: boolean;
}

/** "Reject" and its confirmation dialog, with an optional reason. */
export function RejectButton({ onReject, disabled }: RejectButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled}>
        Reject
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        title="Reject plan"
        description="The dataset is not changed. The author sees your reason on the plan and can revise it."
      >
        <RejectForm
          onReject={async (reason) => {
            setBusy(true);
            try {
              return await onReject(reason);
            } finally {
              setBusy(false);
            }
          }}
          onClose={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

function RejectForm({
  onReject,
  onClose,
}: {
  onReject: (reason: string) => Promise<SubmitResult>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const submit = useSubmitOnce(onReject, onClose);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === "") return;
        void submit.run(reason.trim());
      }}
      className="space-y-4"
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
          Why is it rejected?
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          required
          placeholder="e.g. The floor should be $30, not $25."
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:border-brand-500"
        />
      </div>
      {submit.error ? <FormAlert>{submit.error}</FormAlert> : null}
      <div className="flex items-center justify-end gap-2 pt-2">
        <p role="status" className="mr-auto text-sm text-slate-600">
          {submit.pending ? "Rejecting…" : ""}
        </p>
        <Button variant="secondary" onClick={onClose} disabled={submit.pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={submit.pending || reason.trim() === ""}>
          Reject plan
        </Button>
      </div>
    </form>
  );
}
