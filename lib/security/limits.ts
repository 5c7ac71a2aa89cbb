/**
 * The largest server action request body, in bytes: plans and form fields, never files (CSV
 * uploads stream to a route handler with their own limit, SIGNOFF_MAX_UPLOAD_MB). Next enforces
 * it while reading a body (next.config.ts); proxy.ts turns away a larger declared body before
 * any of it is read.
 */
export const SERVER_ACTION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
