"use client";

import { useState } from "react";
import { type InputProps, inputClass } from "./field";
import { formatValue } from "./value-codec";

/**
 * A name that others refer to (operation id, variable name): committed on blur or Enter, so a
 * half-typed name never renames references, and refused with a message when it is taken.
 */
export function NameInput({
  value,
  onCommit,
  problemWith,
  ...props
}: InputProps & {
  value: unknown;
  onCommit: (name: string) => void;
  /** Why this name cannot be used, or null. */
  problemWith: (name: string) => string | null;
}) {
  const current = formatValue(value);
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown !== current) {
    setShown(current);
    setText(current);
    setProblem(null);
  }
  const commit = () => {
    const name = text.trim();
    if (name === current) {
      setText(current);
      setProblem(null);
      return;
    }
    const why = problemWith(name);
    setProblem(why);
    if (why === null) onCommit(name);
  };
  const problemId = `${props.id}--name-problem`;
  return (
    <>
      <input
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          } else if (event.key === "Escape") {
            setText(current);
            setProblem(null);
          }
        }}
        {...props}
        aria-invalid={problem !== null || props["aria-invalid"] || undefined}
        aria-describedby={
          [problem ? problemId : "", props["aria-describedby"] ?? ""].filter(Boolean).join(" ") ||
          undefined
        }
        className={`${inputClass} font-mono ${props.className ?? ""}`}
      />
      {problem ? (
        <p id={problemId} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      ) : null}
    </>
  );
}
