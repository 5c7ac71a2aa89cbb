import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changePasswordAction } from "@/lib/actions/account";
import {
  actAs,
  authRequest,
  resetAuth,
  setAuthTestEnv,
  signedInUser,
  TEST_PASSWORD,
} from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * Finding: guesses at one account from many addresses were never slowed, and the password change
 * on /account had no limit at all. Failures per account now cost a growing delay (never a
 * lockout someone else can trigger), and a run of wrong current passwords is refused.
 */
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

async function timedSignIn(email: string, password: string, ip: string) {
  const started = performance.now();
  const response = await authRequest("/sign-in/email", { email, password }, { ip });
  return { status: response.status, ms: performance.now() - started };
}

describe("guessing one account's password from many addresses", () => {
  it("slows each failure after the first few, and the owner still signs in", async () => {
    const user = await signedInUser("viewer");
    const attempts = [];
    for (let index = 0; index < 5; index++) {
      attempts.push(await timedSignIn(user.email, "wrong-guess", `192.0.2.${index + 1}`));
    }
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 401]);
    // The fourth and fifth failures waited 250 ms and 500 ms.
    expect(attempts[3].ms).toBeGreaterThanOrEqual(240);
    expect(attempts[4].ms).toBeGreaterThanOrEqual(490);

    // Not a lockout: the right password still works (after the wait), and clears the count.
    const owner = await timedSignIn(user.email, TEST_PASSWORD, "192.0.2.50");
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(990);
    const next = await timedSignIn(user.email, "one-typo", "192.0.2.51");
    expect(next.status).toBe(401);
    // A first failure again, not slowed: had the count stayed, this seventh failure would wait
    // 2 s. (The password check alone took up to 250 ms on a busy machine, so no tighter bound.)
    expect(next.ms).toBeLessThan(900);
  });
});

describe("the password change on /account", () => {
  it("answers a wrong current password clearly, then refuses a run of them", async () => {
    const user = await signedInUser("viewer");
    actAs(user);
    const change = () =>
      changePasswordAction({
        currentPassword: "not-my-password",
        newPassword: "brand-new-password",
        confirmPassword: "brand-new-password",
        signOutOtherSessions: false,
      });
    const results = [];
    for (let index = 0; index < 6; index++) results.push(await change());
    expect(results.slice(0, 5).map((result) => !result.ok && result.code)).toEqual(
      Array(5).fill("invalid_input"),
    );
    expect(results[0]).toMatchObject({
      fieldErrors: { currentPassword: ["Your current password is wrong."] },
    });
    expect(results[5]).toMatchObject({ ok: false, code: "too_many_attempts" });
    // Even the right password is refused until the wait is over: it is the guesser's session.
    const right = await changePasswordAction({
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-password",
      confirmPassword: "brand-new-password",
      signOutOtherSessions: false,
    });
    expect(right).toMatchObject({ ok: false, code: "too_many_attempts" });
  });
});
