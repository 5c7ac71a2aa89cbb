import { env } from "@/lib/env";

/**
 * Whether a state-changing request comes from the app's own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a page on another port of this host is "same-site" and
 * would carry the SameSite=Lax session cookie, so only "same-origin" passes. A client that sends
 * neither header (the CLI, curl) is not a browser acting for someone else and passes. The app's
 * origin is SIGNOFF_BASE_URL's when set (behind a proxy), else the request's own.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  const base = env().SIGNOFF_BASE_URL;
  return origin === (base ? new URL(base).origin : new URL(request.url).origin);
}

export const CROSS_ORIGIN_MESSAGE =
  "This request came from another site; Signoff only accepts changes from its own pages.";
