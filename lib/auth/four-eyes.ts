import { can, deniedMessage, type Role } from "./permissions";

export interface ApprovalCheck {
  actor: { id: string; role: Role };
  /** The author of the plan's latest revision: the one an approval would apply. */
  latestRevisionAuthor: string;
  /** SIGNOFF_ALLOW_SELF_APPROVAL: single-person installs may approve their own plans. */
  allowSelfApproval: boolean;
}

export type ApprovalDecision =
  | { ok: true; selfApproval: boolean }
  | { ok: false; code: "forbidden"; reason: string };

export const FOUR_EYES_REASON =
  "You wrote the latest revision of this plan; another approver must approve it (four-eyes rule).";

/**
 * Whether this person may approve the plan as it stands: the role must allow approving, and the
 * author of the latest revision may not approve it unless self-approval is switched on. Pure, so
 * the plan page disables the Approve button with the same reason the service refuses with.
 */
export function canApprove(check: ApprovalCheck): ApprovalDecision {
  if (!can(check.actor.role, "plan.approve")) {
    return {
      ok: false,
      code: "forbidden",
      reason: deniedMessage(check.actor.role, "plan.approve"),
    };
  }
  const selfApproval = check.actor.id === check.latestRevisionAuthor;
  if (selfApproval && !check.allowSelfApproval) {
    return { ok: false, code: "forbidden", reason: FOUR_EYES_REASON };
  }
  return { ok: true, selfApproval };
}
