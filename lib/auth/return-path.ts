/** Only same-site paths are followed after sign-in, never `//evil.example` or a full URL. */
export function safeReturnPath(value: string | null | undefined): string {
  // Browsers drop tabs and line breaks and read "\\" as "/", so "/\t/evil" is "//evil"; a
  // control character cannot be sent in a Location header at all.
  if (!value?.startsWith("/") || hasControlOrBackslash(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PROBE_ORIGIN || value.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An origin no path can name: a path that resolves elsewhere would leave the site. */
const PROBE_ORIGIN = "https://signoff.invalid";

/** `/sign-in`, with a way back to `path` unless that is the home page. */
export function signInPath(path: string): string {
  const back = safeReturnPath(path);
  return back === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(back)}`;
}

function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
