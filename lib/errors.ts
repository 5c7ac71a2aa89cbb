/**
 * Domain failures with a code, so every boundary (server actions, route handlers, the CLI) maps
 * them to a status, an exit code or a message the same way. Anything that is not an AppError is
 * unexpected and is reported as an internal error.
 */
export const ERROR_CODES = {
  invalid_input: 400,
  invalid_csv: 400,
  invalid_plan: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale_plan: 409,
  execution_id_used: 409,
  guard_failed: 409,
  too_large: 413,
  too_many_attempts: 429,
  execution_failed: 422,
  planner_failed: 422,
  internal: 500,
  /** The compute thread's queue is full (lib/compute/pool.ts): try again shortly. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, detail?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.detail = detail;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Prisma's known request errors carry a code such as P2002 (unique) or P2025 (not found). */
export function prismaErrorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "string" && /^P\d{4}$/.test(code)) return code;
  }
  return undefined;
}

/** Maps Prisma and domain failures to an AppError once, at the boundary. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  switch (prismaErrorCode(error)) {
    case "P2002":
      return new AppError("conflict", "That already exists.");
    case "P2025":
      return new AppError("not_found", "That record no longer exists.");
    default:
      return new AppError("internal", "Something went wrong on our side. Nothing was changed.");
  }
}

/** Response headers an error asks for: Retry-After when the server is busy. */
export function errorHeaders(error: AppError): Record<string, string> {
  const seconds = error.detail?.retryAfterSeconds;
  return typeof seconds === "number" ? { "retry-after": String(seconds) } : {};
}
