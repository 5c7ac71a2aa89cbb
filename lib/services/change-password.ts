import "server-only";
import { APIError } from "better-auth/api";
import type { Actor } from "@/lib/auth/actor";
import { FailedAttempts, pause } from "@/lib/auth/attempts";
import { auth } from "@/lib/auth/auth";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Wrong current passwords per account: a stolen session cannot guess the password quickly. */
const passwordAttempts = new FailedAttempts("password");
/** Wrong current passwords in a row after which the form refuses until the wait is over. */
const REFUSE_AFTER = 5;

/**
 * A signed-in person changes their own password, proving the current one. With
 * `signOutOtherSessions` every other session ends and this one gets a new cookie.
 */
export async function changeOwnPassword(options: {
  currentPassword: string;
  newPassword: string;
  signOutOtherSessions: boolean;
  headers: Headers;
  actor: Actor;
}): Promise<void> {
  const key = options.actor.id;
  if ((await passwordAttempts.count(key)) >= REFUSE_AFTER) {
    throw new AppError(
      "too_many_attempts",
      "Too many wrong passwords in a row. Try again in 15 minutes.",
    );
  }
  await pause(await passwordAttempts.fail(key));
  try {
    await auth().api.changePassword({
      body: {
        currentPassword: options.currentPassword,
        newPassword: options.newPassword,
        revokeOtherSessions: options.signOutOtherSessions,
      },
      headers: options.headers,
    });
  } catch (error) {
    if (error instanceof APIError && error.status === "BAD_REQUEST") {
      throw new AppError("invalid_input", "Your current password is wrong.", {
        field: "currentPassword",
      });
    }
    if (error instanceof APIError && error.status === "UNAUTHORIZED") {
      throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
    }
    throw error;
  }
  await passwordAttempts.succeed(key);
  await db().$transaction((tx) =>
    recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "user.password_changed",
      subjectType: "user",
      subjectId: options.actor.id,
      detail: { signedOutOtherSessions: options.signOutOtherSessions },
    }),
  );
}

/** Ends the session in these request headers and clears its cookie. */
export async function signOut(headers: Headers): Promise<void> {
  await auth().api.signOut({ headers });
}
