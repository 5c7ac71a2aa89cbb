/**
 * Column expressions (docs/plan-format.md "Expressions"): the text of a set_expression action,
 * such as `cost * 1.4` or `round(max(price, [list price] * 0.8), 2)`, parsed into a typed tree by
 * a small recursive-descent grammar. Nothing is ever evaluated as JavaScript.
 *
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "×" | "/" | "÷") unary)*
 *   unary      := "-" unary | primary
 *   primary    := number | column | "${" variable "}" | function "(" arguments ")" | "(" expression ")"
 *   column     := name | "[" any text but "]" "]" | "`" any text but "`" "`"
 *
 * A bare name is a column unless it is followed by "(" (then it is a function). Names with
 * spaces or punctuation are written in brackets or backticks.
 */

export const EXPRESSION_MAX_LENGTH = 2000;
export const EXPRESSION_MAX_DEPTH = 64;

const EXPRESSION_FUNCTIONS = ["round", "floor", "ceil", "min", "max", "abs", "coalesce"] as const;
export type ExpressionFunction = (typeof EXPRESSION_FUNCTIONS)[number];

export type BinaryOperator = "+" | "-" | "*" | "/";

export type ExpressionNode =
  | { kind: "number"; text: string; at: number }
  | { kind: "column"; name: string; at: number }
  | { kind: "variable"; name: string; at: number }
  | { kind: "negate"; operand: ExpressionNode; at: number }
  | { kind: "binary"; op: BinaryOperator; left: ExpressionNode; right: ExpressionNode; at: number }
  | { kind: "call"; fn: ExpressionFunction; args: ExpressionNode[]; at: number };

/** A syntax problem, with the 0-based character position it was found at. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = "ExpressionSyntaxError";
  }
}

/** How many arguments each function takes: [fewest, most]. */
const ARITY: Record<ExpressionFunction, [number, number]> = {
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  abs: [1, 1],
  min: [2, 32],
  max: [2, 32],
  coalesce: [2, 32],
};

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;

export function parseExpression(source: string): ExpressionNode {
  if (source.length > EXPRESSION_MAX_LENGTH) {
    throw new ExpressionSyntaxError(
      `the expression is ${source.length.toLocaleString("en-US")} characters long; at most ${EXPRESSION_MAX_LENGTH.toLocaleString("en-US")} are allowed`,
      EXPRESSION_MAX_LENGTH,
    );
  }
  const parser = new Parser(source);
  const tree = parser.expression(0);
  parser.skipSpaces();
  if (!parser.atEnd()) parser.fail(`unexpected ${parser.describeNext()}`);
  return tree;
}

/** The expression's tree, or undefined when it does not parse. */
export function tryParseExpression(source: string): ExpressionNode | undefined {
  try {
    return parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return undefined;
    throw error;
  }
}

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  fail(message: string, at = this.pos): never {
    throw new ExpressionSyntaxError(message, at);
  }

  describeNext(): string {
    if (this.atEnd()) return "end of the expression";
    return `'${this.text[this.pos]}' at character ${this.pos + 1}`;
  }

  skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private peek(): string {
    this.skipSpaces();
    return this.text[this.pos] ?? "";
  }

  private enter(depth: number): number {
    if (depth >= EXPRESSION_MAX_DEPTH) {
      this.fail(`the expression is nested more than ${EXPRESSION_MAX_DEPTH} levels deep`);
    }
    return depth + 1;
  }

  expression(depth: number): ExpressionNode {
    const inner = this.enter(depth);
    let left = this.term(inner);
    for (;;) {
      const c = this.peek();
      if (c !== "+" && c !== "-" && c !== "−") return left;
      const at = this.pos++;
      const right = this.term(inner);
      left = { kind: "binary", op: c === "+" ? "+" : "-", left, right, at };
    }
  }

  private term(depth: number): ExpressionNode {
    let left = this.unary(depth);
    for (;;) {
      const c = this.peek();
      const op = c === "*" || c === "×" ? "*" : c === "/" || c === "÷" ? "/" : undefined;
      if (!op) return left;
      const at = this.pos++;
      const right = this.unary(depth);
      left = { kind: "binary", op, left, right, at };
    }
  }

  private unary(depth: number): ExpressionNode {
    const c = this.peek();
    if (c === "-" || c === "−") {
      const at = this.pos++;
      return { kind: "negate", operand: this.unary(this.enter(depth)), at };
    }
    if (c === "+") {
      this.pos++;
      return this.unary(this.enter(depth));
    }
    return this.primary(depth);
  }

  private primary(depth: number): ExpressionNode {
    const c = this.peek();
    const at = this.pos;
    if (c === "") this.fail("the expression ends where a value was expected");
    if (c === "(") {
      this.pos++;
      const inner = this.expression(depth);
      if (this.peek() !== ")") this.fail(`expected ')' to close the '(' at character ${at + 1}`);
      this.pos++;
      return inner;
    }
    if (DIGIT.test(c) || (c === "." && DIGIT.test(this.text[this.pos + 1] ?? ""))) {
      return this.number();
    }
    if (c === "$") return this.variable();
    if (c === "[") return this.quotedColumn("]");
    if (c === "`") return this.quotedColumn("`");
    if (c === '"' || c === "'") {
      this.fail(
        `text in quotes cannot be used in arithmetic (character ${at + 1}); to name a column with spaces, write it in [brackets]`,
      );
    }
    if (NAME_START.test(c)) {
      const name = this.name();
      if (this.peek() === "(") return this.call(name, at, depth);
      return { kind: "column", name, at };
    }
    this.fail(`unexpected ${this.describeNext()}`);
  }

  private number(): ExpressionNode {
    const at = this.pos;
    while (DIGIT.test(this.text[this.pos] ?? "")) this.pos++;
    if (this.text[this.pos] === ".") {
      this.pos++;
      while (DIGIT.test(this.text[this.pos] ?? "")) this.pos++;
    }
    if (NAME_START.test(this.text[this.pos] ?? "")) {
      this.fail(
        `a number runs into a name at character ${this.pos + 1}; put an operator between them`,
      );
    }
    return { kind: "number", text: this.text.slice(at, this.pos), at };
  }

  private variable(): ExpressionNode {
    const at = this.pos;
    if (this.text[this.pos + 1] !== "{") this.fail("a variable is written ${name}", at);
    this.pos += 2;
    const start = this.pos;
    if (!NAME_START.test(this.text[this.pos] ?? "")) this.fail("a variable is written ${name}", at);
    while (NAME_PART.test(this.text[this.pos] ?? "")) this.pos++;
    const name = this.text.slice(start, this.pos);
    if (this.text[this.pos] !== "}") this.fail(`expected '}' to close \${${name}`, this.pos);
    this.pos++;
    return { kind: "variable", name, at };
  }

  private quotedColumn(close: "]" | "`"): ExpressionNode {
    const at = this.pos;
    const end = this.text.indexOf(close, at + 1);
    if (end === -1)
      this.fail(`the column name opened at character ${at + 1} is not closed with ${close}`, at);
    const name = this.text.slice(at + 1, end);
    if (name.trim() === "") this.fail(`an empty column name at character ${at + 1}`, at);
    this.pos = end + 1;
    return { kind: "column", name, at };
  }

  private name(): string {
    const start = this.pos;
    while (NAME_PART.test(this.text[this.pos] ?? "")) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private call(name: string, at: number, depth: number): ExpressionNode {
    const fn = name.toLowerCase() as ExpressionFunction;
    if (!(EXPRESSION_FUNCTIONS as readonly string[]).includes(fn)) {
      this.fail(
        `there is no function '${name}'; the functions are ${EXPRESSION_FUNCTIONS.join(", ")}`,
        at,
      );
    }
    this.pos++; // "("
    const inner = this.enter(depth);
    const args: ExpressionNode[] = [];
    if (this.peek() !== ")") {
      for (;;) {
        args.push(this.expression(inner));
        const c = this.peek();
        if (c === ",") {
          this.pos++;
          continue;
        }
        if (c === ")") break;
        this.fail(`expected ',' or ')' in ${fn}(…), found ${this.describeNext()}`);
      }
    }
    this.pos++; // ")"
    const [fewest, most] = ARITY[fn];
    if (args.length < fewest || args.length > most) {
      const wanted =
        fewest === most
          ? `${fewest} value${fewest === 1 ? "" : "s"}`
          : most >= 32
            ? `at least ${fewest} values`
            : `${fewest} or ${most} values`;
      this.fail(`${fn}() takes ${wanted}, not ${args.length}`, at);
    }
    if (fn === "round" && args.length === 2 && !isWholeNumber(args[1])) {
      this.fail(
        "round()'s second value is the number of decimals, a whole number like 2",
        args[1].at,
      );
    }
    return { kind: "call", fn, args, at };
  }
}

function isWholeNumber(node: ExpressionNode): boolean {
  return node.kind === "number" && /^[0-9]+$/.test(node.text) && Number(node.text) <= 12;
}

/** Every column the expression reads, in order of first appearance. */
export function expressionColumns(node: ExpressionNode): Array<{ name: string; at: number }> {
  const seen = new Map<string, number>();
  visit(node, (n) => {
    if (n.kind === "column" && !seen.has(n.name)) seen.set(n.name, n.at);
  });
  return [...seen].map(([name, at]) => ({ name, at }));
}

/** Every variable the expression reads. */
export function expressionVariables(node: ExpressionNode): string[] {
  const names = new Set<string>();
  visit(node, (n) => {
    if (n.kind === "variable") names.add(n.name);
  });
  return [...names];
}

function visit(node: ExpressionNode, see: (node: ExpressionNode) => void): void {
  see(node);
  if (node.kind === "negate") visit(node.operand, see);
  else if (node.kind === "binary") {
    visit(node.left, see);
    visit(node.right, see);
  } else if (node.kind === "call") for (const arg of node.args) visit(arg, see);
}

/** The column a copy reads, when the whole expression is one column ("price"). */
export function copiedColumn(node: ExpressionNode): string | undefined {
  return node.kind === "column" ? node.name : undefined;
}

/** Whether the expression can produce digits after the point that its inputs lack. */
export function expressionMakesFractions(node: ExpressionNode): boolean {
  let fractions = false;
  visit(node, (n) => {
    if (n.kind === "binary" && n.op === "/") fractions = true;
    if (n.kind === "number" && n.text.includes(".")) fractions = true;
  });
  return fractions;
}

/**
 * The expression written back in a canonical, readable form: `cost * 1.4`,
 * `round([unit price] × 2, 1)`. Used by describe() and the graph.
 */
export function formatExpression(node: ExpressionNode, parent = 0): string {
  switch (node.kind) {
    case "number":
      return node.text;
    case "column":
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(node.name) ? node.name : `[${node.name}]`;
    case "variable":
      return `\${${node.name}}`;
    case "negate":
      return `-${formatExpression(node.operand, 3)}`;
    case "call":
      return `${node.fn}(${node.args.map((arg) => formatExpression(arg)).join(", ")})`;
    case "binary": {
      const level = node.op === "+" || node.op === "-" ? 1 : 2;
      const text = `${formatExpression(node.left, level)} ${node.op === "*" ? "×" : node.op === "/" ? "÷" : node.op} ${formatExpression(node.right, level + 1)}`;
      return level < parent ? `(${text})` : text;
    }
  }
}
