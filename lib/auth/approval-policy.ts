import "server-only";
import { env } from "@/lib/env";
import { authEnabled } from "./actor";
import { type ApprovalDecision, canApprove } from "./four-eyes";
import type { Role } from "./permissions";

/**
 * The instance's approval policy, read once for the plan page (which disables Approve with the
 * reason) and the approve action (which enforces it): the rule itself is `canApprove`.
 */

/** Self-approval is on where the setting says so, and where sign-in is off (one person). */
export function selfApprovalAllowed(): boolean {
  return env().SIGNOFF_ALLOW_SELF_APPROVAL || !authEnabled();
}

/** Whether this person may approve a plan with these revision authors, under this instance. */
export function approvalDecision(
  actor: { id: string; role: Role },
  revisionAuthors: readonly string[],
): ApprovalDecision {
  return canApprove({ actor, revisionAuthors, allowSelfApproval: selfApprovalAllowed() });
}
