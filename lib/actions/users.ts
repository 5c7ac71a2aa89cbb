"use server";

import { revalidatePath } from "next/cache";
import { serverAction } from "@/lib/actions/server-action";
import {
  changeRoleSchema,
  createUserSchema,
  resetPasswordSchema,
  setUserActiveSchema,
} from "@/lib/schemas/users";
import { createUser } from "@/lib/services/create-user";
import { changeUserRole, resetUserPassword, setUserActive } from "@/lib/services/update-user";

export const createUserAction = serverAction(
  { schema: createUserSchema, permission: "user.manage", name: "user.create" },
  async (input, { actor }) => {
    const user = await createUser({ ...input, actor });
    revalidatePath("/admin/users");
    return { userId: user.id };
  },
);

export const changeRoleAction = serverAction(
  { schema: changeRoleSchema, permission: "user.manage", name: "user.change-role" },
  async (input, { actor }) => {
    const result = await changeUserRole({ ...input, actor });
    revalidatePath("/admin/users");
    return result;
  },
);

export const setUserActiveAction = serverAction(
  { schema: setUserActiveSchema, permission: "user.manage", name: "user.set-active" },
  async (input, { actor }) => {
    const result = await setUserActive({ ...input, actor });
    revalidatePath("/admin/users");
    return result;
  },
);

export const resetPasswordAction = serverAction(
  { schema: resetPasswordSchema, permission: "user.manage", name: "user.reset-password" },
  (input, { actor }) => resetUserPassword({ ...input, actor }),
);
