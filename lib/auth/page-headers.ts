/** Set by proxy.ts on every page request: the path and query, for "sign in and come back". */
export const PATH_HEADER = "x-signoff-path";
