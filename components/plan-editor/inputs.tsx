"use client";

import type { ColumnProfile } from "@/lib/dataset/types";
import type { Scalar } from "@/lib/plan/schema";
import { type ControlProps, type InputProps, inputClass } from "./field";
import { useDraftText } from "./use-draft-text";
import { formatValue, parseNumberText, parseScalarText } from "./value-codec";

/**
 * Inputs that edit one draft value each, typed by the dataset column they compare with or
 * write. Text that does not fit is kept as typed, for validation to flag next to the field.
 */

export function TextInput({
  value,
  onCommit,
  ...props
}: InputProps & { value: unknown; onCommit: (text: string) => void }) {
  const [text, setText] = useDraftText<unknown>(
    value,
    formatValue,
    (t) => t,
    (v) => onCommit(v as string),
  );
  return (
    <input
      type="text"
      value={text}
      onChange={(event) => setText(event.target.value)}
      {...props}
      className={`${inputClass} ${props.className ?? ""}`}
    />
  );
}

export function TextAreaInput({
  value,
  onCommit,
  rows = 2,
  ...props
}: ControlProps & { value: unknown; onCommit: (text: string) => void; rows?: number }) {
  const [text, setText] = useDraftText<unknown>(
    value,
    formatValue,
    (t) => t,
    (v) => onCommit(v as string),
  );
  return (
    <textarea
      value={text}
      rows={rows}
      onChange={(event) => setText(event.target.value)}
      {...props}
      className={`${inputClass} h-auto py-1.5`}
    />
  );
}

/** A number; cleared means absent. Text that is not a number is kept for validation to flag. */
export function NumberInput({
  value,
  onCommit,
  ...props
}: InputProps & { value: unknown; onCommit: (value: number | string | undefined) => void }) {
  const [text, setText] = useDraftText<unknown>(value, formatValue, parseNumberText, (v) =>
    onCommit(v as number | string | undefined),
  );
  return (
    <input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
      {...props}
      className={`${inputClass} tabular-nums ${props.className ?? ""}`}
    />
  );
}

/** Any input text parsed by `parse` (numeric action values, which also take `${variable}`). */
export function ParsedInput({
  value,
  parse,
  onCommit,
  ...props
}: InputProps & {
  value: unknown;
  parse: (text: string) => unknown;
  onCommit: (value: unknown) => void;
}) {
  const [text, setText] = useDraftText<unknown>(value, formatValue, parse, onCommit);
  return (
    <input
      type="text"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
      {...props}
      className={`${inputClass} ${props.className ?? ""}`}
    />
  );
}

export function BooleanSelect({
  value,
  onChange,
  ...props
}: ControlProps & { value: unknown; onChange: (value: boolean) => void }) {
  const known = value === true || value === false;
  return (
    <select
      value={known ? String(value) : "other"}
      onChange={(event) => onChange(event.target.value === "true")}
      {...props}
      className={inputClass}
    >
      {known ? null : <option value="other">{formatValue(value) || "—"}</option>}
      <option value="true">true</option>
      <option value="false">false</option>
    </select>
  );
}

/** One cell value, typed by its column: true/false, a number, or text with the known values. */
export function ScalarInput({
  value,
  column,
  onCommit,
  ...props
}: InputProps & {
  value: unknown;
  column: ColumnProfile | undefined;
  onCommit: (value: Scalar) => void;
}) {
  if (column?.type === "boolean") {
    return <BooleanSelect value={value} onChange={onCommit} {...props} />;
  }
  const listId = column?.distinctValues ? `${props.id}--values` : undefined;
  return (
    <>
      <ParsedInput
        value={value}
        parse={(text) => parseScalarText(text, column?.type)}
        onCommit={(next) => onCommit(next as Scalar)}
        list={listId}
        {...props}
        className={column?.type === "number" || column?.type === "integer" ? "tabular-nums" : ""}
      />
      {listId ? <ValueOptions id={listId} values={column?.distinctValues ?? []} /> : null}
    </>
  );
}

export function ValueOptions({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

export function ColumnSelect({
  value,
  columns,
  onChange,
  emptyLabel,
  ...props
}: ControlProps & {
  value: unknown;
  columns: readonly ColumnProfile[];
  onChange: (name: string | undefined) => void;
  /** The choice for "no column" (e.g. "price (shortcut)"); without it a column is required. */
  emptyLabel?: string;
}) {
  const current = typeof value === "string" ? value : "";
  const unknown = current !== "" && !columns.some((column) => column.name === current);
  return (
    <select
      value={current}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
      {...props}
      className={inputClass}
    >
      {emptyLabel !== undefined || current === "" ? (
        <option value="">{emptyLabel ?? "Choose a column…"}</option>
      ) : null}
      {unknown ? <option value={current}>{current} (not in this dataset)</option> : null}
      {columns.map((column) => (
        <option key={column.name} value={column.name}>
          {column.name} · {column.type}
        </option>
      ))}
    </select>
  );
}

/** A choice among a few fixed values, each with its words. */
export function SelectInput<T extends string>({
  value,
  options,
  onChange,
  className = "",
  ...props
}: ControlProps & {
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <select
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      className={`${inputClass} ${className}`}
    >
      {options.map(([option, label]) => (
        <option key={option} value={option}>
          {label}
        </option>
      ))}
    </select>
  );
}
