"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { addOperation, duplicateOperation, forgetDependency, moveOperation } from "./draft-edits";
import { plansEqual } from "./draft-state";
import type { PlanFormActions } from "./editor-context";
import {
  FormErrorStore,
  formName,
  planResolver,
  planUpdates,
  snapshotPlan,
} from "./plan-form-state";

const VALIDATION_DELAY_MS = 120;

/**
 * The Form view's react-hook-form state, kept in step with the editor's one draft (which the
 * Graph and JSON views edit too):
 * - every form edit pushes a clean copy of the form values into the draft;
 * - a draft that changed anywhere else (JSON, discard, a loaded revision) resets the form; the
 *   form's own pushes are recognised and never reset it, so typing keeps its focus;
 * - the resolver validates the whole plan (its checks span fields) once typing pauses.
 */
export function usePlanForm({
  draft,
  edit: editDraft,
  profile,
  readOnly,
  stats,
}: {
  draft: ExecutionPlan;
  /** Changes the editor's draft. */
  edit: (edit: (plan: ExecutionPlan) => ExecutionPlan) => void;
  profile: DatasetProfile;
  readOnly: boolean;
  stats?: Record<string, OperationStats>;
}) {
  const resolver = useMemo(() => planResolver(profile), [profile]);
  const form = useForm<ExecutionPlan>({ defaultValues: draft, resolver });
  const { control, getValues, setValue, reset, trigger, watch, subscribe } = form;
  const operations = useFieldArray({ control, name: "operations" });
  const [errors] = useState(() => new FormErrorStore());
  const pushed = useRef(new WeakSet<ExecutionPlan>());
  const resetting = useRef(false);
  const [generation, setGeneration] = useState(0);

  // Typing validates once it pauses: the whole plan is checked, which on a long plan costs more
  // than a keystroke should.
  const validation = useRef<ReturnType<typeof setTimeout>>(undefined);
  const validateSoon = useCallback(() => {
    clearTimeout(validation.current);
    validation.current = setTimeout(() => void trigger(), VALIDATION_DELAY_MS);
  }, [trigger]);
  useEffect(() => () => clearTimeout(validation.current), []);

  const push = useCallback(() => {
    const next = snapshotPlan(getValues());
    pushed.current.add(next);
    editDraft(() => next);
    validateSoon();
  }, [getValues, editDraft, validateSoon]);

  useEffect(() => {
    const subscription = watch(() => {
      if (!resetting.current) push();
    });
    return () => subscription.unsubscribe();
  }, [watch, push]);

  useEffect(
    () =>
      subscribe({
        formState: { errors: true },
        callback: (state) => errors.update(state.errors),
      }),
    [subscribe, errors],
  );

  useEffect(() => {
    if (pushed.current.has(draft)) return;
    if (!plansEqual(draft, snapshotPlan(getValues()))) {
      resetting.current = true;
      reset(draft);
      resetting.current = false;
      // Fields mounted before the reset would show their first value for one the new plan lacks.
      setGeneration((generation) => generation + 1);
    }
    void trigger();
  }, [draft, getValues, reset, trigger]);

  const { append, insert, move, remove } = operations;
  const actions = useMemo<PlanFormActions>(() => {
    // Paths come from the plan at run time, so RHF's typed names cannot check them.
    const setAt = (path: PlanPath, value: unknown) =>
      setValue(formName(path) as "operations", value as ExecutionPlan["operations"], {
        shouldDirty: true,
      });
    const edit = (change: (plan: ExecutionPlan) => ExecutionPlan) => {
      const before = snapshotPlan(getValues());
      for (const [path, value] of planUpdates(before, change(before))) setAt(path, value);
    };
    // The field array's own methods keep every other card mounted (and focused) as it was.
    return {
      edit,
      setAt,
      addOperation: () => {
        const added = addOperation(snapshotPlan(getValues()), profile).operations.at(-1);
        if (added) append(added, { shouldFocus: false });
        push();
      },
      duplicateOperation: (index) => {
        const copy = duplicateOperation(snapshotPlan(getValues()), index).operations[index + 1];
        if (copy) insert(index + 1, copy, { shouldFocus: false });
        push();
      },
      moveOperation: (index, delta) => {
        const plan = snapshotPlan(getValues());
        if (moveOperation(plan, index, delta) === plan) return;
        move(index, index + delta);
        push();
      },
      removeOperation: (index) => {
        const removed = getValues(`operations.${index}`);
        if (!removed) return;
        remove(index);
        edit((plan) => forgetDependency(plan, removed.operation_id));
        push();
      },
      profile,
      readOnly,
      stats,
    };
  }, [getValues, setValue, append, insert, move, remove, push, profile, readOnly, stats]);

  return { form, fields: operations.fields, actions, errors, generation };
}
