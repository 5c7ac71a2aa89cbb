/**
 * The security headers of every response (pure, used by next.config.ts and proxy.ts).
 *
 * Pages get a Content-Security-Policy with a fresh nonce per request: Next puts the nonce on its
 * own scripts and 'strict-dynamic' lets those load the rest, so no inline or injected script runs
 * and nothing is evaluated from strings ('unsafe-eval' only in `next dev`, which needs it).
 * Styles allow 'unsafe-inline' for React's style attributes; no script can come through them.
 */

export function contentSecurityPolicy(options: { nonce: string; development: boolean }): string {
  const scripts = [`'self'`, `'nonce-${options.nonce}'`, `'strict-dynamic'`];
  if (options.development) scripts.push(`'unsafe-eval'`);
  const directives: Record<string, string[]> = {
    "default-src": [`'self'`],
    "script-src": scripts,
    "style-src": [`'self'`, `'unsafe-inline'`],
    "img-src": [`'self'`, "data:", "blob:"],
    "font-src": [`'self'`, "data:"],
    "connect-src": options.development ? [`'self'`, "ws:"] : [`'self'`],
    "worker-src": [`'self'`, "blob:"],
    "object-src": [`'none'`],
    "base-uri": [`'self'`],
    "form-action": [`'self'`],
    "frame-ancestors": [`'none'`],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers for every response, pages, API and static files alike. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** A CSP nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
