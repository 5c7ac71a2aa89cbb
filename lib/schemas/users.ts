import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";

/**
 * Account forms (sign-in, first-run setup, password change, the admin's user forms): the client
 * components validate with these schemas and the server actions parse with the same ones.
 */

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .min(1, "Enter an email address.")
  .pipe(z.email("That is not an email address."))
  .transform((value) => value.toLowerCase());

const password = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

const name = z
  .string()
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Keep the name under 100 characters.");

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password."),
});

export const setupSchema = z.object({ name, email, password });

export const createUserSchema = z.object({
  name,
  email,
  role: z.enum(ROLES, "Choose a role."),
  password,
});

export const changeRoleSchema = z.object({
  userId: z.string().min(1),
  role: z.enum(ROLES, "Choose a role."),
});

export const setUserActiveSchema = z.object({
  userId: z.string().min(1),
  active: z.boolean(),
});

export const resetPasswordSchema = z.object({
  userId: z.string().min(1),
  password,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: password,
    confirmPassword: z.string(),
    signOutOtherSessions: z.boolean().default(true),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords are not the same.",
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });

export type SignInInput = z.input<typeof signInSchema>;
export type SetupInput = z.input<typeof setupSchema>;
export type CreateUserInput = z.input<typeof createUserSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
