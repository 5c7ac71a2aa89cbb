import type { Role } from "../lib/auth/permissions";

/**
 * The accounts of the browser tests, one per role, created in the e2e server's fresh database
 * by scripts/seed-e2e-users.ts. Nothing else creates them: they never exist outside that server.
 */
export const E2E_PASSWORD = "e2e-password-123";

export const E2E_USERS: Record<Role, { name: string; email: string }> = {
  viewer: { name: "Vera Viewer", email: "viewer@e2e.test" },
  author: { name: "Ada Author", email: "author@e2e.test" },
  approver: { name: "Abe Approver", email: "approver@e2e.test" },
  admin: { name: "Ann Admin", email: "admin@e2e.test" },
};
