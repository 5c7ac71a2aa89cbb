import type { ColumnProfile } from "@/lib/dataset/types";
import type { CheckContext } from "./check-context";
import { q } from "./check-context";
import { checkNumericTarget } from "./check-numeric";
import { checkVariableUse, type VariableScope } from "./check-variables";
import { isNumericColumn } from "./column-values";
import {
  copiedColumn,
  type ExpressionNode,
  ExpressionSyntaxError,
  expressionColumns,
  expressionVariables,
  parseExpression,
} from "./expression";
import type { PlanPath } from "./issues";
import type { Action } from "./schema";
import { parseTemplate, type TemplatePart, TemplateSyntaxError, templateColumns } from "./template";

/**
 * Checks of the actions computed from the row (set_expression, set_template) and of text
 * actions: syntax with its position, the columns they read, what the target column takes.
 */

/** What the action writes, for the options checks (see check-operation.ts). */
type ActionTarget = ColumnProfile | "not_numeric" | undefined;

/**
 * set_expression: the text parses; every column it reads exists and, in arithmetic, holds
 * numbers; its variables are numbers; the target takes what it writes. A lone column is a copy,
 * which any column can receive from a column of its own type (and a text column from any).
 */
export function checkExpressionAction(
  context: CheckContext,
  action: Extract<Action, { type: "set_expression" }>,
  path: PlanPath,
  index: number,
  scope: VariableScope | undefined,
): ActionTarget {
  const target = context.column(action.column, [...path, "column"]);
  const expressionPath = [...path, "expression"];
  let tree: ExpressionNode;
  try {
    tree = parseExpression(action.expression);
  } catch (error) {
    if (!(error instanceof ExpressionSyntaxError)) throw error;
    context.report("expression_syntax", expressionPath, syntaxDetail(error));
    return undefined;
  }
  const copied = copiedColumn(tree);
  if (copied !== undefined) {
    const source = context.column(copied, expressionPath);
    if (!source || !target) return undefined;
    if (isNumericColumn(target)) {
      if (!checkNumericTarget(context, source, expressionPath, `copying into ${q(target.name)}`)) {
        return undefined;
      }
      return target;
    }
    if (target.type !== "text" && source.type !== target.type) {
      context.report(
        "column_type",
        expressionPath,
        `cannot copy ${q(source.name)} into ${q(target.name)}: ${context.holds(source)} and ${context.holds(target)}`,
      );
    }
    return "not_numeric";
  }
  for (const { name } of expressionColumns(tree)) {
    const column = context.column(name, expressionPath);
    if (column) checkNumericTarget(context, column, expressionPath, "the expression");
  }
  for (const name of expressionVariables(tree)) {
    checkVariableUse(
      context,
      scope,
      `\${${name}}`,
      expressionPath,
      index,
      "number",
      "the expression",
      true,
    );
  }
  if (!target) return undefined;
  return checkNumericTarget(context, target, [...path, "column"], "set_expression")
    ? target
    : undefined;
}

function syntaxDetail(error: { message: string; position: number }): string {
  return /character \d/.test(error.message)
    ? error.message
    : `${error.message} (at character ${error.position + 1})`;
}

/** Text actions rewrite text; a number, yes/no or date column is refused. */
export function checkTextTarget(
  context: CheckContext,
  action: Extract<Action, { column: string }>,
  path: PlanPath,
): void {
  const column = context.column(action.column, [...path, "column"]);
  if (column && column.type !== "text") {
    context.report(
      "column_type",
      [...path, "column"],
      `${action.type} changes text, but ${context.holds(column)}`,
    );
  }
}

export function checkTemplate(context: CheckContext, template: string, path: PlanPath): void {
  let parts: TemplatePart[];
  try {
    parts = parseTemplate(template);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    context.report("expression_syntax", path, error.message);
    return;
  }
  for (const name of templateColumns(parts)) context.column(name, path);
}
