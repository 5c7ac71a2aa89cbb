"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { revertExecutionAction } from "@/lib/actions/executions";

/**
 * Drafts the execution's inverse plan and opens it in the normal review (preview, approve).
 * Nothing changes until that plan is approved.
 */
export function RevertButton({
  executionId,
  openPlanId,
}: {
  executionId: string;
  openPlanId?: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const revert = () =>
    startTransition(async () => {
      setError(null);
      const result = await revertExecutionAction({ executionId });
      if (result.ok) router.push(`/plans/${result.data.planId}`);
      else setError(result.error);
    });

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        onClick={revert}
        disabled={pending}
        title="Draft a plan that puts every cell this execution changed back, then review and approve it"
      >
        {pending ? "Drafting revert…" : openPlanId ? "Open revert plan" : "Revert…"}
      </Button>
      {error ? (
        <p role="alert" className="max-w-xs text-right text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
