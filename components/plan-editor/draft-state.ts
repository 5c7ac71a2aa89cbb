import type { ExecutionPlan, Operation } from "@/lib/plan/schema";

/**
 * The plan editor's state: the latest saved revision, the draft every view edits, and a stable
 * key per operation so cards keep their identity (and focus) while operations move, get renamed
 * or are replaced wholesale from the JSON view. Pure; `DraftStore` holds it for the editor, whose
 * views (Form, Graph, JSON) all read the draft from there and change it only through `dispatch`.
 */

export interface DraftState {
  /** The latest saved revision: what "Discard changes" goes back to. */
  saved: ExecutionPlan;
  draft: ExecutionPlan;
  /** One key per draft operation, in the same order. */
  keys: string[];
  nextKey: number;
}

export type DraftAction =
  /** Apply a pure edit (see draft-edits.ts) to the draft. */
  | { type: "edit"; edit: (plan: ExecutionPlan) => ExecutionPlan }
  /** Replace the whole draft: JSON text, an imported file, a revision loaded for editing. */
  | { type: "replace"; plan: ExecutionPlan }
  | { type: "discard" }
  /**
   * A new revision was saved (by this editor or, through a page refresh, by someone else).
   * A clean draft follows it; unsaved changes are kept and now compare against it.
   */
  | { type: "saved"; plan: ExecutionPlan };

/**
 * The editor's one draft, as a store its views subscribe to: the workbench for the whole state,
 * each form field for the value at its own path (`usePlanAt`), so a keystroke re-renders the
 * fields whose value changed (edits copy only the objects along the path they change).
 */
export class DraftStore {
  private state: DraftState;
  private readonly listeners = new Set<() => void>();

  constructor(saved: ExecutionPlan) {
    this.state = initialDraftState(saved);
  }

  getState = (): DraftState => this.state;

  dispatch(action: DraftAction): void {
    const next = draftReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function initialDraftState(saved: ExecutionPlan): DraftState {
  return withDraft({ saved, draft: saved, keys: [], nextKey: 0 }, saved);
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "edit": {
      const next = action.edit(state.draft);
      return next === state.draft ? state : withDraft(state, next);
    }
    case "replace":
      return withDraft(state, action.plan);
    case "discard":
      return withDraft(state, state.saved);
    case "saved": {
      if (plansEqual(action.plan, state.saved)) return state;
      const clean = plansEqual(state.draft, state.saved);
      const next = { ...state, saved: action.plan };
      return clean ? withDraft(next, action.plan) : next;
    }
  }
}

export function isDirty(state: DraftState): boolean {
  return !plansEqual(state.draft, state.saved);
}

function withDraft(state: DraftState, draft: ExecutionPlan): DraftState {
  const { keys, nextKey } = reconcileKeys(
    state.draft.operations,
    state.keys,
    draft.operations,
    state.nextKey,
  );
  return { ...state, draft, keys, nextKey };
}

/**
 * Keys for `next` operations that follow the operations of `previous`: an operation keeps the
 * key of the previous operation with the same id (moves, edits), else the key of the one at the
 * same position (a rename), else gets a new key (added, duplicated).
 */
export function reconcileKeys(
  previous: readonly Operation[],
  previousKeys: readonly string[],
  next: readonly Operation[],
  nextKey: number,
): { keys: string[]; nextKey: number } {
  const used = new Set<string>();
  const keys: (string | undefined)[] = next.map((operation) => {
    const match = previous.findIndex(
      (candidate, i) =>
        candidate.operation_id === operation.operation_id &&
        previousKeys[i] !== undefined &&
        !used.has(previousKeys[i]),
    );
    if (match === -1) return undefined;
    used.add(previousKeys[match]);
    return previousKeys[match];
  });
  let counter = nextKey;
  const result = keys.map((key, i) => {
    if (key !== undefined) return key;
    const positional = previousKeys[i];
    if (positional !== undefined && !used.has(positional)) {
      used.add(positional);
      return positional;
    }
    counter += 1;
    return `operation-${counter}`;
  });
  return { keys: result, nextKey: counter };
}

/**
 * Plans compared as data: key order and undefined members do not count, nor does
 * `format_version: 1`, which is optional and means the same as leaving it out.
 */
export function plansEqual(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(withoutVersion(a)) === canonicalJson(withoutVersion(b));
}

function withoutVersion(plan: unknown): unknown {
  if (plan === null || typeof plan !== "object" || Array.isArray(plan)) return plan;
  const { format_version: version, ...rest } = plan as Record<string, unknown>;
  return version === 1 ? rest : plan;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== "object" || Array.isArray(member)) return member;
    return Object.fromEntries(
      Object.entries(member as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  });
}
