import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue } from "@/lib/plan/issues";
import type { ExecutionPlan, Operation } from "@/lib/plan/schema";

/**
 * The one interface both planners implement (docs/planner.md): an instruction plus a
 * dataset profile in, a validated plan — or a refusal that says which words it could not
 * place — out. Callers pick a planner through `createPlanner` (index.ts) and never care which.
 */

export type PlannerKind = "rules" | "google" | "openai-compatible";

export interface PlanRequest {
  instruction: string;
  profile: DatasetProfile;
  /** The plan's `created_at`; the planner's clock when absent. */
  now?: Date;
  /** Execution ids already taken, so the new plan's `execution_id` is unique. */
  existingExecutionIds?: Iterable<string>;
  /**
   * Every key of the dataset, when the caller has the table. The profile lists distinct values
   * only for low-cardinality columns, so without this a key is recognised by its shape alone.
   */
  knownKeys?: ReadonlySet<string>;
  /**
   * Distinct values of the text columns (`textColumnValues`), when the caller has the table, so
   * the rules planner finds the rows an instruction names by any value ("Dana Kim's salary"),
   * not only the few a profile lists. Pass the same object for the same dataset version: the
   * planner keeps what it derives from it.
   */
  knownValues?: ReadonlyMap<string, readonly string[]>;
  abortSignal?: AbortSignal;
}

/** Token counts summed over every model call the plan took (repairs included). */
export interface PlannerUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Model calls made: 1 for a valid first answer, more after repairs. */
  attempts: number;
}

export interface PlannerSuccess {
  ok: true;
  plan: ExecutionPlan;
  /** Always empty on success: a planner that cannot place a word refuses. */
  unplaced: [];
  /** Readings the user may want to check, e.g. `read "fittness" as category "fitness"`. */
  notes: string[];
  /** Warnings from validating the plan against the dataset (errors never reach a success). */
  warnings: PlanIssue[];
  planner: PlannerKind;
  model?: string;
  usage?: PlannerUsage;
  latencyMs: number;
}

/** Why a planner returned no plan. */
export type PlannerFailureCode =
  /** Words the rules planner (or the model) could not map onto the dataset. */
  | "unplaced"
  /** Every word was understood but they do not make a complete, unambiguous plan. */
  | "incomplete"
  /** The model kept answering with plans that fail validation. */
  | "invalid_plan"
  /** Provider trouble: missing key, timeout, rate limit, network, refused request. */
  | "provider"
  /** The planner is configured wrongly (e.g. openai-compatible without a base URL). */
  | "config";

export interface PlannerFailure {
  ok: false;
  code: PlannerFailureCode;
  /** One or two sentences for a person. */
  reason: string;
  /** The exact words of the instruction that could not be placed (may be empty). */
  unplaced: string[];
  /** What to try instead, e.g. the rules planner when a provider fails. */
  suggestion?: string;
  /** The last validation issues, for `invalid_plan`. */
  issues?: PlanIssue[];
  planner: PlannerKind;
  model?: string;
  usage?: PlannerUsage;
  latencyMs: number;
}

export type PlannerResult = PlannerSuccess | PlannerFailure;

/** A planner's result before it is stamped with `K` (the planner, its model, usage, latency). */
export type PlannerOutcome<K extends keyof PlannerResult> = EachWithout<PlannerResult, K>;

/** `Omit` applied to each member of a union, so success and failure keep their own fields. */
type EachWithout<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a planner streams while it works; the last event is always `final`. */
export type PlanStreamEvent =
  | {
      type: "partial";
      /** The operations seen so far, in order; the last one may still be incomplete. */
      operations: PartialOperation[];
    }
  | { type: "repair"; attempt: number; issues: string[] }
  | { type: "final"; result: PlannerResult };

/** An operation as far as it has arrived: the id is always there, the rest may be missing. */
export type PartialOperation = Pick<Operation, "operation_id"> &
  Partial<Omit<Operation, "operation_id">>;

export interface Planner {
  kind: PlannerKind;
  /** The model id for LLM planners. */
  model?: string;
  plan(request: PlanRequest): Promise<PlannerResult>;
  /** The same work as `plan`, reporting operations as they arrive. */
  stream(request: PlanRequest): AsyncIterable<PlanStreamEvent>;
}
