"use client";

import { useCallback, useRef, useState } from "react";

export type SubmitResult = { ok: true } | { ok: false; error: string };

/**
 * Runs an async submit at most once at a time: a second click while the first is in flight is
 * ignored even before React re-renders the disabled button. After a success it stays pending
 * (the caller closes or navigates), so a finished approval cannot be sent again from the same
 * form. A refusal re-enables the form and keeps the message.
 */
export function useSubmitOnce<TArgs extends unknown[]>(
  submit: (...args: TArgs) => Promise<SubmitResult>,
  onSuccess: () => void,
) {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const run = useCallback(
    async (...args: TArgs) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      setError(undefined);
      let result: SubmitResult;
      try {
        result = await submit(...args);
      } catch {
        result = { ok: false, error: "Something went wrong while sending this. Try again." };
      }
      if (result.ok) {
        onSuccess();
        return;
      }
      setError(result.error);
      inFlight.current = false;
      setPending(false);
    },
    [submit, onSuccess],
  );

  const reset = useCallback(() => setError(undefined), []);
  return { run, pending, error, reset };
}
