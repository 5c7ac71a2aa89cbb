import "server-only";
import { errorHeaders, toAppError } from "@/lib/errors";
import { recordAccessDenied } from "@/lib/services/record-access-denied";
import { type Actor, actorFromHeaders, authorize } from "./actor";
import type { Permission } from "./permissions";
import { CROSS_ORIGIN_MESSAGE, isSameOrigin } from "./same-origin";

export type RouteCheck = { ok: true; actor: Actor } | { ok: false; response: Response };

/**
 * The session and role check for route handlers (downloads, streams, uploads): the signed-in
 * actor when their role holds the permission, otherwise a 401/403 JSON response to return as is.
 * Refusals are recorded as `access.denied` audit events.
 */
export async function requireActor(request: Request, permission: Permission): Promise<RouteCheck> {
  const target = `${request.method} ${new URL(request.url).pathname}`;
  let actor: Actor | null = null;
  try {
    actor = await actorFromHeaders(request.headers);
    if (!actor) {
      await recordAccessDenied({
        actor: "anonymous",
        target,
        permission,
        reason: "unauthenticated",
        address: request.headers.get("x-forwarded-for"),
      });
      return {
        ok: false,
        response: errorResponse(401, "unauthenticated", "Sign in to continue."),
      };
    }
    authorize(actor, permission);
    return { ok: true, actor };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "forbidden" && actor) {
      await recordAccessDenied({
        actor: actor.id,
        role: actor.role,
        target,
        permission,
        reason: "forbidden",
      });
    } else {
      console.error(error);
    }
    return { ok: false, response: errorResponse(appError.status, appError.code, appError.message) };
  }
}

/**
 * Wraps a route handler in `requireActor`, and answers an AppError it throws with its status:
 *
 *   export const GET = withRoute("download.read", async (request, actor, { params }) => …);
 */
export function withRoute<Context>(
  permission: Permission,
  handler: (request: Request, actor: Actor, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      return errorResponse(403, "cross_origin", CROSS_ORIGIN_MESSAGE);
    }
    const check = await requireActor(request, permission);
    if (!check.ok) return check.response;
    try {
      return await handler(request, check.actor, context);
    } catch (error) {
      // A refusal thrown by the handler (a body too large, a dataset not found) is answered with
      // its own status; anything else is a bug, logged and answered without its details.
      const appError = toAppError(error);
      if (appError.code === "internal") console.error(error);
      return errorResponse(
        appError.status,
        appError.code,
        appError.message,
        errorHeaders(appError),
      );
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function errorResponse(
  status: number,
  code: string,
  error: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { ok: false, code, error },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}
