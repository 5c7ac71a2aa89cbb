// Serves the production build: Next's request handler behind Node's own HTTP server, so that the
// client address every request carries (X-Forwarded-For, which the sign-in limit and the audit
// read) is the connection's, not whatever the client wrote. `npm start`, the browser tests and
// the server tests all serve through this file.
//   node scripts/serve.mjs --port 3000 [--hostname 127.0.0.1]
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { clientAddress, trustedProxies } from "./client-address.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { port: { type: "string", default: "3000" }, hostname: { type: "string" } },
});
process.env.NODE_ENV ??= "production";
// Several instances share a PostgreSQL database, and each must sign sessions with the same key:
// say so before serving rather than failing every page (lib/auth/secret.ts).
if (
  /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") &&
  !process.env.SIGNOFF_AUTH_SECRET &&
  process.env.SIGNOFF_AUTH !== "off"
) {
  console.error(
    "Set SIGNOFF_AUTH_SECRET (32 characters or more, the same on every instance) when DATABASE_URL is PostgreSQL.",
  );
  process.exit(1);
}
// The caches of large tables let go of them after a while idle (lib/services/idle-release.ts)
// and then ask the collector to return the memory, which it can only do once exposed.
v8.setFlagsFromString("--expose-gc");
globalThis.gc ??= vm.runInNewContext("gc");
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

// Imported after NODE_ENV is settled: Next reads it when it loads.
const { default: next } = await import("next");
const port = Number(values.port);
// better-auth wants to know where it is served, and warns at start when it is not told. Without a
// public URL (SIGNOFF_BASE_URL) that is the address this server listens on; requests addressed to
// another name of this host are still accepted (lib/auth/auth.ts trusts the request's own host).
process.env.BETTER_AUTH_URL ??=
  process.env.SIGNOFF_BASE_URL ?? `http://${values.hostname ?? "localhost"}:${port}`;
const app = next({ dev: false, dir: root, hostname: values.hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();
// Parsing, profiling, dry runs and approvals run on a compute thread of their own
// (lib/compute), so that a large one does not hold up every other request. Started once Next has
// loaded the environment files, which the thread inherits.
if (process.env.SIGNOFF_COMPUTE_THREAD !== "off") {
  const { startComputeThread } = await import("../lib/compute/thread.mjs");
  startComputeThread();
}

const trusted = trustedProxies(process.env.SIGNOFF_TRUSTED_PROXIES);
const server = http.createServer((request, response) => {
  if (!decodablePath(request.url)) {
    // Next decodes the path's segments for route parameters and answers 500 when one is not
    // valid percent-encoded UTF-8 (`/executions/%ff`); no page or file has such a name.
    response.writeHead(400, { "content-type": "application/json; charset=utf-8" });
    response.end(
      JSON.stringify({
        ok: false,
        code: "invalid_input",
        error: "This address has a broken %-escape. Check the link.",
      }),
    );
    return;
  }
  request.headers["x-forwarded-for"] = clientAddress(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
    trusted,
  );
  handle(request, response);
});
function decodablePath(url = "/") {
  const queryAt = url.indexOf("?");
  try {
    decodeURIComponent(queryAt === -1 ? url : url.slice(0, queryAt));
    return true;
  } catch {
    return false;
  }
}

server.listen(port, values.hostname, () => {
  console.log(`Ready on http://${values.hostname ?? "localhost"}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // A request still streaming is not waited on for long: the process is asked to stop.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
