import "server-only";
import { auth } from "@/lib/auth/auth";

/**
 * Starts a session for someone who has just proved their password on our own form (first-run
 * setup). better-auth's nextCookies plugin writes the session cookie onto the action's response.
 */
export async function startSession(options: { email: string; password: string; headers: Headers }) {
  await auth().api.signInEmail({
    body: { email: options.email, password: options.password, rememberMe: true },
    headers: options.headers,
  });
}
