// Types of scripts/postgres-schema.mjs.
export const ROOT: string;
export const SQLITE_SCHEMA: string;
export const POSTGRES_SCHEMA: string;
export function postgresSchemaText(sqliteText?: string): string;
