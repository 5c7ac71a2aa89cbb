import "server-only";
import { randomUUID } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import type { DatasetProfile } from "@/lib/dataset/types";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { insertPlan, latestRevision, readPlanJson, usedExecutionIds } from "@/lib/db/plans";
import { loadCurrentVersion } from "@/lib/db/versions";
import { AppError } from "@/lib/errors";
import { executionIdBase, nextFreeExecutionId } from "@/lib/plan/execution-id";
import type { PlanIssue } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { validatePlan } from "@/lib/plan/validate";
import { createPlanner } from "@/lib/planner";
import type { PlannerConfig } from "@/lib/planner/config";
import { textColumnValues } from "@/lib/planner/rules/value-index";
import { secondReading } from "@/lib/planner/second-reading";
import type {
  PlannerFailure,
  PlannerKind,
  PlannerResult,
  PlanStreamEvent,
} from "@/lib/planner/types";
import { releaseWhenIdle } from "./idle-release";
import { plannerConfigFromEnv, planningDay } from "./planner-config";

export interface CreatePlanOptions {
  datasetId: string;
  instruction: string;
  /** Overrides SIGNOFF_PLANNER for this plan (e.g. the user picks the rules planner). */
  planner?: PlannerKind;
  actor: Actor;
  now?: Date;
}

export type PlanDraftEvent =
  | Exclude<PlanStreamEvent, { type: "final" }>
  | { type: "saved"; planId: string; notes: string[]; warnings: PlanIssue[] }
  | { type: "refused"; refusal: PlannerFailure };

/**
 * Drafts a plan from an instruction with the configured planner and stores it as revision 1,
 * reporting the planner's progress: partial operations as an LLM streams them, repair attempts,
 * then the stored plan, or the refusal with the words it could not place (nothing is stored).
 */
export async function* streamPlanDraft(options: CreatePlanOptions): AsyncGenerator<PlanDraftEvent> {
  const instruction = options.instruction.trim();
  if (!instruction) throw new AppError("invalid_input", "Write an instruction first.");
  const current = await loadCurrentVersion(options.datasetId);
  if (!current) throw new AppError("not_found", "That dataset does not exist.");

  const config: PlannerConfig = { ...plannerConfigFromEnv() };
  if (options.planner) config.planner = options.planner;
  const planner = createPlanner(config);
  const request = {
    instruction,
    now: options.now ?? planningDay(),
    existingExecutionIds: await usedExecutionIds("plan_"),
    ...datasetLookups(current.version.id, current.version.content, current.profile),
  };

  let result: PlannerResult | undefined;
  for await (const event of planner.stream(request)) {
    if (event.type === "final") result = event.result;
    else yield event;
  }
  if (!result) throw new AppError("planner_failed", "The planner stopped without an answer.");
  if (!result.ok) {
    yield { type: "refused", refusal: result };
    return;
  }

  // A model's plan is read a second time by the rules planner; disagreements become warnings.
  const success =
    result.planner === "rules"
      ? result
      : {
          ...result,
          warnings: [
            ...result.warnings,
            ...secondReading(result.plan, current.profile, {
              knownKeys: request.knownKeys,
              knownValues: request.knownValues,
            }),
          ],
        };
  const planId = await db().$transaction(async (tx) => {
    const ids = await insertPlan(tx, {
      datasetId: current.dataset.id,
      baseVersionId: current.version.id,
      instruction,
      planner: success.planner,
      model: success.model,
      inputTokens: success.usage?.inputTokens,
      outputTokens: success.usage?.outputTokens,
      latencyMs: Math.round(success.latencyMs),
      plan: success.plan,
      createdBy: options.actor.id,
      // What the planner read differently from what was typed ("read "incrase" as "increase"",
      // a new value) stays with the draft, where the plan page's revisions show it.
      note: [`Drafted by the ${success.planner} planner`, ...success.notes].map(sentence).join(" "),
    });
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "plan.drafted",
      subjectType: "plan",
      subjectId: ids.planId,
      datasetId: current.dataset.id,
      planId: ids.planId,
      detail: { planner: success.planner, model: success.model, latencyMs: success.latencyMs },
    });
    return ids.planId;
  });
  yield { type: "saved", planId, notes: success.notes, warnings: success.warnings };
}

export interface CreateManualPlanOptions {
  datasetId: string;
  /** An imported plan; a starter plan with one operation when absent. */
  plan?: unknown;
  instruction?: string;
  actor: Actor;
  now?: Date;
  /** The first revision's note, and where the plan came from, for the audit. */
  origin?: { note: string; copiedFrom: string };
}

/**
 * Stores a hand-written or imported plan as revision 1 so it goes through the same review. The
 * plan must match the schema; problems against the dataset are left for the editor to show.
 */
export async function createManualPlan(
  options: CreateManualPlanOptions,
): Promise<{ planId: string }> {
  const current = await loadCurrentVersion(options.datasetId);
  if (!current) throw new AppError("not_found", "That dataset does not exist.");
  const input = options.plan ?? starterPlan(options.instruction ?? "", options.now ?? new Date());
  const validation = validatePlan(input, current.profile);
  const plan = validation.parsed;
  if (!plan) {
    throw new AppError(
      "invalid_plan",
      validation.issues.map((issue) => issue.message).join("\n") || "The plan is not valid.",
    );
  }
  const planId = await db().$transaction(async (tx) => {
    const ids = await insertPlan(tx, {
      datasetId: current.dataset.id,
      baseVersionId: current.version.id,
      instruction: plan.source_instruction,
      planner: "manual",
      plan,
      createdBy: options.actor.id,
      note: options.origin?.note ?? (options.plan ? "Imported" : "Started by hand"),
    });
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "plan.drafted",
      subjectType: "plan",
      subjectId: ids.planId,
      datasetId: current.dataset.id,
      planId: ids.planId,
      detail: options.origin
        ? { planner: "manual", copiedFrom: options.origin.copiedFrom }
        : { planner: "manual" },
    });
    return ids.planId;
  });
  return { planId };
}

/**
 * A new draft with the content of another plan's latest revision and the next execution id of
 * its series: a rejected plan's way on when its author would rather start again than revise it.
 */
export async function copyPlan(options: {
  planId: string;
  actor: Actor;
  now?: Date;
}): Promise<{ planId: string }> {
  const source = await db().plan.findUnique({ where: { id: options.planId } });
  if (!source) throw new AppError("not_found", "That plan does not exist.");
  const revision = await latestRevision(db(), source.id);
  if (!revision) throw new AppError("not_found", "That plan has no content to copy.");
  const plan = readPlanJson(revision.planJson) as ExecutionPlan;
  const copy: ExecutionPlan = {
    ...plan,
    execution_id: nextFreeExecutionId(
      plan.execution_id,
      await usedExecutionIds(executionIdBase(plan.execution_id)),
    ),
    created_at: (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
  return createManualPlan({
    datasetId: source.datasetId,
    plan: copy,
    actor: options.actor,
    origin: { note: "Copied from an earlier plan", copiedFrom: source.id },
  });
}

/**
 * What the profile alone does not tell the planner: every key (so "A109", not in the dataset, is
 * refused instead of becoming a filter on nothing) and the values of every text column (so rows
 * can be named by a person's name or a street, not only by a category).
 */
function datasetLookups(
  versionId: string,
  content: Uint8Array,
  profile: DatasetProfile,
): VersionLookups {
  const cached = lookupsByVersion.get(versionId);
  if (cached) {
    usedLookups(versionId);
    return cached;
  }
  const table = parseCsvInParallel(content, {
    keyColumn: profile.keyColumn,
    delimiter: profile.delimiter,
  });
  const lookups = {
    profile,
    knownKeys: new Set(table.column(table.keyColumnIndex)),
    knownValues: textColumnValues(table, profile),
  };
  lookupsByVersion.set(versionId, lookups);
  usedLookups(versionId);
  // A version's content never changes, so its lookups stay right; only the newest few are kept.
  if (lookupsByVersion.size > 4) lookupsByVersion.delete(lookupsByVersion.keys().next().value!);
  return lookups;
}

/**
 * The lookups of recently planned versions, with the profile object they were made with: the
 * planner's vocabulary is cached by those objects, so a second instruction on the same version
 * plans in milliseconds instead of re-reading every text value.
 */
const lookupsByVersion = new Map<string, VersionLookups>();
const usedLookups = releaseWhenIdle("planner lookups", lookupsByVersion);

interface VersionLookups {
  profile: DatasetProfile;
  knownKeys: Set<string>;
  knownValues: ReadonlyMap<string, readonly string[]>;
}

/** A plan that changes nothing yet: one operation for the author to fill in. */
function starterPlan(instruction: string, now: Date): ExecutionPlan {
  return {
    format_version: 1,
    execution_id: `plan_manual_${randomUUID().slice(0, 8)}_v1`,
    created_at: now.toISOString(),
    source_instruction: instruction,
    operations: [
      {
        operation_id: "op_01",
        description: "Describe what this operation does",
        filter: {},
        action: { type: "percent_increase", value: 0 },
      },
    ],
  };
}

/** A note as a sentence: a capital first letter and a full stop. */
function sentence(note: string): string {
  const text = note.charAt(0).toUpperCase() + note.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
