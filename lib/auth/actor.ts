import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { auth } from "./auth";
import { can, deniedMessage, type Permission, type Role, readRole } from "./permissions";

export type { Role } from "./permissions";

export interface Actor {
  /** Stable id written on revisions, executions and audit events: the user's id. */
  id: string;
  name: string;
  role: Role;
}

/** Who acts while SIGNOFF_AUTH=off: one local admin, as before accounts existed. */
export const LOCAL_OPERATOR: Actor = {
  id: "local:operator",
  name: "Local operator",
  role: "admin",
};

/** SIGNOFF_AUTH: sign-in and permission checks are enforced unless it is `off`. */
export function authEnabled(): boolean {
  return env().SIGNOFF_AUTH !== "off";
}

/** The signed-in person behind these request headers (their session cookie), or null. */
export async function actorFromHeaders(requestHeaders: Headers): Promise<Actor | null> {
  if (!authEnabled()) return LOCAL_OPERATOR;
  const session = await auth().api.getSession({ headers: requestHeaders });
  if (!session || session.user.deactivatedAt) return null;
  return { id: session.user.id, name: session.user.name, role: readRole(session.user.role) };
}

/** The person behind the current request, or null when nobody is signed in. */
async function optionalActor(): Promise<Actor | null> {
  return actorFromHeaders(await headers());
}

/**
 * The person behind the current request (server components, server actions). Throws
 * `unauthenticated` when there is no valid session; every server action reaches it through
 * `serverAction`, which also checks the permission.
 */
export async function currentActor(): Promise<Actor> {
  const actor = await optionalActor();
  if (!actor) throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
  return actor;
}

/** Throws `forbidden` unless the actor's role holds the permission. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!can(actor.role, permission)) {
    throw new AppError("forbidden", deniedMessage(actor.role, permission), { permission });
  }
}
