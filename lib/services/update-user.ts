import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/permissions";
import { recordAuditEvent } from "@/lib/db/audit";
import { db, type Tx } from "@/lib/db/client";
import { countActiveAdmins, findUserForUpdate, revokeSessions } from "@/lib/db/users";
import { AppError } from "@/lib/errors";

/**
 * What an admin changes on an account: its role, whether it may sign in, its password. Each is a
 * single transaction with its audit event, and none may leave Signoff without an active admin.
 */

export async function changeUserRole(options: { userId: string; role: Role; actor: Actor }) {
  return db().$transaction(async (tx) => {
    const user = await loadUser(tx, options.userId);
    if (user.role === options.role) return { id: user.id, role: user.role };
    if (user.role === "admin" && user.active) await keepOneAdmin(tx, "change the role of");
    await tx.user.update({ where: { id: user.id }, data: { role: options.role } });
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "user.role_changed",
      subjectType: "user",
      subjectId: user.id,
      detail: { from: user.role, to: options.role },
    });
    return { id: user.id, role: options.role };
  });
}

export async function setUserActive(options: { userId: string; active: boolean; actor: Actor }) {
  if (!options.active && options.userId === options.actor.id) {
    throw new AppError("conflict", "You cannot deactivate your own account.");
  }
  return db().$transaction(async (tx) => {
    const user = await loadUser(tx, options.userId);
    if (user.active === options.active) return { id: user.id, active: user.active };
    if (!options.active && user.role === "admin") await keepOneAdmin(tx, "deactivate");
    await tx.user.update({
      where: { id: user.id },
      data: { deactivatedAt: options.active ? null : new Date() },
    });
    const revokedSessions = options.active ? 0 : await revokeSessions(tx, user.id);
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: options.active ? "user.reactivated" : "user.deactivated",
      subjectType: "user",
      subjectId: user.id,
      detail: options.active ? {} : { revokedSessions },
    });
    return { id: user.id, active: options.active };
  });
}

/** Sets a new password for someone who lost theirs; their open sessions end. */
export async function resetUserPassword(options: {
  userId: string;
  password: string;
  actor: Actor;
}) {
  const passwordHash = await hashPassword(options.password);
  return db().$transaction(async (tx) => {
    const user = await loadUser(tx, options.userId);
    const { count } = await tx.account.updateMany({
      where: { userId: user.id, providerId: "credential" },
      data: { password: passwordHash },
    });
    if (count === 0) {
      await tx.account.create({
        data: {
          userId: user.id,
          accountId: user.id,
          providerId: "credential",
          password: passwordHash,
        },
      });
    }
    const revokedSessions = await revokeSessions(tx, user.id);
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "user.password_reset",
      subjectType: "user",
      subjectId: user.id,
      detail: { revokedSessions },
    });
    return { id: user.id };
  });
}

async function loadUser(tx: Tx, userId: string) {
  const user = await findUserForUpdate(tx, userId);
  if (!user) throw new AppError("not_found", "That account no longer exists.");
  return user;
}

async function keepOneAdmin(tx: Tx, verb: string): Promise<void> {
  if ((await countActiveAdmins(tx)) <= 1) {
    throw new AppError(
      "conflict",
      `You cannot ${verb} the only active admin. Make someone else an admin first.`,
    );
  }
}
