import "server-only";
import { auth } from "./auth";

/** Hashes a password exactly as better-auth does at sign-up, so sign-in can verify it. */
export async function hashPassword(password: string): Promise<string> {
  const context = await auth().$context;
  return context.password.hash(password);
}
