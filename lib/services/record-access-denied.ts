import "server-only";
import type { Permission, Role } from "@/lib/auth/permissions";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";

export interface AccessDenied {
  /** The user's id, or "anonymous" when nobody was signed in. */
  actor: string;
  role?: Role;
  /** What was called: `action:<name>` or `<METHOD> <path>`. */
  target: string;
  permission?: Permission;
  reason: "unauthenticated" | "forbidden";
}

/**
 * Records a refused call as an `access.denied` audit event. Never throws: the caller is already
 * answering 401/403, and a failure to write the record must not turn that into a 500.
 */
export async function recordAccessDenied(denied: AccessDenied): Promise<void> {
  try {
    await db().$transaction((tx) =>
      recordAuditEvent(tx, {
        actor: denied.actor,
        type: "access.denied",
        subjectType: "route",
        subjectId: denied.target,
        detail: { reason: denied.reason, permission: denied.permission, role: denied.role },
      }),
    );
  } catch (error) {
    console.error("Could not record a denied call", error);
  }
}
