import type { PlanIssue } from "@/lib/plan/issues";

/**
 * The validation issues by form field, as a store each field subscribes to for its own key.
 * A new validation keeps the previous list object for every field whose issues did not change,
 * so after a keystroke only the fields whose messages changed render again, not every field of
 * a 100-operation plan.
 */
export class IssueStore {
  private byKey: ReadonlyMap<string, PlanIssue[]>;
  private readonly listeners = new Set<() => void>();

  constructor(initial: ReadonlyMap<string, PlanIssue[]> = new Map()) {
    this.byKey = initial;
  }

  get(key: string): PlanIssue[] {
    return this.byKey.get(key) ?? NO_ISSUES;
  }

  update(next: ReadonlyMap<string, PlanIssue[]>): void {
    const merged = new Map<string, PlanIssue[]>();
    for (const [key, issues] of next) {
      const previous = this.byKey.get(key);
      merged.set(key, previous && sameIssues(previous, issues) ? previous : issues);
    }
    this.byKey = merged;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const NO_ISSUES: PlanIssue[] = [];

function sameIssues(a: readonly PlanIssue[], b: readonly PlanIssue[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (issue, i) =>
        issue.code === b[i].code &&
        issue.message === b[i].message &&
        issue.suggestion === b[i].suggestion,
    )
  );
}
