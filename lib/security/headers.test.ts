import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "./headers";

describe("contentSecurityPolicy", () => {
  it("allows only nonce-bearing scripts in production, never eval", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", development: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("adds eval and the HMR socket only for the dev server", () => {
    const csp = contentSecurityPolicy({ nonce: "n", development: true });
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).toContain("connect-src 'self' ws:");
  });
});

describe("static security headers", () => {
  it("set the referrer policy and forbid sniffing and framing", () => {
    const headers = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]));
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });
});

describe("createNonce", () => {
  it("is fresh each time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
