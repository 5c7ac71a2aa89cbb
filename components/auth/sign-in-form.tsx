"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormAlert, TextField } from "@/components/ui/field";
import { CurrentPasswordField } from "@/components/ui/password-fields";
import { type SignInInput, signInSchema } from "@/lib/schemas/users";
import { useHydrated } from "./use-hydrated";

/**
 * Email and password, posted to better-auth's sign-in endpoint (which sets the http-only session
 * cookie and counts attempts per IP), then on to the page the person came from.
 */
export function SignInForm({ next }: { next: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SignInInput, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    const response = await fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: input.email, password: input.password, rememberMe: true }),
    }).catch(() => null);
    if (response?.ok) {
      // A full navigation, so every server component renders for the signed-in person.
      window.location.assign(next);
      return;
    }
    setProblem(await signInProblem(response));
    form.setValue("password", "");
    form.setFocus("password");
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        {...form.register("email")}
      />
      <CurrentPasswordField
        label="Password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

async function signInProblem(response: Response | null): Promise<string> {
  if (!response) return "Signoff could not be reached. Check your connection and try again.";
  if (response.status === 429) {
    const wait = Number(response.headers.get("x-retry-after"));
    const when = Number.isFinite(wait) && wait > 0 ? `in ${wait} seconds` : "in a minute";
    return `Too many sign-in attempts from this address. Try again ${when}.`;
  }
  if (response.status === 401) return "That email and password do not match an account.";
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? "Signing in failed. Try again.";
}
