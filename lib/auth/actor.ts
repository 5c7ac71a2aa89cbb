import "server-only";

export type Role = "viewer" | "author" | "approver" | "admin";

export interface Actor {
  /** Stable id written on revisions, executions and audit events. */
  id: string;
  name: string;
  role: Role;
}

/**
 * The person behind the current request.
 *
 * Accounts and sign-in are not built yet (issue 7); until they are, every request acts as the
 * single local operator. This function is the one seam that will resolve the session instead.
 */
export async function currentActor(): Promise<Actor> {
  return { id: "local:operator", name: "Local operator", role: "admin" };
}
