import { z } from "zod";

/**
 * Every environment variable Signoff reads, parsed once. Nothing else touches `process.env`
 * (tests and scripts pass overrides through `loadEnv`), so the README's configuration table and
 * this schema are the same list.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1).default("file:./data/signoff.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SIGNOFF_PLANNER: z.enum(["auto", "rules", "google", "openai-compatible"]).default("auto"),
  SIGNOFF_MODEL: z.string().min(1).optional(),
  SIGNOFF_OPENAI_BASE_URL: z.url().optional(),
  SIGNOFF_OPENAI_API_KEY: z.string().min(1).optional(),
  SIGNOFF_PLANNER_MAX_REPAIRS: z.coerce.number().int().min(0).max(10).default(2),
  SIGNOFF_PLANNER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
  /** The day relative dates ("last year", "since March") are read against; default: today. */
  SIGNOFF_TODAY: z.iso.date().optional(),
  SIGNOFF_MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(200),
  /**
   * Memory for parsed versions kept between previews, approvals and the rows page, in megabytes
   * as the tables measure it (a 1M-row, 77 MB catalog holds about 190 MB parsed).
   */
  SIGNOFF_TABLE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(320),
  SIGNOFF_ALLOW_SELF_APPROVAL: booleanFlag.default(false),
  SIGNOFF_ADMIN_EMAIL: z.email().optional(),
  SIGNOFF_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** `off` skips sign-in: everyone acts as one local admin (development and benchmarks only). */
  SIGNOFF_AUTH: z.enum(["on", "off"]).default("on"),
  /** Signs session cookies. When unset, a random one is kept in `auth-secret` beside the database. */
  SIGNOFF_AUTH_SECRET: z.string().min(32).optional(),
  /** The public URL, e.g. https://signoff.example.com. When unset it is taken from each request. */
  SIGNOFF_BASE_URL: z.url().optional(),
  /**
   * Addresses of the reverse proxies in front of Signoff, comma-separated. Only a connection from
   * one of them may say, in X-Forwarded-For, whom it forwards; otherwise the client address is
   * the connection's own. Read by scripts/serve.mjs.
   */
  SIGNOFF_TRUSTED_PROXIES: z.string().optional(),
  /**
   * The repository, where the schema and migrations are; default: the working directory. The
   * `signoff` bin sets it, since the CLI runs from any directory.
   */
  SIGNOFF_ROOT: z.string().min(1).optional(),
  /** Sign-in attempts allowed per client address per minute. */
  SIGNOFF_SIGN_IN_ATTEMPTS: z.coerce.number().int().min(1).max(10_000).default(5),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set": shells and .env files often leave `VAR=` behind.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(`Invalid environment configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
