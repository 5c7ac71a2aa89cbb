import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ActionResult } from "@/lib/actions/server-action";
import type { Role } from "@/lib/auth/permissions";
import { E2E_PASSWORD, E2E_USERS } from "../../../e2e/users";
import { ROOT, type RunningServer } from "./server";

/** Every request of these tests gives up after this long: no test waits on a hung server. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface Session {
  role: Role;
  /** The `Cookie` header a browser would send after signing in. */
  cookie: string;
}

/** Signs in over HTTP through better-auth's endpoint, as e2e/fixtures.ts does, keeping the cookie. */
export async function signIn(server: RunningServer, role: Role): Promise<Session> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: E2E_USERS[role].email, password: E2E_PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(`Signing in as ${role} failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token=")) throw new Error(`No session cookie for ${role}`);
  return { role, cookie };
}

/** The server actions these tests call, by their exported names. */
export type ActionName =
  | "startManualPlan"
  | "savePlanRevisionAction"
  | "previewPlanAction"
  | "approvePlanAction"
  | "rejectPlanAction"
  | "confirmUploadAction";

interface ManifestEntry {
  exportedName?: string;
  filename?: string;
}

let manifest: Record<string, ManifestEntry> | undefined;

/**
 * A server action's id in the current build, looked up by its exported name in
 * `.next/server/server-reference-manifest.json` (the ids change with every build).
 */
export function actionId(name: ActionName): string {
  manifest ??= (
    JSON.parse(
      readFileSync(path.join(ROOT, ".next", "server", "server-reference-manifest.json"), "utf8"),
    ) as { node: Record<string, ManifestEntry> }
  ).node;
  const ids = Object.entries(manifest)
    .filter(([, entry]) => entry.exportedName === name)
    .map(([id]) => id);
  if (ids.length !== 1) {
    throw new Error(
      `Expected one server action named ${name} in the build, found ${ids.length}: run \`next build\``,
    );
  }
  return ids[0];
}

// React's Flight client, the one Next's browser runtime uses to encode an action's arguments and
// read its response; its Node build speaks the same protocol over `fetch`. Action results are
// plain data, so it needs no client-module map.
const require = createRequire(import.meta.url);
const flight = require("next/dist/compiled/react-server-dom-webpack/client.node.js") as {
  createFromFetch<T>(
    response: Promise<Response>,
    options: { serverConsumerManifest: Record<string, unknown> },
  ): Promise<T>;
  encodeReply(value: unknown): Promise<string | FormData>;
};
const consumerManifest = { moduleMap: {}, moduleLoading: null, serverModuleMap: null };

/** An HTTP answer that was not the action's own result (a 5xx, or a page instead of RSC). */
export class UnexpectedResponse extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${body.slice(0, 500)}`);
  }
}

/**
 * Calls a server action over HTTP the way the browser's runtime does: a POST to the page that
 * hosts it, with the action's id in `Next-Action` and the arguments as a JSON array, and reads
 * the action's return value out of the RSC response.
 */
export async function callAction<T>(
  server: RunningServer,
  session: Session | null,
  options: { page: string; action: ActionName; input: unknown },
): Promise<ActionResult<T>> {
  const response = await postAction(server, session, options);
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/x-component")) {
    throw new UnexpectedResponse(response.status, await response.text(), options.action);
  }
  const root = await flight.createFromFetch<{ a: Promise<ActionResult<T>> }>(
    Promise.resolve(response),
    { serverConsumerManifest: consumerManifest },
  );
  return root.a;
}

/**
 * The raw POST of a server action call (`callAction` without reading the answer). The body is
 * what the browser sends: the argument list encoded by React (plain JSON, with strings that start
 * with `$` escaped so the server does not read them as references).
 */
export async function postAction(
  server: RunningServer,
  session: Session | null,
  options: { page: string; action: ActionName; input: unknown; signal?: AbortSignal },
): Promise<Response> {
  const body = await flight.encodeReply([options.input]);
  if (typeof body !== "string") throw new Error("These tests send plain data only");
  return fetch(`${server.url}${options.page}`, {
    method: "POST",
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      origin: server.url,
      "Next-Action": actionId(options.action),
      Accept: "text/x-component",
      "Content-Type": "text/plain;charset=UTF-8",
    },
    body,
    signal: options.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

export interface UploadAnswer {
  status: number;
  body: { ok: boolean; error?: string; code?: string; data?: { token: string; rowCount: number } };
}

/** Step 1 of an upload as the browser sends it: the file as the body, its name in X-File-Name. */
export async function uploadCsv(
  server: RunningServer,
  session: Session,
  bytes: Uint8Array,
  fileName = "upload.csv",
): Promise<UploadAnswer> {
  const response = await fetch(`${server.url}/api/datasets/upload`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      origin: server.url,
      "Content-Type": "text/csv",
      "X-File-Name": encodeURIComponent(fileName),
    },
    // A copy on its own ArrayBuffer, which is what fetch accepts as a body.
    body: new Uint8Array(bytes),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new UnexpectedResponse(response.status, text, "upload");
  }
}

/** Step 2 of an upload: the staged file confirmed as a dataset keyed by `keyColumn`; its id. */
export async function confirmUpload(
  server: RunningServer,
  session: Session,
  upload: UploadAnswer,
  options: { name: string; keyColumn: string },
): Promise<string> {
  const confirmed = await callAction<{ datasetId: string }>(server, session, {
    page: "/datasets/upload",
    action: "confirmUploadAction",
    input: { token: upload.body.data?.token, ...options, shorthand: {} },
  });
  if (!confirmed.ok) throw new Error(confirmed.error);
  return confirmed.data.datasetId;
}
