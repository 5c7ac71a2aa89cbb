import path from "node:path";
import { impactWarnings } from "@/lib/diff/impact";
import type { DryRunResult } from "@/lib/executor";
import type { PlanIssue } from "@/lib/plan/issues";
import type { Operation } from "@/lib/plan/schema";
import { delimiterOption, parseCommandArgs, required, userPath } from "../args";
import { CliError, EXIT, type ExitCode, usageError } from "../errors";
import { checkOrderConflicts, execute, warningLines } from "../execute";
import {
  checkPlanAgainstCsv,
  type LoadedCsv,
  type LoadedPlan,
  readCsvFile,
  readPlanFile,
} from "../inputs";
import type { CliIo } from "../io";
import type { Command } from "../main";
import { cellText, formatTable } from "../table";

const HELP = `Usage: signoff preview --plan plan.json --csv FILE [--json] [--limit N]

Dry-run a plan on a CSV: what each operation matches and changes, the guards, and every changed
cell. Nothing is written.

Options:
  --plan FILE       the plan (JSON)
  --csv FILE        the table to run it on
  --json            print one JSON object instead of tables
  --limit N         show at most N changed cells in the table (default 200; 0 shows all)
  --key COLUMN      the key column, when it is not the one Signoff picks
  --delimiter NAME  comma, semicolon, tab or pipe, when detecting it from the file is wrong
  -h, --help        show this help

Exit codes: 0 previewed; 1 a file cannot be read; 2 the plan is not valid; 3 running it fails
or a guard fails (apply would refuse it).`;

export const previewCommand: Command = {
  name: "preview",
  help: HELP,
  run,
};

async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const args = parseCommandArgs("preview", argv, {
    plan: { type: "string" },
    csv: { type: "string" },
    json: { type: "boolean" },
    limit: { type: "string" },
    key: { type: "string" },
    delimiter: { type: "string" },
  });
  const planFile = userPath(required("preview", args.plan, "plan"));
  const csvFile = userPath(required("preview", args.csv, "csv"));
  const limit = args.limit === undefined ? 200 : Number(args.limit);
  if (!Number.isInteger(limit) || limit < 0) {
    throw usageError("preview", "--limit must be a whole number, 0 or more");
  }

  const loaded = await readPlanFile(planFile);
  const csv = await readCsvFile(csvFile, {
    keyColumn: args.key,
    delimiter: delimiterOption("preview", args.delimiter),
    plan: loaded.plan,
  });
  const issues = checkPlanAgainstCsv(loaded, csv);
  checkOrderConflicts(loaded, csv);
  const execution = execute(loaded, csv);
  if (!execution.ok) {
    for (const line of warningLines(issues, loaded)) io.err(line);
    throw new CliError(execution.exitCode, execution.message);
  }
  const { result } = execution;

  if (args.json) io.out(JSON.stringify(previewJson(loaded, csv, issues, result), null, 2));
  else io.out(previewText(loaded, csv, issues, result, limit));
  return result.guardsPassed ? EXIT.ok : EXIT.executionFailed;
}

function previewJson(
  loaded: LoadedPlan,
  csv: LoadedCsv,
  issues: PlanIssue[],
  result: DryRunResult,
) {
  return {
    execution_id: loaded.plan.execution_id,
    csv: csv.file,
    rows: csv.profile.rowCount,
    key_column: csv.profile.keyColumn,
    order: result.order,
    operations: result.operations.map((stats) => ({
      operation_id: stats.operationId,
      matched: stats.matched,
      changed: stats.changed,
      skipped: stats.skipped,
    })),
    guards: result.guards,
    guards_passed: result.guardsPassed,
    warnings: [
      ...(csv.keyWarning ? [csv.keyWarning] : []),
      ...issues.map((issue) => issue.message),
      ...reviewWarnings(loaded, result),
    ],
    rows_changed: result.rowsChanged,
    cells_changed: result.cellsChanged,
    change_set_hash: result.changeSetHash,
    output_sha256: result.outputSha256,
    variables: result.variables,
    changes: result.changes.map((change) => ({
      operation_id: change.operationId,
      key: change.rowKey,
      column: change.column,
      before: change.before,
      after: change.after,
    })),
  };
}

function previewText(
  loaded: LoadedPlan,
  csv: LoadedCsv,
  issues: PlanIssue[],
  result: DryRunResult,
  limit: number,
): string {
  const { plan } = loaded;
  const byId = new Map(plan.operations.map((operation) => [operation.operation_id, operation]));
  const sections: string[] = [];
  sections.push(
    `Plan ${plan.execution_id} on ${path.basename(csv.file)} (${plural(csv.profile.rowCount, "row")}, key ${csv.profile.keyColumn})`,
  );

  sections.push(
    `Operations (in execution order)\n${formatTable(
      ["#", "operation", "matched", "changed", "skipped", "action"],
      result.operations.map((stats, index) => [
        String(index + 1),
        stats.operationId,
        String(stats.matched),
        String(stats.changed),
        String(stats.skipped),
        describeAction(byId.get(stats.operationId)),
      ]),
      ["right", "left", "right", "right", "right", "left"],
    )}`,
  );

  if (result.guards.length > 0) {
    sections.push(
      `Guards\n${formatTable(
        ["guard", "limit", "result", ""],
        result.guards.map((guard) => [
          guard.guard,
          String(guard.limit),
          guard.passed ? "passed" : "FAILED",
          guard.message,
        ]),
      )}`,
    );
  }

  const warnings = [
    ...(csv.keyWarning ? [csv.keyWarning] : []),
    ...warningLines(issues, loaded),
    ...reviewWarnings(loaded, result),
  ];
  if (warnings.length > 0) sections.push(`Warnings\n${warnings.map((w) => `  ${w}`).join("\n")}`);

  const changes = result.changes;
  const shown = limit === 0 ? changes : changes.slice(0, limit);
  const title = `Changes: ${plural(result.cellsChanged, "cell")} in ${plural(result.rowsChanged, "row")}`;
  if (changes.length === 0) {
    sections.push(`${title} (nothing to change)`);
  } else {
    const table = formatTable(
      [csv.profile.keyColumn, "column", "before", "after", "operation"],
      shown.map((change) => [
        cellText(change.rowKey),
        change.column,
        cellText(change.before),
        cellText(change.after),
        change.operationId,
      ]),
    );
    const rest = changes.length - shown.length;
    const more =
      rest > 0 ? `\n… and ${rest} more (--limit 0 shows all, --json gives every change)` : "";
    sections.push(`${title}\n${table}${more}`);
  }
  sections.push(
    result.guardsPassed
      ? `Change set ${result.changeSetHash.slice(0, 12)}; apply with: signoff apply --plan ${loaded.file} --csv ${csv.file} --out FILE --audit FILE`
      : "A guard failed: apply will refuse this plan unless --override-guards gives a reason.",
  );
  return sections.join("\n\n");
}

function describeAction(operation: Operation | undefined): string {
  if (!operation) return "";
  const action = operation.action;
  switch (action.type) {
    case "aggregate":
      return `${action.fn}(${action.column})${action.group_by ? ` per ${action.group_by}` : ""} → \${${action.result_variable}}`;
    case "set_stock":
    case "set_price":
      return `${action.type} ${JSON.stringify(action.value)}`;
    case "restore_values": {
      const n = Object.keys(action.values).length;
      return `restore_values ${n} cell${n === 1 ? "" : "s"} on ${action.column}`;
    }
    case "toggle":
    case "trim_spaces":
      return `${action.type} ${action.column}`;
    case "set_expression":
      return `${action.column} = ${action.expression}`;
    case "replace_text":
      return `replace ${JSON.stringify(action.find)} with ${JSON.stringify(action.replace)} in ${action.column}`;
    case "change_case":
      return `${action.case}case ${action.column}`;
    case "add_prefix":
    case "add_suffix":
      return `${action.type} ${JSON.stringify(action.text)} on ${action.column}`;
    case "set_template":
      return `${action.column} = ${JSON.stringify(action.template)}`;
    case "fill_empty":
      return `fill empty ${action.column} with ${JSON.stringify(action.value)}`;
    default:
      return `${action.type} ${JSON.stringify(action.value)}${action.column ? ` on ${action.column}` : ""}`;
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * The executor's warnings and what the app's preview also flags from the changes themselves
 * (moves against the plan's direction, large moves, rounding that moved a result). Apply leaves the
 * second kind out: it would read every change again, and the preview is where a person decides.
 */
function reviewWarnings(loaded: LoadedPlan, result: DryRunResult): string[] {
  return [...result.warnings, ...impactWarnings(result.changes, loaded.plan.operations)];
}
