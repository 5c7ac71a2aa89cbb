"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormAlert, TextField } from "@/components/ui/field";
import { setFieldErrors } from "@/components/ui/field-errors";
import { NewPasswordField } from "@/components/ui/password-fields";
import { createFirstAdminAction } from "@/lib/actions/setup";
import { type SetupInput, setupSchema } from "@/lib/schemas/users";
import { useHydrated } from "./use-hydrated";

export function SetupForm() {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SetupInput, unknown, z.output<typeof setupSchema>>({
    resolver: zodResolver(setupSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    const result = await createFirstAdminAction(input);
    if (result.ok) {
      window.location.assign("/");
      return;
    }
    setFieldErrors(form.setError, result.fieldErrors);
    setProblem(result.error);
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Create the admin account"
    >
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <TextField
        label="Your name"
        autoComplete="name"
        autoFocus
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Creating the account…" : "Create admin account"}
      </Button>
    </form>
  );
}
