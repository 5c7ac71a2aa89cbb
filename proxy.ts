import { getSessionCookie } from "better-auth/cookies";
import { type NextRequest, NextResponse } from "next/server";
import { PATH_HEADER } from "@/lib/auth/page-headers";
import { signInPath } from "@/lib/auth/return-path";
import { CROSS_ORIGIN_MESSAGE, isSameOrigin } from "@/lib/auth/same-origin";
import { env } from "@/lib/env";
import { contentSecurityPolicy, createNonce } from "@/lib/security/headers";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "@/lib/security/json-depth";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "@/lib/security/limits";

/** Pages a signed-out visitor may open. */
const PUBLIC_PAGES = ["/sign-in", "/setup"];

/**
 * Runs before every page request. It does only cheap things: a per-request CSP nonce, the path
 * for "sign in and come back", and a redirect to /sign-in when there is no session cookie at all.
 * Whether the cookie is valid and the role may see the page is checked by the page itself
 * (lib/auth/page.ts), by every server action (serverAction) and by every route handler
 * (withRoute); those are the checks that count.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = env();
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, development: config.NODE_ENV === "development" });

  const isPublic = PUBLIC_PAGES.some(
    (page) => pathname === page || pathname.startsWith(`${page}/`),
  );
  // Server actions answer for themselves (a typed refusal and an audit event), never a redirect.
  const isAction = request.headers.has("next-action");
  // Next refuses an oversized action body only once it has read past the limit, and then answers
  // 500; a body declared too large is turned away here, before any of it is read.
  if (isAction && Number(request.headers.get("content-length")) > SERVER_ACTION_BODY_LIMIT_BYTES) {
    return NextResponse.json(
      {
        ok: false,
        code: "too_large",
        error: `This request is over the ${SERVER_ACTION_BODY_LIMIT_BYTES / (1024 * 1024)} MB limit of a form or plan. Nothing was changed.`,
      },
      { status: 413 },
    );
  }
  // Next refuses a server action from a foreign origin by throwing, which answers 500.
  if (isAction && request.method === "POST" && !isSameOrigin(request)) {
    return NextResponse.json(
      { ok: false, code: "cross_origin", error: CROSS_ORIGIN_MESSAGE },
      { status: 403 },
    );
  }
  // React's reply decoder recurses into the arguments and overflows the stack (a 500) on deep
  // nesting; the body is under the 2 MB limit here, so scanning a copy is cheap.
  if (isAction && request.method === "POST" && jsonNestsDeeperThan(await request.clone().text())) {
    return NextResponse.json(
      {
        ok: false,
        code: "invalid_input",
        error: `This request nests deeper than ${MAX_JSON_DEPTH} levels; no plan or form does.`,
      },
      { status: 400 },
    );
  }
  if (config.SIGNOFF_AUTH !== "off" && !isPublic && !isAction && !getSessionCookie(request)) {
    const response = NextResponse.redirect(new URL(signInPath(pathname + search), request.url));
    response.headers.set("Content-Security-Policy", csp);
    return response;
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Next reads the nonce from the request's CSP header and puts it on its scripts.
  requestHeaders.set("Content-Security-Policy", csp);
  requestHeaders.set(PATH_HEADER, pathname + search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Pages only: not API routes (they check sessions themselves and stream large uploads, which a
  // proxy would buffer), not Next's own endpoints (assets, the dev server's HMR socket), not
  // public files such as the published JSON Schema.
  matcher: ["/((?!api/|_next/|__nextjs|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)"],
};
