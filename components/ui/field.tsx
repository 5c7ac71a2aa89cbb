import { type ComponentProps, type ReactNode, useId } from "react";

export const inputClasses =
  "mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500 disabled:bg-slate-50 disabled:text-slate-500";

/**
 * A labelled input with its hint and error wired up for screen readers (`aria-describedby`,
 * `aria-invalid`). Works with react-hook-form's `register` spread into it.
 */
export function TextField({
  label,
  hint,
  error,
  className = "",
  ...input
}: ComponentProps<"input"> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClasses}
        {...input}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about a whole submission or step (not one field), announced when it appears. */
export function FormAlert({
  children,
  tone = "error",
}: {
  children: ReactNode;
  tone?: "error" | "success";
}) {
  const classes =
    tone === "error"
      ? "border-red-200 bg-red-50 text-red-800"
      : "border-emerald-200 bg-emerald-50 text-emerald-800";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${classes}`}
    >
      {children}
    </div>
  );
}
