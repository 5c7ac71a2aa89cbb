import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/**
 * Puts a server action's `fieldErrors` (the zod issues it parsed the input with) on the form's
 * fields, first message each. Returns how many fields got one, so the caller can show the
 * action's message elsewhere when none did.
 */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]> | undefined,
): number {
  const entries = Object.entries(fieldErrors ?? {});
  for (const [field, messages] of entries) setError(field as Path<T>, { message: messages[0] });
  return entries.length;
}
