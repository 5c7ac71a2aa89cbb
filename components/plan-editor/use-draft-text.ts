"use client";

import { useState } from "react";
import { sameValue } from "./value-codec";

/**
 * Text for an input bound to a draft value. The text is the user's while it reads as the value
 * (typing "1." keeps the dot although the draft holds 1); when the value changes from elsewhere
 * (another view, discard) the text follows it.
 */
export function useDraftText<T>(
  value: T,
  format: (value: T) => string,
  parse: (text: string) => T,
  commit: (value: T) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (!sameValue(shown, value)) {
    setShown(value);
    if (!sameValue(parse(text), value)) setText(format(value));
  }
  const change = (next: string) => {
    const parsed = parse(next);
    setText(next);
    setShown(parsed);
    commit(parsed);
  };
  return [text, change];
}
