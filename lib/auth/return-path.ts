/** Only same-site paths are followed after sign-in, never `//evil.example` or a full URL. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return "/";
  }
  return value;
}

/** `/sign-in`, with a way back to `path` unless that is the home page. */
export function signInPath(path: string): string {
  const back = safeReturnPath(path);
  return back === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(back)}`;
}
