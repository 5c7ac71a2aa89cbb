"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApproveDialog, type ApproveDialogProps } from "./approve-dialog";
import { RejectButton } from "./reject-button";
import type { SubmitResult } from "./use-submit-once";

export interface ApprovalActionsProps {
  counts: ApproveDialogProps["counts"];
  guards: ApproveDialogProps["guards"];
  warnings?: ApproveDialogProps["warnings"];
  impact?: ApproveDialogProps["impact"];
  /** Server actions can be passed straight in: their `{ ok, error }` result fits. */
  onApprove: (overrideReason?: string, comment?: string) => Promise<SubmitResult>;
  onReject: (reason: string) => Promise<SubmitResult>;
  /** E.g. when the viewer may not approve their own plan. */
  disabled?: boolean;
  disabledReason?: string;
}

/** The "Reject" and "Approve…" buttons of a preview, with their confirmation dialogs. */
export function ApprovalActions({
  counts,
  guards,
  warnings,
  impact,
  onApprove,
  onReject,
  disabled = false,
  disabledReason,
}: ApprovalActionsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {disabled && disabledReason ? (
        <p className="mr-2 text-sm text-slate-600">{disabledReason}</p>
      ) : null}
      <RejectButton onReject={onReject} disabled={disabled} />
      <Button onClick={() => setOpen(true)} disabled={disabled} aria-haspopup="dialog">
        Approve…
      </Button>
      <ApproveDialog
        open={open}
        onClose={() => setOpen(false)}
        counts={counts}
        guards={guards}
        warnings={warnings}
        impact={impact}
        onApprove={onApprove}
      />
    </div>
  );
}
