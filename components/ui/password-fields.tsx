import type { ComponentProps } from "react";
import { PASSWORD_MIN } from "@/lib/schemas/users";
import { TextField } from "./field";

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "autoComplete">;

/** The password someone already has: hidden, offered by their password manager. */
export function CurrentPasswordField(props: PasswordFieldProps) {
  return <TextField type="password" autoComplete="current-password" {...props} />;
}

/**
 * A password being chosen: hidden, for the password manager to save, with the length rule as its
 * hint (`rule={false}` for the field that repeats it).
 */
export function NewPasswordField({
  rule = true,
  ...props
}: PasswordFieldProps & { rule?: boolean }) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint={rule ? `At least ${PASSWORD_MIN} characters.` : undefined}
      {...props}
    />
  );
}
