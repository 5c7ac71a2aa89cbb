import { hasErrors } from "@/lib/plan/issues";
import { validatePlan } from "@/lib/plan/validate";
import type {
  Planner,
  PlannerOutcome,
  PlannerResult,
  PlanRequest,
  PlanStreamEvent,
} from "../types";
import { buildPlan } from "./build";
import {
  type ComputedReading,
  readComputedAction,
  type StandIn,
  standInFor,
  standInInstruction,
} from "./computed";
import { writesNumber } from "./draft";
import { readGrammarTypos } from "./grammar-typos";
import { type Interpretation, interpret } from "./interpret";
import { lex } from "./lex";
import { listAsSentences } from "./lists";
import { readRowChoice, withoutRowChoice, withRowChoice } from "./ranked";
import { type Token, tokenize } from "./tokenize";
import { markWrittenCodes } from "./value-phrases";
import { type Vocabulary, vocabularyFor } from "./vocabulary";

/**
 * The offline planner (docs/planner.md): deterministic, no network, a few
 * milliseconds. Tokenise → lex into items with the grammar → assemble clauses → build the plan
 * → validate it against the dataset. Any word it cannot place, or any plan that does not
 * validate, is a refusal: a wrong plan is worse than none.
 */

export interface RulesPlannerOptions {
  /** The clock for `created_at` when a request has no `now`. */
  clock?: () => Date;
  /** Monotonic milliseconds for `latencyMs`. */
  elapsed?: () => number;
}

export function createRulesPlanner(options: RulesPlannerOptions = {}): Planner {
  const clock = options.clock ?? (() => new Date());
  const elapsed = options.elapsed ?? (() => performance.now());

  const plan = async (request: PlanRequest): Promise<PlannerResult> =>
    planWithRules(request, clock, elapsed);

  return {
    kind: "rules",
    plan,
    async *stream(request: PlanRequest): AsyncGenerator<PlanStreamEvent> {
      const result = await plan(request);
      if (result.ok) yield { type: "partial", operations: result.plan.operations };
      yield { type: "final", result };
    },
  };
}

export function planWithRules(
  request: PlanRequest,
  clock: () => Date = () => new Date(),
  elapsed: () => number = () => performance.now(),
): PlannerResult {
  const started = elapsed();
  const result = planOrRefuse(request, request.now ?? clock());
  return {
    ...result,
    planner: "rules",
    latencyMs: Math.max(0, elapsed() - started),
  } as PlannerResult;
}

type Outcome = PlannerOutcome<"planner" | "latencyMs">;

function planOrRefuse(request: PlanRequest, createdAt: Date): Outcome {
  const vocabulary = vocabularyFor(request.profile, request.knownKeys, request.knownValues);
  // Rows chosen by rank or by their group are read apart and put into the plan afterwards
  // (ranked.ts); a formula or text action is read apart too, and the rest of the instruction,
  // with a stand-in for it, goes through the grammar like any other (computed.ts).
  const text = listAsSentences(request.instruction);
  const choice = readRowChoice(text, vocabulary);
  const read = (keepColumn: boolean) => {
    const instruction = choice ? withoutRowChoice(text, choice, keepColumn) : text;
    const computed = readComputedAction(instruction, vocabulary);
    const keyChanged = computed?.column === vocabulary.keyColumn;
    const interpretation = keyChanged
      ? undefined
      : interpretWithComputed(instruction, computed, vocabulary, createdAt);
    return { computed, interpretation };
  };
  let { computed, interpretation } = read(false);
  // "discount the top 10 prices by 5%": the column the rank named may be the one to change.
  if (interpretation && !interpretation.ok && choice?.kind === "top" && choice.said) {
    const again = read(true);
    if (again.interpretation?.ok) ({ computed, interpretation } = again);
  }
  if (!interpretation) {
    return incomplete(
      `${computed?.column} is the key that tells rows apart, so a plan cannot change it. To keep a changed copy, add a column for it to the table first.`,
    );
  }
  if (!interpretation.ok) {
    return {
      ok: false,
      code: interpretation.code,
      reason: interpretation.reason,
      unplaced: interpretation.unplaced,
      ...(interpretation.suggestion ? { suggestion: interpretation.suggestion } : {}),
    };
  }
  const plan = buildPlan(vocabulary, {
    instruction: request.instruction,
    operations: interpretation.operations,
    options: interpretation.options,
    guards: interpretation.guards,
    createdAt,
    existingExecutionIds: new Set(request.existingExecutionIds ?? []),
  });
  const chosen = choice ? withRowChoice(plan, choice) : plan;
  if (!chosen) {
    return incomplete(
      `"${choice?.words}" chooses rows for one change; say it in an instruction of its own.`,
    );
  }
  const validation = validatePlan(chosen, request.profile, { knownKeys: request.knownKeys });
  if (!validation.plan || hasErrors(validation.issues)) {
    const errors = validation.issues.filter((issue) => issue.severity === "error");
    return {
      ...incomplete(
        `The plan read from this instruction does not fit the dataset: ${errors.map((issue) => issue.message).join("; ")}`,
      ),
      issues: validation.issues,
    };
  }
  return {
    ok: true,
    plan: validation.plan,
    unplaced: [],
    notes: interpretation.notes,
    warnings: validation.issues,
  };
}

function incomplete(reason: string) {
  return { ok: false as const, code: "incomplete" as const, reason, unplaced: [] };
}

/** The grammar's reading of the instruction, with a computed action read apart put back in. */
function interpretWithComputed(
  instruction: string,
  computed: ComputedReading | undefined,
  vocabulary: Vocabulary,
  createdAt: Date,
): Interpretation {
  const target = computed ? vocabulary.columns.get(computed.column) : undefined;
  const standIn = target ? standInFor(target, vocabulary) : undefined;
  const scanned =
    computed && standIn ? standInInstruction(instruction, computed, standIn) : instruction;
  const today = createdAt.toISOString().slice(0, 10);
  const read = (tokens: Token[]) => {
    const scan = { instruction: scanned, tokens, vocabulary, today };
    return interpret(scan, lex(scan));
  };
  let interpretation = read(scannedTokens(scanned, vocabulary));
  // Refused for words it could not place: read again with mistyped grammar words as meant.
  if (!interpretation.ok && interpretation.code === "unplaced") {
    const tokens = scannedTokens(scanned, vocabulary);
    const typoNotes = readGrammarTypos(tokens, vocabulary);
    const again = typoNotes.length > 0 ? read(tokens) : interpretation;
    if (again.ok) {
      again.notes.unshift(...typoNotes);
      interpretation = again;
    }
  }
  if (interpretation.ok && computed && standIn) {
    return withComputedAction(interpretation, computed, standIn, vocabulary);
  }
  // Refused with the stand-in in place: the words as written get their own reading, and a
  // refusal that quotes them, not "set … to 987654321".
  if (computed && standIn)
    return interpretWithComputed(instruction, undefined, vocabulary, createdAt);
  return interpretation;
}

function scannedTokens(instruction: string, vocabulary: Vocabulary): Token[] {
  const tokens = tokenize(instruction);
  markWrittenCodes(tokens, vocabulary.valuePhrases);
  return tokens;
}

/** The stand-in's operation given the computed action it stands for. */
function withComputedAction(
  interpretation: Extract<Interpretation, { ok: true }>,
  computed: ComputedReading,
  standIn: StandIn,
  vocabulary: Vocabulary,
): Interpretation {
  const standing = interpretation.operations.find(
    ({ action }) =>
      action.kind === "set" && action.column === standIn.column && action.value === standIn.value,
  );
  if (!standing) {
    return {
      ok: false,
      code: "unplaced",
      reason: "Could not tell which rows the change applies to, so nothing was planned.",
      unplaced: [],
    };
  }
  standing.action = {
    kind: "computed",
    column: computed.column,
    action: computed.action,
    words: computed.words,
    slug: computed.slug,
    numeric: computed.numeric,
  };
  // The stand-in wrote a number, so the grammar let rounding words through; say so if now
  // nothing does.
  const options = Object.keys(interpretation.options).length > 0;
  if (
    options &&
    !interpretation.operations.some(({ action }) => writesNumber(vocabulary, action))
  ) {
    return {
      ok: false,
      code: "unplaced",
      reason: `Rounding, price endings and limits apply to numbers; ${computed.words.charAt(0).toLowerCase()}${computed.words.slice(1)} changes text.`,
      unplaced: [],
    };
  }
  return interpretation;
}
