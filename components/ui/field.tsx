import { type ComponentProps, type ReactNode, useId } from "react";

const inputClasses =
  "mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500 disabled:bg-slate-50 disabled:text-slate-500";

/**
 * A labelled input with its hint and error wired up for screen readers (`aria-describedby`,
 * `aria-invalid`). `compact` is the small label of filter bars. Works with react-hook-form's
 * `register` spread into it.
 */
export function TextField({
  label,
  hint,
  error,
  compact = false,
  className = "",
  inputClassName = "",
  ...input
}: ComponentProps<"input"> & FieldLabels & { compact?: boolean; inputClassName?: string }) {
  return (
    <FieldShell label={label} hint={hint} error={error} compact={compact} className={className}>
      {(control) => (
        <input {...control} className={`${inputClasses} ${inputClassName}`} {...input} />
      )}
    </FieldShell>
  );
}

/**
 * A labelled select, wired up as `TextField` is. Works with react-hook-form's `register` spread
 * into it.
 */
export function SelectField({
  label,
  hint,
  error,
  compact = false,
  className = "",
  children,
  ...select
}: ComponentProps<"select"> & FieldLabels & { compact?: boolean }) {
  return (
    <FieldShell label={label} hint={hint} error={error} compact={compact} className={className}>
      {(control) => (
        <select {...control} className={inputClasses} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

interface FieldLabels {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

interface ControlWiring {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A field's label, hint and error around its control, and the ids that tie them together. */
function FieldShell({
  label,
  hint,
  error,
  compact = false,
  className,
  children,
}: FieldLabels & {
  compact?: boolean;
  className: string;
  children: (control: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          compact
            ? "block text-xs font-medium text-slate-600"
            : "block text-sm font-medium text-slate-800"
        }
      >
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
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
