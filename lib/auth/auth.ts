import "server-only";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { db } from "@/lib/db/client";
import { databaseProvider } from "@/lib/db/database-url";
import { isUserActive } from "@/lib/db/users";
import { env } from "@/lib/env";
import { recordUserRename } from "@/lib/services/record-user-rename";
import { FailedAttempts, pause } from "./attempts";
import { resolveAuthSecret } from "./secret";

const SESSION_DAYS = 7;
const DEACTIVATED_MESSAGE = "This account is deactivated. Ask an admin to reactivate it.";

/**
 * Accounts and sessions through better-auth: email and password only, no public sign-up (admins
 * create accounts; /setup creates the first one), sessions in http-only cookies that are
 * `Secure` in production, sign-in limited per client address (the connection's, see
 * scripts/serve.mjs) and slowed per account after repeated failures. Roles are our own column on the
 * user (lib/auth/permissions.ts); better-auth never lets a client set it.
 */
function createAuth() {
  const config = env();
  return betterAuth({
    appName: "Signoff",
    secret: resolveAuthSecret({
      secret: config.SIGNOFF_AUTH_SECRET,
      databaseUrl: config.DATABASE_URL,
    }),
    baseURL: config.SIGNOFF_BASE_URL,
    // Without a configured URL, trust the origin the request was addressed to (its Host header):
    // Next rebuilds request.url with its own hostname, so better-auth's inference is not enough.
    trustedOrigins: config.SIGNOFF_BASE_URL ? undefined : (request) => sameHostOrigins(request),
    database: prismaAdapter(db(), {
      provider: databaseProvider(config.DATABASE_URL) === "postgres" ? "postgresql" : "sqlite",
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
        deactivatedAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      // On in every environment (better-auth's default is production only). SQLite has one
      // Signoff process, which holds every counter in memory; on PostgreSQL several instances
      // share the database, so the counters live there and every instance counts every attempt.
      enabled: true,
      storage: databaseProvider(config.DATABASE_URL) === "postgres" ? "database" : "memory",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: config.SIGNOFF_SIGN_IN_ATTEMPTS },
        "/get-session": false,
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        // Counted as failed until it succeeds, so parallel guesses each pay the delay.
        await pause(await signInAttempts.fail(accountKey(ctx.body?.email)));
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
          await signInAttempts.succeed(accountKey(ctx.body?.email));
        }
      }),
    },
    databaseHooks: ACCOUNT_HOOKS,
    // Origin checks in every environment (better-auth skips them under NODE_ENV=test), so the
    // tests exercise what production does.
    advanced: { disableOriginCheck: false },
    telemetry: { enabled: false },
    // nextCookies must stay last: it copies cookies set by server-side calls onto the response.
    plugins: [nextCookies()],
  });
}

/**
 * A rename through better-auth is recorded like any other; a deactivated account gets no new
 * session.
 */
const ACCOUNT_HOOKS = {
  user: {
    update: {
      async before(update, ctx) {
        const userId = ctx?.context.session?.user.id;
        if (typeof update.name === "string" && userId) {
          await recordUserRename({ userId, newName: update.name, actor: userId });
        }
      },
    },
  },
  session: {
    create: {
      async before(session) {
        if (!(await isUserActive(session.userId))) {
          throw new APIError("FORBIDDEN", { message: DEACTIVATED_MESSAGE });
        }
      },
    },
  },
} satisfies BetterAuthOptions["databaseHooks"];

/**
 * The origins of the host a request was sent to, over http and https (a TLS proxy in front keeps
 * the Host header). A cross-site form or script still fails the check: its Origin is its own site.
 */
function sameHostOrigins(request: Request | undefined): string[] {
  const host = request?.headers.get("host");
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:]+\](:\d{1,5})?$/.test(host)) return [];
  return [`http://${host}`, `https://${host}`];
}

/** Failed sign-ins per account, kept in this process (the per-address limit sits beside it). */
const signInAttempts = new FailedAttempts("sign-in");

function accountKey(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { signoffAuth?: Auth };

/** The app's auth instance, one per process, on the app's database. */
export function auth(): Auth {
  globalForAuth.signoffAuth ??= createAuth();
  return globalForAuth.signoffAuth;
}

/** Forget the instance (tests that point `db()` at a new database). */
export function resetAuthForTests(): void {
  globalForAuth.signoffAuth = undefined;
}
