import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/permissions";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { countUsers, insertUserWithPassword } from "@/lib/db/users";
import { AppError, prismaErrorCode } from "@/lib/errors";

export interface CreateUserOptions {
  name: string;
  /** Lower-case (the zod schemas in lib/schemas/users.ts normalise it). */
  email: string;
  role: Role;
  password: string;
  actor: Actor;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** An admin creates an account with a first password, which they hand to the person. */
export async function createUser(options: CreateUserOptions): Promise<CreatedUser> {
  const passwordHash = await hashPassword(options.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await insertUserWithPassword(tx, { ...options, passwordHash });
      await recordAuditEvent(tx, {
        actor: options.actor.id,
        type: "user.created",
        subjectType: "user",
        subjectId: user.id,
        detail: { email: user.email, role: user.role },
      });
      return user;
    });
  } catch (error) {
    throw emailTaken(error, options.email);
  }
}

/**
 * First run (/setup): creates the first account, an admin, only while no account exists. The
 * check and the insert share one transaction, so two people racing through /setup cannot both
 * become the first admin.
 */
export async function createFirstAdmin(options: {
  name: string;
  email: string;
  password: string;
}): Promise<CreatedUser> {
  const passwordHash = await hashPassword(options.password);
  return db().$transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) {
      throw new AppError("conflict", "Signoff is already set up. Sign in with your account.");
    }
    const user = await insertUserWithPassword(tx, { ...options, role: "admin", passwordHash });
    await recordAuditEvent(tx, {
      actor: user.id,
      type: "user.created",
      subjectType: "user",
      subjectId: user.id,
      detail: { email: user.email, role: user.role, firstRun: true },
    });
    return user;
  });
}

function emailTaken(error: unknown, email: string): unknown {
  if (prismaErrorCode(error) !== "P2002") return error;
  return new AppError("conflict", `There is already an account for ${email}.`, { field: "email" });
}
