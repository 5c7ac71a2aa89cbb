"use client";

import { useState } from "react";
import type { Scalar } from "@/lib/plan/schema";
import type { InputProps } from "./field";
import { CloseIcon } from "./icons";
import { ValueOptions } from "./inputs";
import { formatValue } from "./value-codec";

/** How many known values a list input offers as one-click buttons. */
const QUICK_PICKS = 24;

/**
 * A list of values (categories, keys, `in` lists) as removable chips and an input that adds one
 * on Enter or comma, offering the column's known values.
 */
export function TokenListInput({
  values,
  suggestions = [],
  parse = (text) => text,
  onChange,
  label,
  ...props
}: InputProps & {
  values: unknown;
  suggestions?: readonly string[];
  parse?: (text: string) => Scalar;
  onChange: (values: unknown[]) => void;
  /** What one value is called, for the remove buttons: "category". */
  label: string;
}) {
  const list: unknown[] = Array.isArray(values) ? values : values === undefined ? [] : [values];
  const [text, setText] = useState("");
  const chosen = new Set(list.map((value) => formatValue(value)));
  const open = suggestions.filter((value) => !chosen.has(value));
  const listId = suggestions.length > 0 ? `${props.id}--values` : undefined;

  const add = (raw: string) => {
    const parts = raw
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "" && !chosen.has(part));
    if (parts.length > 0) onChange([...list, ...parts.map(parse)]);
    setText("");
  };

  return (
    <div>
      <div
        className={`flex min-h-8 flex-wrap items-center gap-1 rounded-md border bg-white px-1.5 py-1 shadow-xs focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/25 ${props["aria-invalid"] ? "border-red-400" : "border-slate-300"}`}
      >
        {list.map((value, index) => (
          <Chip
            // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat; position is identity
            key={index}
            text={formatValue(value)}
            label={label}
            onRemove={() => onChange(list.filter((_, i) => i !== index))}
          />
        ))}
        <input
          type="text"
          value={text}
          list={listId}
          autoComplete="off"
          onChange={(event) => {
            const next = event.target.value;
            // Picking from the datalist replaces the text in one go: add it right away.
            const picked =
              (event.nativeEvent as InputEvent).inputType === "insertReplacementText" &&
              suggestions.includes(next);
            if (next.endsWith(",") || picked) add(next);
            else setText(next);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add(text);
            } else if (event.key === "Backspace" && text === "" && list.length > 0) {
              onChange(list.slice(0, -1));
            }
          }}
          onBlur={() => add(text)}
          placeholder={list.length === 0 ? (props.placeholder ?? "Type and press Enter") : "Add…"}
          {...props}
          className="h-6 min-w-24 flex-1 border-0 bg-transparent px-1 text-sm focus:outline-none"
        />
      </div>
      {listId ? <ValueOptions id={listId} values={open} /> : null}
      {open.length > 0 && suggestions.length <= QUICK_PICKS ? (
        <QuickPicks values={open} onPick={(value) => onChange([...list, parse(value)])} />
      ) : null}
    </div>
  );
}

/** One value of the list, with its remove button. */
function Chip({ text, label, onRemove }: { text: string; label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded bg-slate-100 py-0.5 pl-2 pr-0.5 text-xs text-slate-800">
      {text || '""'}
      <button
        type="button"
        aria-label={`Remove ${label} ${text}`}
        onClick={onRemove}
        className="rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
      >
        <CloseIcon />
      </button>
    </span>
  );
}

/** The column's known values not in the list yet, one click each. */
function QuickPicks({ values, onPick }: { values: string[]; onPick: (value: string) => void }) {
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {values.map((value) => (
        <button
          key={value}
          type="button"
          onClick={() => onPick(value)}
          className="rounded-full border border-dashed border-slate-300 px-2 py-px text-xs text-slate-600 hover:border-brand-500 hover:text-brand-700"
        >
          + {value}
        </button>
      ))}
    </div>
  );
}
