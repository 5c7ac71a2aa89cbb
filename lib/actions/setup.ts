"use server";

import { headers } from "next/headers";
import { publicAction } from "@/lib/actions/server-action";
import { setupSchema } from "@/lib/schemas/users";
import { createFirstAdmin } from "@/lib/services/create-user";
import { startSession } from "@/lib/services/sign-in-session";

/** First run: the first account, an admin, signed in straight away. Refused once any user exists. */
export const createFirstAdminAction = publicAction(setupSchema, async (input) => {
  const admin = await createFirstAdmin(input);
  await startSession({ email: admin.email, password: input.password, headers: await headers() });
  return { userId: admin.id };
});
