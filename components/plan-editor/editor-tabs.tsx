"use client";

import { type KeyboardEvent, type ReactNode, useRef } from "react";

const EDITOR_TABS = ["form", "graph", "json"] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

const LABELS: Record<EditorTab, string> = { form: "Form", graph: "Graph", json: "JSON" };

export function tabId(base: string, tab: EditorTab): string {
  return `${base}-tab-${tab}`;
}

export function panelId(base: string, tab: EditorTab): string {
  return `${base}-panel-${tab}`;
}

/**
 * The Form | Graph | JSON switch: a WAI-ARIA tablist with roving focus (arrow keys, Home, End)
 * and automatic activation. `badges` adds a short note to a tab (e.g. a JSON syntax error).
 */
export function EditorTabs({
  base,
  active,
  onChange,
  badges = {},
}: {
  base: string;
  active: EditorTab;
  onChange: (tab: EditorTab) => void;
  badges?: Partial<Record<EditorTab, ReactNode>>;
}) {
  const refs = useRef<Partial<Record<EditorTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = EDITOR_TABS.indexOf(active);
    const next =
      event.key === "ArrowRight"
        ? EDITOR_TABS[(index + 1) % EDITOR_TABS.length]
        : event.key === "ArrowLeft"
          ? EDITOR_TABS[(index + EDITOR_TABS.length - 1) % EDITOR_TABS.length]
          : event.key === "Home"
            ? EDITOR_TABS[0]
            : event.key === "End"
              ? EDITOR_TABS[EDITOR_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Plan views"
      onKeyDown={onKeyDown}
      className="inline-flex rounded-lg bg-slate-100 p-1"
    >
      {EDITOR_TABS.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={tabId(base, tab)}
            aria-selected={selected}
            aria-controls={panelId(base, tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`inline-flex h-8 items-center gap-1.5 rounded-md px-4 text-sm font-medium transition-colors ${
              selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {LABELS[tab]}
            {badges[tab] ?? null}
          </button>
        );
      })}
    </div>
  );
}
