"use client";

import { useRouter } from "next/navigation";
import { useSubmitOnce } from "@/components/preview/use-submit-once";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { submitPlanAction } from "@/lib/actions/plans";

/**
 * The author's step from a previewed draft to the approval queue, or where the plan stands once
 * it is there. Shown with a fresh preview only: what is submitted is what the author has seen.
 */
export function SubmitForApproval({
  planId,
  status,
  canSubmit,
}: {
  planId: string;
  status: string;
  canSubmit: boolean;
}) {
  const router = useRouter();
  const { run, pending, error } = useSubmitOnce(
    async () => {
      const response = await submitPlanAction({ planId });
      return response.ok ? { ok: true as const } : { ok: false as const, error: response.error };
    },
    () => router.refresh(),
  );
  if (status === "submitted") {
    return (
      <p className="text-sm text-slate-700" data-testid="submitted-notice">
        Submitted for approval. Approvers find it under “Awaiting approval”; an edit makes it a
        draft again.
      </p>
    );
  }
  // The page's status is from before the preview that is showing; that preview made it previewed.
  if (!canSubmit || !["draft", "previewed", "failed"].includes(status)) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => run()} disabled={pending}>
          {pending ? "Submitting…" : "Submit for approval"}
        </Button>
        <p className="text-sm text-slate-600">
          Puts this plan, as previewed, in the approvers’ queue.
        </p>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
