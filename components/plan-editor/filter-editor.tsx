"use client";

import type { DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import type { Filter } from "@/lib/plan/schema";
import { resolveShorthand } from "@/lib/plan/shorthand";
import { ConditionRow } from "./condition-row";
import {
  addCondition,
  CONDITION_GROUPS,
  type ConditionGroup,
  newCondition,
  removeCondition,
} from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { type ControlProps, EditorSection, Field, IssueList } from "./field";
import { fieldId } from "./field-paths";
import { CloseIcon, PlusIcon } from "./icons";
import { BooleanSelect, NumberInput } from "./inputs";
import { TokenListInput } from "./token-list-input";
import { newTop, TopEditor } from "./top-editor";
import { parseScalarText } from "./value-codec";

type ShortcutKey = "categories" | "in_stock" | "skus" | "price_gte" | "price_lte";

const SHORTCUTS: { key: ShortcutKey; role: ShorthandRole; label: string }[] = [
  { key: "categories", role: "category", label: "Categories" },
  { key: "in_stock", role: "stock", label: "In stock" },
  { key: "skus", role: "key", label: "Keys" },
  { key: "price_gte", role: "price", label: "Price at least" },
  { key: "price_lte", role: "price", label: "Price at most" },
];

const GROUP_LABELS: Record<ConditionGroup, { title: string; hint: string }> = {
  all: { title: "All of", hint: "every condition must hold" },
  any: { title: "Any of", hint: "at least one must hold" },
  none: { title: "None of", hint: "rows matching any of these are left out" },
};

/** "Categories (column: genre)", or why the shortcut has no column in this dataset. */
function shortcutLabel(profile: DatasetProfile, role: ShorthandRole, label: string): string {
  const resolution = resolveShorthand(profile, role);
  if (resolution.ok) return `${label} (column: ${resolution.column})`;
  if (resolution.reason === "ambiguous") {
    return `${label} (ambiguous: ${resolution.candidates.join(" or ")})`;
  }
  return `${label} (no matching column)`;
}

/** The filter of one operation: seed shortcuts mapped onto columns, then condition groups. */
export function FilterEditor({ path }: { path: PlanPath }) {
  const { setAt, readOnly } = usePlanFormActions();
  const watched: Filter | undefined = usePlanAt(path);
  const filter = watched ?? {};
  const present = SHORTCUTS.filter((shortcut) => filter[shortcut.key] !== undefined);
  const groups = CONDITION_GROUPS.filter((group) => filter[group] !== undefined);
  const empty = present.length === 0 && groups.length === 0 && filter.top === undefined;
  // The whole filter is written, so removing its last part leaves `{}`: "every row matches".
  const setFilter = (next: Filter) => setAt(path, next);

  return (
    <EditorSection path={path} label="Filter" purpose="which rows it changes">
      {empty ? <p className="text-sm text-slate-600">No filter: every row matches.</p> : null}
      {present.length > 0 ? (
        <ShortcutFields path={path} filter={filter} setFilter={setFilter} />
      ) : null}
      {groups.map((group) => (
        <ConditionGroupFields
          key={group}
          path={path}
          group={group}
          filter={filter}
          setFilter={setFilter}
        />
      ))}
      {filter.top !== undefined ? (
        <TopEditor
          path={[...path, "top"]}
          onRemove={() => {
            const { top: _, ...rest } = filter;
            setFilter(rest);
          }}
        />
      ) : null}
      {readOnly ? null : <AddFilterPart filter={filter} setFilter={setFilter} />}
    </EditorSection>
  );
}

interface FilterPartProps {
  filter: Filter;
  setFilter: (next: Filter) => void;
}

function withoutShortcut(filter: Filter, key: ShortcutKey): Filter {
  const { [key]: _, ...rest } = filter;
  return rest;
}

/** The seed shortcuts the filter uses (categories, in stock, keys, price bounds). */
function ShortcutFields({ path, filter, setFilter }: FilterPartProps & { path: PlanPath }) {
  const { profile, readOnly } = usePlanFormActions();
  const present = SHORTCUTS.filter((shortcut) => filter[shortcut.key] !== undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {present.map((shortcut) => (
        <div key={shortcut.key} className="flex items-start gap-1">
          <Field
            path={[...path, shortcut.key]}
            label={shortcutLabel(profile, shortcut.role, shortcut.label)}
            className="flex-1"
          >
            {(control, field) => (
              <ShortcutInput
                shortcut={shortcut.key}
                value={field.value}
                control={control}
                profile={profile}
                onChange={(value) =>
                  value === undefined
                    ? setFilter(withoutShortcut(filter, shortcut.key))
                    : field.onChange(value)
                }
              />
            )}
          </Field>
          {readOnly ? null : (
            <button
              type="button"
              aria-label={`Remove shortcut ${shortcut.label}`}
              onClick={() => setFilter(withoutShortcut(filter, shortcut.key))}
              className="mt-5 grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-700"
            >
              <CloseIcon />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

/** One group of conditions (all, any, none), each condition on its own row. */
function ConditionGroupFields({
  path,
  group,
  filter,
  setFilter,
}: FilterPartProps & { path: PlanPath; group: ConditionGroup }) {
  const { profile, readOnly } = usePlanFormActions();
  return (
    <div
      id={fieldId([...path, group])}
      tabIndex={-1}
      className="rounded-md border border-slate-200 bg-slate-50/60 p-3 focus:outline-none"
    >
      <p className="mb-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{GROUP_LABELS[group].title}</span> —{" "}
        {GROUP_LABELS[group].hint}
      </p>
      <IssueList path={[...path, group]} />
      <div className="space-y-2">
        {(filter[group] ?? []).map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place
          <div key={`${group}-${index}`} id={fieldId([...path, group, index])} tabIndex={-1}>
            <ConditionRow
              path={[...path, group, index]}
              onRemove={() => setFilter(removeCondition(filter, group, index))}
            />
            <IssueList path={[...path, group, index]} />
          </div>
        ))}
      </div>
      {readOnly ? null : (
        <button
          type="button"
          onClick={() => setFilter(addCondition(filter, group, newCondition(profile)))}
          className="mt-2 inline-flex items-center gap-1 rounded px-1 text-xs font-medium text-brand-700 hover:underline"
        >
          <PlusIcon /> Add condition
        </button>
      )}
    </div>
  );
}

/** A shortcut's first value: price bounds start at the column's range, so it matches every row. */
function initialShortcut(profile: DatasetProfile, key: ShortcutKey) {
  const price = resolveShorthand(profile, "price");
  const column = price.ok ? profile.columns.find((c) => c.name === price.column) : undefined;
  const bound = (text: string | undefined, fallback: number) =>
    Number.isFinite(Number(text)) && text !== undefined ? Number(text) : fallback;
  return {
    categories: [],
    in_stock: true,
    skus: [],
    price_gte: bound(column?.min, 0),
    price_lte: bound(column?.max, 100),
  }[key];
}

/** The buttons that add a group of conditions, a top-N choice or a shortcut. */
function AddFilterPart({ filter, setFilter }: FilterPartProps) {
  const { profile } = usePlanFormActions();
  const absent = SHORTCUTS.filter((shortcut) => filter[shortcut.key] === undefined);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {CONDITION_GROUPS.filter((group) => filter[group] === undefined).map((group) => (
        <button
          key={group}
          type="button"
          onClick={() => setFilter(addCondition(filter, group, newCondition(profile)))}
          className="inline-flex h-7 items-center gap-1 rounded-md border border-dashed border-slate-300 px-2 text-xs text-slate-700 hover:border-brand-500 hover:text-brand-700"
        >
          <PlusIcon /> “{GROUP_LABELS[group].title}” condition
        </button>
      ))}
      {filter.top === undefined ? (
        <button
          type="button"
          onClick={() => setFilter({ ...filter, top: newTop(profile) })}
          className="inline-flex h-7 items-center gap-1 rounded-md border border-dashed border-slate-300 px-2 text-xs text-slate-700 hover:border-brand-500 hover:text-brand-700"
        >
          <PlusIcon /> Only the highest or lowest
        </button>
      ) : null}
      {absent.length > 0 ? (
        <select
          aria-label="Add a shortcut"
          value=""
          onChange={(event) => {
            const key = event.target.value as ShortcutKey;
            setFilter({ ...filter, [key]: initialShortcut(profile, key) });
          }}
          className="h-7 rounded-md border border-dashed border-slate-300 bg-white px-2 text-xs text-slate-700 hover:border-brand-500"
        >
          <option value="">+ Shortcut…</option>
          {absent.map((shortcut) => (
            <option key={shortcut.key} value={shortcut.key}>
              {shortcutLabel(profile, shortcut.role, shortcut.label)}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

function ShortcutInput({
  shortcut,
  value,
  control,
  profile,
  onChange,
}: {
  shortcut: ShortcutKey;
  value: unknown;
  control: ControlProps;
  profile: DatasetProfile;
  onChange: (value: unknown) => void;
}) {
  const columnFor = (role: ShorthandRole) => {
    const resolution = resolveShorthand(profile, role);
    return resolution.ok
      ? profile.columns.find((column) => column.name === resolution.column)
      : undefined;
  };
  switch (shortcut) {
    case "categories":
    case "skus": {
      const column = columnFor(shortcut === "categories" ? "category" : "key");
      return (
        <TokenListInput
          {...control}
          label={shortcut === "categories" ? "category" : "key"}
          values={value}
          suggestions={column?.distinctValues}
          parse={(text) => parseScalarText(text, "text")}
          onChange={onChange}
        />
      );
    }
    case "in_stock":
      return <BooleanSelect {...control} value={value} onChange={onChange} />;
    case "price_gte":
    case "price_lte":
      return <NumberInput {...control} value={value} onCommit={onChange} />;
  }
}
