"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { setFieldErrors } from "@/components/ui/field-errors";
import { CurrentPasswordField, NewPasswordField } from "@/components/ui/password-fields";
import { changePasswordAction } from "@/lib/actions/account";
import { type ChangePasswordInput, changePasswordSchema } from "@/lib/schemas/users";
import { useHydrated } from "./use-hydrated";

export function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const form = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: {
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
      signOutOtherSessions: true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (input) => {
    setOutcome(null);
    const result = await changePasswordAction(input);
    if (result.ok) {
      form.reset();
      setOutcome({ tone: "success", text: "Your password is changed." });
      return;
    }
    if (setFieldErrors(form.setError, result.fieldErrors) === 0) {
      setOutcome({ tone: "error", text: result.error });
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Change password"
    >
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <CurrentPasswordField
        label="Current password"
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <NewPasswordField
        label="New password"
        error={errors.newPassword?.message}
        {...form.register("newPassword")}
      />
      <NewPasswordField
        label="New password again"
        rule={false}
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300"
          {...form.register("signOutOtherSessions")}
        />
        Sign out my other sessions (other browsers and devices)
      </label>
      <Button type="submit" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
