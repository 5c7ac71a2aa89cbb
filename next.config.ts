import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security/headers";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "./lib/security/limits";

/**
 * The diff table's benchmark page (app/dev, files named page.dev.tsx and route.dev.ts) is built
 * only when SIGNOFF_DEV_PAGES=1, into a folder of its own: production builds do not contain it.
 */
const devPages = process.env.SIGNOFF_DEV_PAGES === "1";

const nextConfig: NextConfig = {
  pageExtensions: devPages ? ["dev.tsx", "dev.ts", "tsx", "ts"] : ["tsx", "ts"],
  distDir: devPages ? ".next-dev-pages" : ".next",
  // Native and wasm-backed server packages load from node_modules at run time, not the bundle.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@duckdb/node-api",
    "piscina",
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project once (`tsc --noEmit`) before building; checking
  // again inside `next build` would only double the time.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Server actions carry plans and form fields, never files (lib/security/limits.ts).
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT_BYTES },
  },
  // Referrer policy, nosniff, no framing on every response; the per-request CSP is in proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
