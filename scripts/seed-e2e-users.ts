// The browser tests' accounts (e2e/users.ts), one per role. Run by scripts/serve-e2e.mjs on its
// own fresh database only; `npm run db:seed` never creates them.
import { ROLES } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { findUserByEmail } from "@/lib/db/users";
import { createUser } from "@/lib/services/create-user";
import { E2E_PASSWORD, E2E_USERS } from "../e2e/users";

const actor = { id: "system:e2e", name: "E2E setup", role: "admin" as const };
for (const role of ROLES) {
  const { name, email } = E2E_USERS[role];
  if (await findUserByEmail(email)) continue;
  await createUser({ name, email, role, password: E2E_PASSWORD, actor });
}
console.log(`E2E accounts: ${ROLES.map((role) => E2E_USERS[role].email).join(", ")}.`);
await db().$disconnect();
