import "server-only";
import { z } from "zod";
import { type Actor, currentActor } from "@/lib/auth/actor";
import { type ErrorCode, toAppError } from "@/lib/errors";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; code: ErrorCode; fieldErrors?: Record<string, string[]> };

export interface ActionContext {
  actor: Actor;
}

/**
 * The one way into a server action: parse the input with the action's zod schema, resolve the
 * actor, run the handler, and turn failures into a typed result. Server actions are public POST
 * endpoints, so nothing reaches a handler unparsed or anonymous.
 */
export function serverAction<Schema extends z.ZodType, T>(
  schema: Schema,
  handler: (input: z.output<Schema>, context: ActionContext) => Promise<T>,
): (input: z.input<Schema>) => Promise<ActionResult<T>> {
  return async (input) => {
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
      const actor = await currentActor();
      return { ok: true, data: await handler(parsed.data, { actor }) };
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === "internal") console.error(error);
      return { ok: false, code: appError.code, error: appError.message };
    }
  };
}
