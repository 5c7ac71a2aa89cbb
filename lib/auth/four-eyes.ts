import { can, deniedMessage, type Role } from "./permissions";

export interface ApprovalCheck {
  actor: { id: string; role: Role };
  /** Everyone who wrote a revision of the plan: none of them approves it. */
  revisionAuthors: readonly string[];
  /** SIGNOFF_ALLOW_SELF_APPROVAL: single-person installs may approve their own plans. */
  allowSelfApproval: boolean;
}

export type ApprovalDecision =
  | { ok: true; selfApproval: boolean }
  | { ok: false; code: "forbidden"; reason: string };

export const FOUR_EYES_REASON =
  "You wrote a revision of this plan; another approver must approve it (four-eyes rule).";

/**
 * Whether this person may approve the plan as it stands: the role must allow approving, and
 * nobody who wrote any revision of it may approve it unless self-approval is switched on (a
 * revision restored or re-saved by someone else is still the author's content). Pure, so the
 * plan page disables the Approve button with the same reason the service refuses with.
 */
export function canApprove(check: ApprovalCheck): ApprovalDecision {
  if (!can(check.actor.role, "plan.approve")) {
    return {
      ok: false,
      code: "forbidden",
      reason: deniedMessage(check.actor.role, "plan.approve"),
    };
  }
  const selfApproval = check.revisionAuthors.includes(check.actor.id);
  if (selfApproval && !check.allowSelfApproval) {
    return { ok: false, code: "forbidden", reason: FOUR_EYES_REASON };
  }
  return { ok: true, selfApproval };
}
