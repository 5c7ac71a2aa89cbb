"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useHydrated } from "@/components/auth/use-hydrated";
import { Button } from "@/components/ui/button";
import { FormAlert, SelectField, TextField } from "@/components/ui/field";
import { setFieldErrors } from "@/components/ui/field-errors";
import { createUserAction } from "@/lib/actions/users";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/auth/permissions";
import { type CreateUserInput, createUserSchema, PASSWORD_MIN } from "@/lib/schemas/users";
import { generatePassword } from "./generate-password";

/**
 * Adds a teammate: name, email, role and a first password that the admin hands over (Signoff
 * sends no email). The password stays visible after saving so it can be copied.
 */
export function CreateUserForm() {
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CreateUserInput, unknown, z.output<typeof createUserSchema>>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { name: "", email: "", role: "author", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();
  const role = form.watch("role");

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    setCreated(null);
    const result = await createUserAction(input);
    if (result.ok) {
      setCreated({ email: input.email, password: input.password });
      form.reset({ name: "", email: "", role: input.role, password: "" });
      return;
    }
    if (setFieldErrors(form.setError, result.fieldErrors) === 0) setProblem(result.error);
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Add a user"
    >
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {created ? <CreatedNotice email={created.email} password={created.password} /> : null}
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <SelectField label="Role" hint={ROLE_DESCRIPTIONS[role]} {...form.register("role")}>
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <div>
        <TextField
          label="First password"
          autoComplete="new-password"
          spellCheck={false}
          hint={`At least ${PASSWORD_MIN} characters. Shown after saving so you can hand it over.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => form.setValue("password", generatePassword(), { shouldValidate: true })}
        >
          Generate a strong password
        </Button>
      </div>
      <Button type="submit" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Adding…" : "Add user"}
      </Button>
    </form>
  );
}

/** The new account and its first password, shown so the admin can hand it over. */
function CreatedNotice({ email, password }: { email: string; password: string }) {
  return (
    <FormAlert tone="success">
      Account created for {email}. Their first password is{" "}
      <code className="rounded bg-white px-1 font-mono" data-testid="created-password">
        {password}
      </code>{" "}
      — hand it over; they can change it under Your account.
    </FormAlert>
  );
}
