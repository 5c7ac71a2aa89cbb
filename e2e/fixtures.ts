import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { Role } from "../lib/auth/permissions";
import { E2E_PASSWORD, E2E_USERS } from "./users";

export { E2E_PASSWORD, E2E_USERS, expect };

/**
 * Playwright's `test`, signed in. Each spec picks the role its pages run as:
 *
 *   import { expect, test } from "./fixtures";
 *   test.use({ role: "author" });
 *
 * and opens a second person in their own browser context with `pageAs("approver")`.
 * The accounts are seeded by scripts/seed-e2e-users.ts; each role signs in once per worker
 * (through the real sign-in endpoint) and the cookies are reused as a storage state.
 */
interface Fixtures {
  /** Who the default `page` is signed in as; null for a signed-out visitor. */
  role: Role | null;
  /** A page in a fresh context signed in as another role (closed after the test). */
  pageAs: (role: Role) => Promise<Page>;
}

interface WorkerFixtures {
  /** Storage-state files, one per role, written once per worker. */
  roleStates: Record<Role, string>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  role: ["author", { option: true }],

  roleStates: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
      const dir = path.join(workerInfo.project.outputDir, ".auth", String(workerInfo.workerIndex));
      mkdirSync(dir, { recursive: true });
      const states = {} as Record<Role, string>;
      for (const role of Object.keys(E2E_USERS) as Role[]) {
        const context = await playwright.request.newContext({ baseURL });
        const response = await context.post("/api/auth/sign-in/email", {
          data: { email: E2E_USERS[role].email, password: E2E_PASSWORD },
          headers: { origin: baseURL },
        });
        if (!response.ok()) {
          throw new Error(
            `Signing in as ${role} failed: ${response.status()} ${await response.text()}`,
          );
        }
        states[role] = path.join(dir, `${role}.json`);
        await context.storageState({ path: states[role] });
        await context.dispose();
      }
      await use(states);
    },
    { scope: "worker" },
  ],

  storageState: async ({ role, roleStates }, use) => {
    await use(role ? roleStates[role] : { cookies: [], origins: [] });
  },

  pageAs: async ({ browser, roleStates, baseURL }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ storageState: roleStates[role], baseURL });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

/** Signs in through the sign-in page, as a person would. */
export async function signInThroughForm(page: Page, role: Role): Promise<void> {
  await page.getByLabel("Email").fill(E2E_USERS[role].email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}
