import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { countUsers } from "@/lib/db/users";
import { type Actor, actorFromHeaders, authEnabled } from "./actor";
import { PATH_HEADER } from "./page-headers";
import { can, type Permission } from "./permissions";
import { safeReturnPath, signInPath } from "./return-path";

export { PATH_HEADER };

/**
 * The signed-in actor for a page, or a redirect: to /setup on a fresh install, to /sign-in when
 * nobody is signed in (coming back here afterwards), to /forbidden when the role lacks the
 * permission. Every page calls it before loading data; proxy.ts only does the cheap cookie check.
 */
export async function requirePageActor(permission: Permission): Promise<Actor> {
  const actor = await requestActor();
  const here = safeReturnPath((await headers()).get(PATH_HEADER));
  if (!actor) {
    if ((await countUsers()) === 0) redirect("/setup");
    redirect(signInPath(here));
  }
  if (!can(actor.role, permission)) {
    redirect(`/forbidden?permission=${encodeURIComponent(permission)}`);
  }
  return actor;
}

/** For pages that show more to some roles: the actor, or null when signed out. */
export async function pageActor(): Promise<Actor | null> {
  return requestActor();
}

/** One session lookup per request, shared by the layout's header and the page. */
const requestActor = cache(async (): Promise<Actor | null> => actorFromHeaders(await headers()));

export { authEnabled };
