import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { findUserByEmail, insertUserWithPassword } from "@/lib/db/users";

const SEED_ADMIN_ACTOR = "system:seed";

/**
 * `SIGNOFF_ADMIN_EMAIL` / `SIGNOFF_ADMIN_PASSWORD` at seed time: creates that admin account when
 * no account has the email yet. Running it again changes nothing, and an existing account's
 * password is never overwritten.
 */
export async function ensureAdmin(options: {
  email: string;
  password: string;
  name?: string;
}): Promise<"created" | "exists"> {
  const email = options.email.trim().toLowerCase();
  if (await findUserByEmail(email)) return "exists";
  const passwordHash = await hashPassword(options.password);
  const name = options.name ?? email.split("@")[0] ?? "Admin";
  await db().$transaction(async (tx) => {
    const user = await insertUserWithPassword(tx, { name, email, role: "admin", passwordHash });
    await recordAuditEvent(tx, {
      actor: SEED_ADMIN_ACTOR,
      type: "user.created",
      subjectType: "user",
      subjectId: user.id,
      detail: { email, role: "admin", seeded: true },
    });
  });
  return "created";
}
