import type { ReactNode } from "react";

/**
 * A wide table's own horizontal scroll, so the page never scrolls sideways on a phone. Positioned,
 * so that nothing inside (a visually hidden label) escapes the clipping; focusable and named, so
 * a keyboard can scroll it and a screen reader says what it is.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
    <section className="relative overflow-x-auto" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
