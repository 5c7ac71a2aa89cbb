import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/auth";

export const dynamic = "force-dynamic";

/** better-auth's endpoints: sign-in, sign-out, session (lib/auth/auth.ts configures them). */
export const { GET, POST } = toNextJsHandler((request: Request) => auth().handler(request));
