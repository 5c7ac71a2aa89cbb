import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { auth, resetAuthForTests } from "@/lib/auth/auth";
import type { Role } from "@/lib/auth/permissions";
import { createUser } from "@/lib/services/create-user";

/**
 * Real accounts and sessions for integration tests: users are created through the services,
 * signed in through better-auth's HTTP handler (so cookies, hashing and rate limits are the real
 * ones), and the resulting cookie is what `next/headers` returns to server code under test.
 *
 * Test files call `vi.mock("next/headers", () => import("../support/next-headers"))` and set
 * SIGNOFF_AUTH=on before anything reads the environment.
 */

export const ORIGIN = "http://signoff.test";

/**
 * The environment of an auth test file; call it at the top of the file, before anything reads
 * the environment. Enforcement on, a fixed cookie secret, and a scratch DATABASE_URL so files the
 * app keeps beside its database (upload staging) land in a temporary folder.
 */
export function setAuthTestEnv(overrides: Record<string, string> = {}): void {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "signoff-auth-"));
  Object.assign(process.env, {
    SIGNOFF_AUTH: "on",
    SIGNOFF_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    DATABASE_URL: `file:${path.join(scratch, "signoff.db")}`,
    ...overrides,
  });
}
export const TEST_PASSWORD = "correct horse battery";
const SYSTEM: Actor = { id: "system:test", name: "Test setup", role: "admin" };

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  cookie: string;
}

let userCounter = 0;

/** Creates a user with the role and signs them in; the returned cookie carries the session. */
export async function signedInUser(
  role: Role,
  name = `${role} ${userCounter + 1}`,
): Promise<TestUser> {
  userCounter += 1;
  const email = `${role}-${userCounter}@signoff.test`;
  const user = await createUser({ name, email, role, password: TEST_PASSWORD, actor: SYSTEM });
  const cookie = await signIn(email, TEST_PASSWORD, `10.0.0.${userCounter % 250}`);
  return { id: user.id, email, role, cookie };
}

/** POST /api/auth/sign-in/email through better-auth's handler; returns the Cookie header. */
export async function signIn(email: string, password: string, ip = "10.0.1.1"): Promise<string> {
  const response = await authRequest("/sign-in/email", { email, password }, { ip });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export function authRequest(
  path: string,
  body: unknown,
  options: { ip?: string; cookie?: string } = {},
): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN });
  if (options.ip) headers.set("x-forwarded-for", options.ip);
  if (options.cookie) headers.set("cookie", options.cookie);
  return auth().handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The name=value pairs of a response's Set-Cookie headers, as a request's Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Points the app at a fresh auth instance (after `installTempDb`). */
export function resetAuth(): void {
  resetAuthForTests();
}

export const requestHeaders = vi.fn<() => Headers>(() => new Headers());

/** Makes server code see these cookies on the current "request" (null: signed out). */
export function actAs(user: TestUser | null): void {
  requestHeaders.mockReturnValue(new Headers(user ? { cookie: user.cookie } : {}));
}
