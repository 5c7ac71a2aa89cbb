import type { FieldErrors, Resolver } from "react-hook-form";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { validatePlan } from "@/lib/plan/validate";
import { anchorPath, isFieldPath, pathKey } from "./field-paths";

/**
 * How the Form view's react-hook-form state and the editor's draft meet. Pure: the hook that
 * wires them (use-plan-form.ts) only calls these.
 *
 * The form holds the plan as RHF values; the draft (shared with the Graph and JSON views) gets a
 * clean copy after every form edit, and the form is reset only when the draft changes elsewhere.
 */

/** The RHF field name of a plan path: `operations.1.filter.categories`. */
export function formName(path: PlanPath): string {
  return path.join(".");
}

/**
 * A plain copy of the form values, as the draft should hold them. A cleared field holds null in
 * the form (an undefined value would make RHF show the field's default again); registering a
 * field whose value is absent (an empty guard, an option not set) creates its object with
 * undefined members. Such members are dropped (no plan field takes null), and so is an object
 * left with nothing else, the way clearing the last option removes `options`. A truly empty
 * object (`filter: {}`, "match every row") is kept.
 */
export function snapshotPlan(values: unknown): ExecutionPlan {
  return copyDefined(values) as ExecutionPlan;
}

function copyDefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => copyDefined(item) ?? null);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const kept = entries
    .map(([key, member]) => [key, copyDefined(member)] as const)
    .filter(([, member]) => member !== undefined && member !== null);
  if (entries.length > 0 && kept.length === 0) return undefined;
  return Object.fromEntries(kept);
}

/**
 * The smallest set of `[path, value]` writes that turn `before` into `after`, for an edit made
 * by a pure function of draft-edits.ts (which keeps untouched parts identical). Lists and objects
 * are descended into while their shape holds; a list whose length changes, or an object that
 * loses a member or has a key RHF cannot address, is written whole. The operations list keeps its length here: adding, removing
 * and duplicating go through the field array, so cards keep their identity.
 */
export function planUpdates(
  before: unknown,
  after: unknown,
  path: PlanPath = [],
): [PlanPath, unknown][] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, index) => planUpdates(before[index], item, [...path, index]));
  }
  if (isRecord(before) && isRecord(after)) {
    const lost = Object.keys(before).filter((key) => after[key] === undefined);
    const unaddressable = [...Object.keys(before), ...Object.keys(after)].some((key) =>
      UNADDRESSABLE_KEY.test(key),
    );
    if (unaddressable && path.length > 0) return [[path, after]];
    // The plan itself is never written whole: its removed members are written as undefined.
    if (lost.length === 0 || path.length === 0) {
      return [
        ...lost.map((key): [PlanPath, unknown] => [[...path, key], undefined]),
        ...Object.keys(after)
          .filter((key) => after[key] !== undefined)
          .flatMap((key) => planUpdates(before[key], after[key], [...path, key])),
      ];
    }
  }
  return [[path, after]];
}

/** RHF splits names at dots and brackets: such a key (a variable named in JSON) is no name. */
const UNADDRESSABLE_KEY = /[.[\]]/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Validation errors as RHF errors, each at the field that shows it (field-paths.ts). A section
 * (an operation, a filter, the operations list) keeps its own errors under `root`, the name RHF
 * gives a field array's own error, so they never collide with its fields' errors; the plan's are
 * at the top `root`. Every message is kept: `types` maps each issue code to its messages.
 * Warnings are not errors and stay out.
 */
export function planFieldErrors(issues: readonly PlanIssue[]): FieldErrors<ExecutionPlan> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    if (issue.severity !== "error") continue;
    const target = errorNode(errors, errorPath(anchorPath(issue.path)));
    const types = (target.types ?? {}) as Record<string, string[]>;
    types[issue.code] = [...(types[issue.code] ?? []), issue.detail];
    target.types = types;
    target.type ??= issue.code;
    target.message ??= issue.detail;
  }
  return errors as FieldErrors<ExecutionPlan>;
}

/** Where the errors of the field or section at `anchor` live in RHF's errors object. */
export function errorPath(anchor: PlanPath): PlanPath {
  return isFieldPath(anchor) ? anchor : [...anchor, "root"];
}

function errorNode(errors: Record<string, unknown>, path: PlanPath): Record<string, unknown> {
  let node = errors;
  for (const segment of path) {
    const key = String(segment);
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  return node;
}

/** The error messages RHF holds for the field or section at `anchor`, in the order found. */
export function errorMessagesAt(errors: unknown, anchor: PlanPath): string[] {
  let node: unknown = errors;
  for (const segment of errorPath(anchor)) {
    if (!isRecord(node)) return [];
    node = node[String(segment)];
  }
  if (!isRecord(node)) return [];
  const types = node.types;
  if (isRecord(types)) {
    return Object.values(types).flatMap((messages) =>
      Array.isArray(messages)
        ? messages.map(String)
        : typeof messages === "string"
          ? [messages]
          : [],
    );
  }
  return typeof node.message === "string" ? [node.message] : [];
}

/**
 * The form's resolver: the plan validated against the dataset profile with `validatePlan` (the
 * shared zod schema first, then the checks against the data), errors at the paths the form uses.
 */
export function planResolver(profile: DatasetProfile): Resolver<ExecutionPlan> {
  return (values) => {
    const { parsed, issues } = validatePlan(snapshotPlan(values), profile);
    const errors = planFieldErrors(issues);
    return parsed && Object.keys(errors).length === 0
      ? { values: parsed, errors: {} }
      : { values: {}, errors };
  };
}

/**
 * RHF's errors by field, for fields to subscribe to one at a time: a field's snapshot is its
 * messages joined into one string, so a new validation re-renders only the fields whose
 * messages changed, not every field of a 100-operation plan.
 */
export class FormErrorStore {
  private errors: unknown = {};
  private readonly byKey = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  update(errors: unknown): void {
    if (errors === this.errors) return;
    this.errors = errors;
    this.byKey.clear();
    for (const listener of this.listeners) listener();
  }

  /** The messages at the field or section `anchor`, one per line; "" when it has none. */
  messagesAt(anchor: PlanPath): string {
    const key = pathKey(anchor);
    let messages = this.byKey.get(key);
    if (messages === undefined) {
      messages = errorMessagesAt(this.errors, anchor).join("\n");
      this.byKey.set(key, messages);
    }
    return messages;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
