"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { serverAction } from "@/lib/actions/server-action";
import { changePasswordSchema } from "@/lib/schemas/users";
import { changeOwnPassword, signOut } from "@/lib/services/change-password";

export const changePasswordAction = serverAction(
  { schema: changePasswordSchema, permission: "account.update", name: "account.change-password" },
  async (input, { actor }) => {
    await changeOwnPassword({ ...input, headers: await headers(), actor });
    return { changed: true };
  },
);

/** The header's sign-out button posts here: no permission needed to leave. */
export async function signOutAction(): Promise<void> {
  await signOut(await headers()).catch(() => undefined);
  redirect("/sign-in");
}
