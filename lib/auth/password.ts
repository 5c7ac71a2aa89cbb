import "server-only";
import { hashPassword as betterAuthHash } from "better-auth/crypto";

/**
 * Hashes a password as better-auth does at sign-up, so sign-in can verify it: its own scrypt
 * hash, which it uses when no other is configured (auth.ts configures none). Not through the
 * auth instance, so scripts that create accounts (the seed, the e2e accounts) need no base URL.
 */
export function hashPassword(password: string): Promise<string> {
  return betterAuthHash(password);
}
