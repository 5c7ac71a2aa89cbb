import "server-only";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { type Actor, authorize, currentActor } from "@/lib/auth/actor";
import type { Permission } from "@/lib/auth/permissions";
import { type AppError, type ErrorCode, toAppError } from "@/lib/errors";
import { recordAccessDenied } from "@/lib/services/record-access-denied";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; code: ErrorCode; fieldErrors?: Record<string, string[]> };

export interface ActionContext {
  actor: Actor;
}

export interface ActionOptions<Schema extends z.ZodType> {
  schema: Schema;
  /** What the caller's role must allow (lib/auth/permissions.ts). */
  permission: Permission;
  /** Names the action in `access.denied` audit events; defaults to the permission. */
  name?: string;
}

/** Until every caller names its permission, an action without one is for admins only. */
const UNDECLARED_PERMISSION: Permission = "user.manage";

/**
 * The one way into a server action: resolve the signed-in actor, check their role holds the
 * action's permission, parse the input with the action's zod schema, run the handler, and turn
 * failures into a typed result. Server actions are public POST endpoints, so nothing reaches a
 * handler anonymous, unauthorised or unparsed; refusals are recorded as `access.denied` events.
 *
 *   export const approvePlanAction = serverAction(
 *     { schema: approveSchema, permission: "plan.approve" },
 *     (input, { actor }) => approvePlan({ ...input, actor }),
 *   );
 */
export function serverAction<Schema extends z.ZodType, T>(
  options: ActionOptions<Schema>,
  handler: (input: z.output<Schema>, context: ActionContext) => Promise<T>,
): (input: z.input<Schema>) => Promise<ActionResult<T>>;
/** @deprecated Name the permission: `serverAction({ schema, permission }, handler)`. Admin-only. */
export function serverAction<Schema extends z.ZodType, T>(
  schema: Schema,
  handler: (input: z.output<Schema>, context: ActionContext) => Promise<T>,
): (input: z.input<Schema>) => Promise<ActionResult<T>>;
export function serverAction<Schema extends z.ZodType, T>(
  schemaOrOptions: Schema | ActionOptions<Schema>,
  handler: (input: z.output<Schema>, context: ActionContext) => Promise<T>,
): (input: z.input<Schema>) => Promise<ActionResult<T>> {
  const options: ActionOptions<Schema> =
    schemaOrOptions instanceof z.ZodType
      ? { schema: schemaOrOptions, permission: UNDECLARED_PERMISSION }
      : schemaOrOptions;
  const target = `action:${options.name ?? options.permission}`;

  return async (input) => {
    const checked = await checkCaller(options.permission, target);
    if (!checked.ok) return checked;
    const { actor } = checked;
    return runParsed(options.schema, input, (parsed) => handler(parsed, { actor }));
  };
}

/** Resolves the signed-in actor and checks the permission; records refusals. */
async function checkCaller(
  permission: Permission,
  target: string,
): Promise<{ ok: true; actor: Actor } | { ok: false; error: string; code: ErrorCode }> {
  let actor: Actor | undefined;
  try {
    actor = await currentActor();
    authorize(actor, permission);
    return { ok: true, actor };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "unauthenticated" || appError.code === "forbidden") {
      await recordAccessDenied({
        actor: actor?.id ?? "anonymous",
        role: actor?.role,
        target,
        permission,
        reason: appError.code,
        address: (await headers()).get("x-forwarded-for"),
      });
    } else if (appError.code === "internal") {
      console.error(error);
    }
    return { ok: false, code: appError.code, error: appError.message };
  }
}

/**
 * A server action anyone may call, signed in or not: sign-in helpers and first-run setup only.
 * Everything else goes through `serverAction` with a permission.
 */
export function publicAction<Schema extends z.ZodType, T>(
  schema: Schema,
  handler: (input: z.output<Schema>) => Promise<T>,
): (input: z.input<Schema>) => Promise<ActionResult<T>> {
  return (input) => runParsed(schema, input, handler);
}

async function runParsed<Schema extends z.ZodType, T>(
  schema: Schema,
  input: unknown,
  handler: (input: z.output<Schema>) => Promise<T>,
): Promise<ActionResult<T>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error);
    return {
      ok: false,
      code: "invalid_input",
      error: flat.formErrors[0] ?? "Some fields are not valid.",
      fieldErrors: flat.fieldErrors as Record<string, string[]>,
    };
  }
  try {
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    // redirect() and notFound() work by throwing; let Next handle them.
    unstable_rethrow(error);
    const appError = toAppError(error);
    if (appError.code === "internal") console.error(error);
    const fieldErrors = fieldErrorsOf(appError);
    return {
      ok: false,
      code: appError.code,
      error: appError.message,
      ...(fieldErrors ? { fieldErrors } : {}),
    };
  }
}

/** An AppError may name the form field it is about: `detail.field`. */
function fieldErrorsOf(error: AppError): Record<string, string[]> | undefined {
  const field = error.detail?.field;
  return typeof field === "string" ? { [field]: [error.message] } : undefined;
}
