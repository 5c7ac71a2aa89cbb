"use client";

import { ApprovalActions, type ApprovalActionsProps } from "@/components/preview/approval-actions";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The approval buttons with stand-in handlers: approving refuses as stale unless the override
 * reason is "ok"; rejecting succeeds. Nothing reaches the server.
 */
export function ApprovalDemo(props: Pick<ApprovalActionsProps, "counts" | "guards">) {
  return (
    <ApprovalActions
      {...props}
      onApprove={async (overrideReason) => {
        await wait(800);
        return overrideReason === "ok"
          ? { ok: true }
          : {
              ok: false,
              error: "The dataset moved on since this preview (v3 is current). Preview again.",
            };
      }}
      onReject={async () => {
        await wait(300);
        return { ok: true };
      }}
    />
  );
}
