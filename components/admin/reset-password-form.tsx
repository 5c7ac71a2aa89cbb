"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { resetPasswordAction } from "@/lib/actions/users";
import { PASSWORD_MIN } from "@/lib/schemas/users";
import { generatePassword } from "./generate-password";

/** Sets a new password for someone who lost theirs; their sessions end. */
export function ResetPasswordForm({
  userId,
  userName,
  onDone,
}: {
  userId: string;
  userName: string;
  onDone: (message: string) => void;
}) {
  const [password, setPassword] = useState(() => generatePassword());
  const [error, setError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();

  const submit = () =>
    startTransition(async () => {
      const result = await resetPasswordAction({ userId, password });
      if (result.ok)
        onDone(`New password for ${userName}: ${password} — their sessions were ended.`);
      else setError(result.fieldErrors?.password?.[0] ?? result.error);
    });

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Set a new password for ${userName}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label={`New password for ${userName}`}
        className="min-w-64 flex-1"
        value={password}
        spellCheck={false}
        autoComplete="off"
        minLength={PASSWORD_MIN}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="sm" className="mb-0.5" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </Button>
      <Button size="sm" variant="ghost" className="mb-0.5" onClick={() => onDone("")}>
        Cancel
      </Button>
    </form>
  );
}
