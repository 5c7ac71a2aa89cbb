import { describe, expect, it } from "vitest";
import type { ExecutionPlan, Operation } from "@/lib/plan/schema";
import { seedProfile } from "@/lib/plan/test-support";
import {
  addOperation,
  duplicateOperation,
  moveOperation,
  removeOperation,
  renameOperation,
  setIn,
} from "./draft-edits";
import {
  type DraftState,
  DraftStore,
  draftReducer,
  initialDraftState,
  isDirty,
  plansEqual,
  reconcileKeys,
} from "./draft-state";

function operation(id: string): Operation {
  return { operation_id: id, filter: {}, action: { type: "percent_increase", value: 5 } };
}

const saved: ExecutionPlan = {
  execution_id: "plan_test_0001",
  created_at: "2024-06-01T12:00:00Z",
  source_instruction: "test",
  operations: [operation("a"), operation("b"), operation("c")],
};

const edit = (state: DraftState, fn: (plan: ExecutionPlan) => ExecutionPlan) =>
  draftReducer(state, { type: "edit", edit: fn });

describe("draftReducer", () => {
  it("starts clean with one key per operation", () => {
    const state = initialDraftState(saved);
    expect(isDirty(state)).toBe(false);
    expect(state.keys).toHaveLength(3);
    expect(new Set(state.keys).size).toBe(3);
  });

  it("is dirty after an edit and clean again after discarding", () => {
    const edited = edit(initialDraftState(saved), (p) =>
      setIn(p, ["operations", 0, "action", "value"], 7),
    );
    expect(isDirty(edited)).toBe(true);
    const discarded = draftReducer(edited, { type: "discard" });
    expect(isDirty(discarded)).toBe(false);
    expect(discarded.draft).toBe(saved);
  });

  it("is clean when an edit is undone by hand", () => {
    let state = edit(initialDraftState(saved), (p) => setIn(p, ["source_instruction"], "x"));
    state = edit(state, (p) => setIn(p, ["source_instruction"], "test"));
    expect(isDirty(state)).toBe(false);
  });

  it("keeps the same state for an edit that changes nothing", () => {
    const state = initialDraftState(saved);
    expect(edit(state, (p) => moveOperation(p, 0, -1))).toBe(state);
  });

  it("follows a new saved revision when the draft is clean", () => {
    const next = { ...saved, source_instruction: "saved elsewhere" };
    const state = draftReducer(initialDraftState(saved), { type: "saved", plan: next });
    expect(state.draft).toBe(next);
    expect(isDirty(state)).toBe(false);
  });

  it("keeps unsaved changes when a new revision arrives", () => {
    const edited = edit(initialDraftState(saved), (p) => setIn(p, ["source_instruction"], "mine"));
    const next = { ...saved, source_instruction: "theirs" };
    const state = draftReducer(edited, { type: "saved", plan: next });
    expect(state.draft.source_instruction).toBe("mine");
    expect(state.saved).toBe(next);
    expect(isDirty(state)).toBe(true);
  });

  it("is clean after saving the draft", () => {
    const edited = edit(initialDraftState(saved), (p) => addOperation(p, seedProfile));
    const state = draftReducer(edited, { type: "saved", plan: structuredClone(edited.draft) });
    expect(isDirty(state)).toBe(false);
  });
});

describe("operation keys", () => {
  it("follow operations that move", () => {
    const state = initialDraftState(saved);
    const moved = edit(state, (p) => moveOperation(p, 2, -1));
    expect(moved.keys).toEqual([state.keys[0], state.keys[2], state.keys[1]]);
  });

  it("stay with an operation that is renamed", () => {
    const state = initialDraftState(saved);
    expect(edit(state, (p) => renameOperation(p, 1, "renamed")).keys).toEqual(state.keys);
  });

  it("are new for added and duplicated operations and dropped with removed ones", () => {
    const state = initialDraftState(saved);
    const duplicated = edit(state, (p) => duplicateOperation(p, 0));
    expect(duplicated.keys[0]).toBe(state.keys[0]);
    expect(state.keys).not.toContain(duplicated.keys[1]);
    expect(duplicated.keys.slice(2)).toEqual(state.keys.slice(1));
    const removed = edit(state, (p) => removeOperation(p, 1));
    expect(removed.keys).toEqual([state.keys[0], state.keys[2]]);
  });

  it("survive a wholesale replacement by the JSON view", () => {
    const state = initialDraftState(saved);
    const replaced = draftReducer(state, {
      type: "replace",
      plan: { ...structuredClone(saved), operations: [operation("c"), operation("a")] },
    });
    expect(replaced.keys).toEqual([state.keys[2], state.keys[0]]);
  });

  it("are distinct even when operation ids repeat", () => {
    const { keys } = reconcileKeys([], [], [operation("x"), operation("x")], 0);
    expect(new Set(keys).size).toBe(2);
  });
});

describe("plansEqual", () => {
  it("ignores key order, undefined members and format_version 1", () => {
    expect(
      plansEqual(
        { a: 1, b: { c: [1, { d: 2, e: undefined }] } },
        { b: { c: [1, { d: 2 }] }, a: 1 },
      ),
    ).toBe(true);
    expect(plansEqual({ ...saved, format_version: 1 }, saved)).toBe(true);
    expect(plansEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

describe("DraftStore", () => {
  it("holds the one draft: edits reach every subscriber, and an edit that changes nothing none", () => {
    const store = new DraftStore(saved);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getState();
    store.dispatch({
      type: "edit",
      edit: (plan) => setIn(plan, ["operations", 0, "action", "value"], 7),
    });
    expect(calls).toBe(1);
    expect(store.getState().draft.operations[0].action).toMatchObject({ value: 7 });
    // Values the edit did not touch keep their identity, so fields reading them do not render.
    expect(store.getState().draft.operations[1]).toBe(before.draft.operations[1]);
    store.dispatch({ type: "edit", edit: (plan) => plan });
    expect(calls).toBe(1);
    store.dispatch({ type: "discard" });
    expect(isDirty(store.getState())).toBe(false);
    unsubscribe();
    store.dispatch({ type: "replace", plan: addOperation(saved, seedProfile) });
    expect(calls).toBe(2);
  });
});
