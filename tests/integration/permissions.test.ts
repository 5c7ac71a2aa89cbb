import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { can, type Permission, ROLES, type Role } from "@/lib/auth/permissions";
import { resetAccessDeniedTallies } from "@/lib/services/record-access-denied";
import {
  actAs,
  ORIGIN,
  resetAuth,
  setAuthTestEnv,
  signedInUser,
  type TestUser,
} from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv();

/**
 * Every server action and every route handler, against every role and a signed-out caller.
 *
 * The tables below name what each one needs. A new action or route that is missing here fails
 * the first tests, so nothing ships without a decision about who may call it.
 */
type Access = Permission | "public";

const ACTIONS: Record<string, Access> = {
  "lib/actions/account.ts#changePasswordAction": "account.update",
  "lib/actions/account.ts#signOutAction": "public",
  "lib/actions/users.ts#createUserAction": "user.manage",
  "lib/actions/users.ts#changeRoleAction": "user.manage",
  "lib/actions/users.ts#setUserActiveAction": "user.manage",
  "lib/actions/users.ts#resetPasswordAction": "user.manage",
  "lib/actions/datasets.ts#confirmUploadAction": "dataset.upload",
  "lib/actions/executions.ts#revertExecutionAction": "execution.revert",
  "lib/actions/plans.ts#savePlanRevisionAction": "plan.edit",
  "lib/actions/plans.ts#validatePlanAction": "plan.edit",
  "lib/actions/plans.ts#restorePlanRevisionAction": "plan.edit",
  "lib/actions/plans.ts#previewPlanAction": "plan.preview",
  "lib/actions/plans.ts#approvePlanAction": "plan.approve",
  "lib/actions/plans.ts#rejectPlanAction": "plan.reject",
  "lib/actions/plans.ts#submitPlanAction": "plan.edit",
  "lib/actions/plan-drafts.ts#startManualPlan": "plan.draft",
  "lib/actions/plan-drafts.ts#copyPlanAction": "plan.draft",
  "lib/actions/setup.ts#createFirstAdminAction": "public",
};

const ROUTES: Record<string, Access> = {
  "app/api/auth/[...all]/route.ts#GET": "public",
  "app/api/auth/[...all]/route.ts#POST": "public",
  "app/api/health/route.ts#GET": "public",
  "app/api/datasets/upload/route.ts#POST": "dataset.upload",
  "app/api/datasets/[id]/versions/[number]/download/route.ts#GET": "download.read",
  "app/api/datasets/[id]/versions/[number]/rows/route.ts#GET": "dataset.read",
  "app/api/executions/[id]/changes/route.ts#GET": "history.read",
  "app/api/executions/[id]/downloads/[file]/route.ts#GET": "download.read",
  "app/api/executions/[id]/rows/route.ts#GET": "history.read",
  "app/api/history/export/route.ts#GET": "download.read",
  "app/api/plans/draft/route.ts#POST": "plan.draft",
  "app/api/plans/[id]/preview/[hash]/changes/route.ts#GET": "plan.read",
  "app/api/plans/[id]/preview/[hash]/rows/route.ts#GET": "plan.read",
  "app/dev/diff-table/changes/route.dev.ts#GET": "user.manage",
};

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
/** Pages a signed-out visitor must reach; every other page starts with requirePageActor. */
const PUBLIC_PAGES = ["app/sign-in/page.tsx", "app/setup/page.tsx"];
const pageSources = import.meta.glob<string>(["/app/**/page.tsx", "/app/**/page.dev.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const actionModules = import.meta.glob<Record<string, unknown>>([
  "/lib/actions/*.ts",
  "!/lib/actions/server-action.ts",
]);
const routeModules = import.meta.glob<Record<string, unknown>>([
  "/app/**/route.ts",
  "/app/**/route.dev.ts",
]);

type Callable = (...args: unknown[]) => Promise<unknown>;

async function exportsOf(
  modules: Record<string, () => Promise<Record<string, unknown>>>,
  keep: (name: string, value: unknown) => boolean,
): Promise<Map<string, Callable>> {
  const found = new Map<string, Callable>();
  for (const [file, load] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(await load())) {
      if (keep(name, value)) found.set(`${file.slice(1)}#${name}`, value as Callable);
    }
  }
  return found;
}

let temp: TempDb;
const users = {} as Record<Role, TestUser>;
let actions: Map<string, Callable>;
let routes: Map<string, Callable>;

beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
  for (const role of ROLES) users[role] = await signedInUser(role);
  actions = await exportsOf(actionModules, (_name, value) => typeof value === "function");
  routes = await exportsOf(
    routeModules,
    (name, value) => HTTP_METHODS.includes(name) && typeof value === "function",
  );
}, 120_000);
afterAll(async () => {
  await temp.dispose();
});

const callers: Array<Role | "signed out"> = ["signed out", ...ROLES];

function expectation(access: Access, caller: Role | "signed out") {
  if (access === "public") return "allowed";
  if (caller === "signed out") return "unauthenticated";
  return can(caller, access) ? "allowed" : "forbidden";
}

async function deniedEvents(): Promise<number> {
  return temp.db.auditEvent.count({ where: { type: "access.denied" } });
}

describe("the permission tables cover the app", () => {
  it("every exported server action has an entry", () => {
    expect([...actions.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  it("every route handler has an entry", () => {
    expect([...routes.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it("every page checks the session and role with requirePageActor", () => {
    const unguarded = Object.entries(pageSources)
      .map(([file, source]) => [file.slice(1), source] as const)
      .filter(([file]) => !PUBLIC_PAGES.includes(file))
      .filter(([, source]) => !/requirePageActor\("[a-z.]+"\)/.test(source))
      .map(([file]) => file);
    expect(unguarded).toEqual([]);
  });
});

describe("server actions", () => {
  const guarded = Object.entries(ACTIONS).filter(([, access]) => access !== "public");
  for (const [key, access] of guarded) {
    for (const caller of callers) {
      const expected = expectation(access, caller);
      it(`${key} as ${caller}: ${expected}`, async () => {
        actAs(caller === "signed out" ? null : users[caller]);
        // Anonymous refusals are tallied per address and minute; each case here starts a tally.
        resetAccessDeniedTallies();
        const before = await deniedEvents();
        const action = actions.get(key);
        if (!action) throw new Error(`${key} is not exported`);
        // The check comes before parsing: an empty input is refused for who, not for what.
        const result = (await action({})) as { ok: boolean; code?: string };
        if (expected === "allowed") {
          expect(result.code).not.toBe("unauthenticated");
          expect(result.code).not.toBe("forbidden");
          expect(await deniedEvents()).toBe(before);
        } else {
          expect(result).toMatchObject({ ok: false, code: expected });
          const event = await temp.db.auditEvent.findFirstOrThrow({
            where: { type: "access.denied" },
            orderBy: { createdAt: "desc" },
          });
          expect(await deniedEvents()).toBe(before + 1);
          expect(event.actor).toBe(caller === "signed out" ? "anonymous" : users[caller].id);
          expect(JSON.parse(event.detailJson)).toMatchObject({
            reason: expected,
            permission: access,
          });
        }
      });
    }
  }
});

/** A request for the route file's URL, with sample values for its [segments]. */
function routeRequest(key: string, caller: Role | "signed out") {
  const [file, method] = key.split("#");
  const samples: Record<string, string> = {
    id: "missing",
    number: "1",
    file: "plan.json",
    hash: "0".repeat(64),
  };
  const params: Record<string, string> = {};
  const pathname = file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, (_match, name: string) => {
      params[name] = samples[name] ?? "sample";
      return params[name];
    });
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  if (caller !== "signed out") headers.set("cookie", users[caller].cookie);
  const request = new Request(`${ORIGIN}${pathname}`, {
    method,
    headers,
    body: method === "GET" ? undefined : "{}",
  });
  return { request, context: { params: Promise.resolve(params) } };
}

describe("route handlers", () => {
  const guarded = Object.entries(ROUTES).filter(([, access]) => access !== "public");
  for (const [key, access] of guarded) {
    for (const caller of callers) {
      const expected = expectation(access, caller);
      it(`${key} as ${caller}: ${expected}`, async () => {
        const handler = routes.get(key);
        if (!handler) throw new Error(`${key} is not exported`);
        resetAccessDeniedTallies();
        const before = await deniedEvents();
        const { request, context } = routeRequest(key, caller);
        const response = (await handler(request, context)) as Response;
        if (expected === "allowed") {
          expect([401, 403]).not.toContain(response.status);
          expect(await deniedEvents()).toBe(before);
        } else {
          expect(response.status).toBe(expected === "unauthenticated" ? 401 : 403);
          expect(await response.json()).toMatchObject({ ok: false, code: expected });
          expect(await deniedEvents()).toBe(before + 1);
        }
      });
    }
  }
});
