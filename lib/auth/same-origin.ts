import { env } from "@/lib/env";

/**
 * Whether a state-changing request comes from the app's own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a page on another port of this host is "same-site" and
 * would carry the SameSite=Lax session cookie, so only "same-origin" passes. A client that sends
 * neither header (the CLI, curl) is not a browser acting for someone else and passes. The app's
 * origin is SIGNOFF_BASE_URL's when set (behind a proxy), else the host the browser asked for:
 * the Host header a page cannot forge, which Next may not reflect in `request.url` (it can say
 * localhost where the browser said 127.0.0.1).
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  const base = env().SIGNOFF_BASE_URL;
  if (base) return origin === new URL(base).origin;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const asked = [
    request.headers.get("x-forwarded-host"),
    request.headers.get("host"),
    new URL(request.url).host,
  ];
  return asked.includes(host);
}

export const CROSS_ORIGIN_MESSAGE =
  "This request came from another site; Signoff only accepts changes from its own pages.";
