import "server-only";
import { type ActorLabel, actorLabel } from "@/lib/auth/actor-label";
import { type Role, readRole } from "@/lib/auth/permissions";
import { db, type Tx } from "./client";

export interface UserSummary {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  createdAt: Date;
  /** Most recent session start, if the user ever signed in. */
  lastSignInAt: Date | null;
}

export async function countUsers(client: Tx | ReturnType<typeof db> = db()): Promise<number> {
  return client.user.count();
}

/** Users for the admin page: active first, then by name. */
export async function listUsers(): Promise<UserSummary[]> {
  const users = await db().user.findMany({
    orderBy: [{ name: "asc" }],
    select: {
      id: true,
      name: true,
      email: true,
      role: true,
      deactivatedAt: true,
      createdAt: true,
      sessions: { select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
    },
  });
  return users
    .map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: readRole(user.role),
      active: user.deactivatedAt === null,
      createdAt: user.createdAt,
      lastSignInAt: user.sessions[0]?.createdAt ?? null,
    }))
    .sort((a, b) => Number(b.active) - Number(a.active));
}

export interface SessionUser {
  id: string;
  name: string;
  role: Role;
  active: boolean;
}

export async function isUserActive(id: string): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id }, select: { deactivatedAt: true } });
  return user !== null && user.deactivatedAt === null;
}

export async function findUserByEmail(email: string) {
  return db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, role: true },
  });
}

/**
 * Display names for the actor ids on a page (revision authors, approvers, audit actors), in one
 * query. Ids that are not users (`cli:…`, `system:…`) get their own labels.
 */
export async function actorLabels(ids: Iterable<string>): Promise<Map<string, ActorLabel>> {
  const unique = [...new Set(ids)];
  const users = await db().user.findMany({
    where: { id: { in: unique } },
    select: { id: true, name: true, email: true },
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  return new Map(unique.map((id) => [id, actorLabel(id, byId)]));
}

export interface NewUser {
  name: string;
  /** Lower-case. */
  email: string;
  role: Role;
  passwordHash: string;
}

/** A user with an email-and-password ("credential") account, as better-auth stores one. */
export async function insertUserWithPassword(tx: Tx, input: NewUser) {
  const user = await tx.user.create({
    data: { name: input.name, email: input.email, role: input.role, emailVerified: false },
  });
  await tx.account.create({
    data: {
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: input.passwordHash,
    },
  });
  return { id: user.id, name: user.name, email: user.email, role: input.role };
}

export async function findUserForUpdate(tx: Tx, id: string) {
  const user = await tx.user.findUnique({
    where: { id },
    select: { id: true, name: true, email: true, role: true, deactivatedAt: true },
  });
  return user && { ...user, role: readRole(user.role), active: user.deactivatedAt === null };
}

export async function countActiveAdmins(tx: Tx): Promise<number> {
  return tx.user.count({ where: { role: "admin", deactivatedAt: null } });
}

export async function revokeSessions(tx: Tx, userId: string): Promise<number> {
  const { count } = await tx.session.deleteMany({ where: { userId } });
  return count;
}
