"use client";

import { useDeferredValue, useMemo } from "react";
import type { DatasetProfile } from "@/lib/dataset/types";
import { hasErrors, type PlanIssue, type PlanIssueCode } from "@/lib/plan/issues";
import { validatePlan } from "@/lib/plan/validate";
import { secondReading } from "@/lib/planner/second-reading";
import { issuesByAnchor } from "./field-paths";

/** Codes that mean the plan does not match the schema (as opposed to not fitting the data). */
const SCHEMA_CODES: ReadonlySet<PlanIssueCode> = new Set<PlanIssueCode>([
  "required",
  "wrong_type",
  "unknown_field",
  "unknown_action_type",
  "invalid_option",
  "invalid_format",
  "out_of_range",
  "wrong_length",
  "invalid_variable_name",
  "schema",
]);

export interface DraftValidation {
  issues: PlanIssue[];
  /** Issues by the form field that shows them. */
  byAnchor: ReadonlyMap<string, PlanIssue[]>;
  /** Errors that keep the draft from being a plan at all; such a draft cannot be saved. */
  schemaErrors: number;
}

/**
 * `validatePlan` on the draft, live, with the planner's second reading of its instruction (a
 * plan that lowers what the instruction raises is flagged as it is typed). Typing stays
 * responsive on large plans: validation runs on a deferred copy and catches up as soon as React
 * has time.
 */
export function usePlanValidation(input: unknown, profile: DatasetProfile): DraftValidation {
  const deferred = useDeferredValue(input);
  return useMemo(() => {
    const validation = validatePlan(deferred, profile);
    const { parsed } = validation;
    const issues =
      parsed && !hasErrors(validation.issues)
        ? [...validation.issues, ...secondReading(parsed, profile)]
        : validation.issues;
    const schemaErrors = parsed
      ? 0
      : Math.max(1, issues.filter((issue) => SCHEMA_CODES.has(issue.code)).length);
    return { issues, byAnchor: issuesByAnchor(issues), schemaErrors };
  }, [deferred, profile]);
}
