import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXPRESSION_MAX_DEPTH,
  EXPRESSION_MAX_LENGTH,
  ExpressionSyntaxError,
  expressionColumns,
  expressionVariables,
  formatExpression,
  parseExpression,
} from "./expression";

function syntaxError(source: string): ExpressionSyntaxError {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error;
    throw error;
  }
  throw new Error(`${source} parsed`);
}

describe("parseExpression", () => {
  it("gives × and ÷ precedence over + and −, and reads left to right", () => {
    expect(formatExpression(parseExpression("cost + 2 * 3"))).toBe("cost + 2 × 3");
    expect(formatExpression(parseExpression("(cost + 2) * 3"))).toBe("(cost + 2) × 3");
    expect(formatExpression(parseExpression("a - b - c"))).toBe("a - b - c");
    expect(formatExpression(parseExpression("a - (b - c)"))).toBe("a - (b - c)");
    expect(formatExpression(parseExpression("cost × 1.4 ÷ 2"))).toBe("cost × 1.4 ÷ 2");
  });

  it("reads columns bare, in brackets or in backticks, and variables as ${name}", () => {
    const tree = parseExpression("[unit price] * `tax rate` + cost - ${avg_price}");
    expect(expressionColumns(tree).map((c) => c.name)).toEqual(["unit price", "tax rate", "cost"]);
    expect(expressionVariables(tree)).toEqual(["avg_price"]);
  });

  it("reads functions case-insensitively and checks how many values they take", () => {
    expect(formatExpression(parseExpression("ROUND(max(price, cost * 1.2), 2)"))).toBe(
      "round(max(price, cost × 1.2), 2)",
    );
    expect(syntaxError("abs(a, b)").message).toBe("abs() takes 1 value, not 2");
    expect(syntaxError("min(a)").message).toBe("min() takes at least 2 values, not 1");
    expect(syntaxError("round(a, b)").message).toMatch(/number of decimals/);
  });

  it("names what is wrong and where", () => {
    expect(syntaxError("cost *").message).toBe("the expression ends where a value was expected");
    expect(syntaxError("cost * 1.4)").message).toBe("unexpected ')' at character 11");
    expect(syntaxError("cost 1.4").position).toBe(5);
    expect(syntaxError('price + "5"').message).toMatch(/text in quotes cannot be used/);
    expect(syntaxError("2cost").message).toMatch(/a number runs into a name/);
    expect(syntaxError("[unit price * 2").message).toMatch(/not closed with ]/);
  });

  it(`refuses more than ${EXPRESSION_MAX_LENGTH} characters and more than ${EXPRESSION_MAX_DEPTH} levels`, () => {
    expect(syntaxError(`1${" + 1".repeat(600)}`).message).toMatch(/at most 2,000 are allowed/);
    expect(syntaxError(`${"(".repeat(65)}1${")".repeat(65)}`).message).toMatch(
      /nested more than 64 levels/,
    );
    expect(syntaxError(`${"-".repeat(100)}1`).message).toMatch(/nested more than 64 levels/);
    // Depth is bounded, so even a hostile 100,000-deep text never overflows the stack.
    expect(() => parseExpression("(".repeat(100_000))).toThrow(ExpressionSyntaxError);
    expect(() => parseExpression(`${"(".repeat(30)}1${")".repeat(30)}`)).not.toThrow();
  });

  it("formats any tree into text that parses back to the same tree (property)", () => {
    const leaf = fc.oneof(
      fc.constantFrom("cost", "price", "[unit price]", "${rate}"),
      fc.integer({ min: 0, max: 999 }).map(String),
    );
    const tree = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc
          .tuple(tie("node"), fc.constantFrom("+", "-", "*", "/"), tie("node"))
          .map(([a, op, b]) => `(${a} ${op} ${b})`),
        fc.tuple(tie("node"), tie("node")).map(([a, b]) => `max(${a}, ${b})`),
        tie("node").map((a) => `-${a}`),
      ),
    }));
    fc.assert(
      fc.property(tree.node, (source) => {
        const parsed = parseExpression(source);
        const again = parseExpression(formatExpression(parsed));
        expect(formatExpression(again)).toBe(formatExpression(parsed));
        expect(stripPositions(again)).toEqual(stripPositions(parsed));
      }),
    );
  });
});

function stripPositions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripPositions);
  if (node && typeof node === "object") {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== "at")
        .map(([key, value]) => [key, stripPositions(value)]),
    );
  }
  return node;
}
