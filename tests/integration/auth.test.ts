import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changePasswordAction } from "@/lib/actions/account";
import { createFirstAdminAction } from "@/lib/actions/setup";
import { changeRoleAction, createUserAction, setUserActiveAction } from "@/lib/actions/users";
import { currentActor } from "@/lib/auth/actor";
import { auth } from "@/lib/auth/auth";
import { ensureAdmin } from "@/lib/services/ensure-admin";
import {
  actAs,
  authRequest,
  cookieHeader,
  resetAuth,
  setAuthTestEnv,
  signedInUser,
  signIn,
  TEST_PASSWORD,
} from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_SIGN_IN_ATTEMPTS: "5" });

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
});
afterAll(async () => {
  await temp.dispose();
});

describe("first run", () => {
  it("/setup creates the first admin, signs them in, and then refuses a second one", async () => {
    actAs(null);
    const first = await createFirstAdminAction({
      name: "Grace Hopper",
      email: "Grace@Example.com",
      password: "first-admin-pass",
    });
    expect(first.ok).toBe(true);
    const grace = await temp.db.user.findUniqueOrThrow({ where: { email: "grace@example.com" } });
    expect(grace.role).toBe("admin");
    const created = await temp.db.auditEvent.findFirstOrThrow({
      where: { type: "user.created", subjectId: grace.id },
    });
    expect(created.actor).toBe(grace.id);
    // The new admin can sign in with that password.
    expect(await signIn("grace@example.com", "first-admin-pass", "10.9.0.1")).toContain(
      "session_token=",
    );

    const second = await createFirstAdminAction({
      name: "Mallory",
      email: "mallory@example.com",
      password: "second-admin-pass",
    });
    expect(second).toMatchObject({ ok: false, code: "conflict" });
    expect(await temp.db.user.count({ where: { email: "mallory@example.com" } })).toBe(0);
  });

  it("SIGNOFF_ADMIN_EMAIL at seed time creates that admin once and never resets the password", async () => {
    expect(await ensureAdmin({ email: "ops@example.com", password: "seeded-password" })).toBe(
      "created",
    );
    expect(await ensureAdmin({ email: "OPS@example.com", password: "another-password" })).toBe(
      "exists",
    );
    expect(await signIn("ops@example.com", "seeded-password", "10.9.0.2")).toContain(
      "session_token=",
    );
  });
});

describe("sessions", () => {
  it("are http-only cookies, resolve to the actor, and end at sign-out", async () => {
    const author = await signedInUser("author", "Ada Author");
    const response = await authRequest("/sign-in/email", {
      email: author.email,
      password: TEST_PASSWORD,
    });
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    actAs(author);
    expect(await currentActor()).toEqual({ id: author.id, name: "Ada Author", role: "author" });

    const out = await authRequest("/sign-out", {}, { cookie: author.cookie });
    expect(out.status).toBe(200);
    await expect(currentActor()).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("refuses a wrong password without saying which part was wrong", async () => {
    const viewer = await signedInUser("viewer");
    const response = await authRequest(
      "/sign-in/email",
      { email: viewer.email, password: "not the password" },
      { ip: "10.7.0.1" },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "Invalid email or password" });
  });

  it("accepts sign-in from the page's own origin and refuses other sites (CSRF)", async () => {
    const user = await signedInUser("viewer");
    // Next hands route handlers a URL with its own hostname; the Host header is the real one.
    const attempt = (origin: string) =>
      auth().handler(
        new Request("http://localhost:3100/api/auth/sign-in/email", {
          method: "POST",
          headers: {
            host: "127.0.0.1:3100",
            origin,
            "content-type": "application/json",
            "x-forwarded-for": "10.4.0.1",
          },
          body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
        }),
      );
    expect((await attempt("http://127.0.0.1:3100")).status).toBe(200);
    const crossSite = await attempt("https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(cookieHeader(crossSite)).not.toContain("session_token=");
  });

  it("limits sign-in attempts per client IP (SIGNOFF_SIGN_IN_ATTEMPTS per minute)", async () => {
    const attempt = (ip: string) =>
      authRequest(
        "/sign-in/email",
        { email: "nobody@example.com", password: "guess-guess" },
        { ip },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) statuses.push((await attempt("10.8.0.1")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another address is counted on its own.
    expect((await attempt("10.8.0.2")).status).toBe(401);
  });
});

describe("password change", () => {
  it("needs the current password, then works with the new one", async () => {
    const user = await signedInUser("viewer");
    actAs(user);
    const wrong = await changePasswordAction({
      currentPassword: "not-my-password",
      newPassword: "brand-new-password",
      confirmPassword: "brand-new-password",
      signOutOtherSessions: false,
    });
    expect(wrong).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { currentPassword: ["Your current password is wrong."] },
    });

    const mismatch = await changePasswordAction({
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-password",
      confirmPassword: "brand-new-passw0rd",
      signOutOtherSessions: false,
    });
    expect(mismatch).toMatchObject({ ok: false, code: "invalid_input" });
    if (!mismatch.ok) expect(mismatch.fieldErrors?.confirmPassword).toBeDefined();

    const changed = await changePasswordAction({
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-password",
      confirmPassword: "brand-new-password",
      signOutOtherSessions: false,
    });
    expect(changed).toEqual({ ok: true, data: { changed: true } });
    expect(await signIn(user.email, "brand-new-password", "10.6.0.1")).toContain("session_token=");
    await expect(signIn(user.email, TEST_PASSWORD, "10.6.0.2")).rejects.toThrow("401");
    expect(
      await temp.db.auditEvent.count({ where: { type: "user.password_changed", actor: user.id } }),
    ).toBe(1);
  });
});

describe("user management", () => {
  it("an admin creates a user, changes their role, deactivates them", async () => {
    const admin = await signedInUser("admin");
    actAs(admin);
    const created = await createUserAction({
      name: "Pat Approver",
      email: "pat@example.com",
      role: "author",
      password: "pat-first-password",
    });
    if (!created.ok) throw new Error(created.error);
    const patCookie = await signIn("pat@example.com", "pat-first-password", "10.5.0.1");

    const duplicate = await createUserAction({
      name: "Pat Again",
      email: "PAT@example.com",
      role: "viewer",
      password: "whatever-password",
    });
    expect(duplicate).toMatchObject({
      ok: false,
      code: "conflict",
      fieldErrors: { email: [expect.any(String)] },
    });

    // The role change takes effect on the next request: sessions re-read the user.
    expect(await changeRoleAction({ userId: created.data.userId, role: "approver" })).toMatchObject(
      {
        ok: true,
      },
    );
    actAs({
      id: created.data.userId,
      email: "pat@example.com",
      role: "approver",
      cookie: patCookie,
    });
    expect((await currentActor()).role).toBe("approver");

    actAs(admin);
    expect(await setUserActiveAction({ userId: created.data.userId, active: false })).toMatchObject(
      {
        ok: true,
      },
    );
    // Deactivation ends their sessions and blocks signing in again.
    actAs({
      id: created.data.userId,
      email: "pat@example.com",
      role: "approver",
      cookie: patCookie,
    });
    await expect(currentActor()).rejects.toMatchObject({ code: "unauthenticated" });
    const again = await authRequest(
      "/sign-in/email",
      { email: "pat@example.com", password: "pat-first-password" },
      { ip: "10.5.0.2" },
    );
    expect(again.status).toBe(403);
    expect(cookieHeader(again)).not.toContain("session_token=");

    const types = await temp.db.auditEvent.findMany({
      where: { subjectId: created.data.userId },
      select: { type: true, actor: true },
    });
    expect(types).toEqual(
      expect.arrayContaining([
        { type: "user.created", actor: admin.id },
        { type: "user.role_changed", actor: admin.id },
        { type: "user.deactivated", actor: admin.id },
      ]),
    );
  });

  it("never leaves Signoff without an active admin", async () => {
    await temp.db.user.updateMany({ where: { role: "admin" }, data: { role: "viewer" } });
    const admin = await signedInUser("admin");
    actAs(admin);
    expect(await changeRoleAction({ userId: admin.id, role: "viewer" })).toMatchObject({
      ok: false,
      code: "conflict",
      error: expect.stringContaining("only active admin"),
    });
    expect(await setUserActiveAction({ userId: admin.id, active: false })).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});
