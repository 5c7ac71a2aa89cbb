import type { PlanPath } from "./issues";
import { type ExecutionPlan, PLAN_FORMAT_VERSION } from "./schema";

/**
 * The plan as JSON text, for the JSON editor and the CLI: parsing with line/column errors, finding
 * the line of a validation issue's path, and exporting a plan in a stable, readable layout.
 * A small JSON parser of its own gives the same messages in every browser and remembers where
 * every value starts. Pure and browser-safe.
 */

export interface TextPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units (what editors count). */
  column: number;
}

export interface JsonTextError extends TextPosition {
  message: string;
}

export type ParsePlanTextResult =
  | { ok: true; value: unknown }
  | { ok: false; error: JsonTextError };

/** Parse JSON text; a syntax error comes back with its line and column and a readable message. */
export function parsePlanText(text: string): ParsePlanTextResult {
  const result = parseJsonWithPositions(text);
  return result.ok ? { ok: true, value: result.value } : result;
}

/**
 * Where the value at `path` is written: the start of its property name for object members, the
 * start of the value for array elements and the root. A path that is not in the text (a missing
 * field) maps to its nearest ancestor that is. Null when the text is not valid JSON.
 */
export function locatePath(text: string, path: PlanPath): TextPosition | null {
  const result = parseJsonWithPositions(text);
  if (!result.ok) return null;
  for (let length = path.length; length >= 0; length--) {
    const entry = result.positions.get(pathKey(path.slice(0, length)));
    if (entry) return entry.key ?? entry.value;
  }
  return null;
}

// ── Parser ───────────────────────────────────────────────────────────────────────────────────

interface PositionEntry {
  key?: TextPosition;
  value: TextPosition;
}

export type JsonPositions = Map<string, PositionEntry>;

type ParseWithPositions =
  | { ok: true; value: unknown; positions: JsonPositions }
  | { ok: false; error: JsonTextError };

function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Parse JSON and record where every value (and every property name) starts. */
export function parseJsonWithPositions(text: string): ParseWithPositions {
  const parser = new Parser(text);
  try {
    return { ok: true, value: parser.parseDocument(), positions: parser.positions };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { ok: false, error: { message: error.message, ...parser.positionOf(error.offset) } };
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

class Parser {
  readonly positions: JsonPositions = new Map();
  private offset = 0;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "\n") this.lineStarts.push(i + 1);
    }
    if (text.charCodeAt(0) === 0xfeff) this.offset = 1;
  }

  positionOf(offset: number): TextPosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  parseDocument(): unknown {
    this.skipSpace();
    if (this.offset >= this.text.length) {
      throw new JsonSyntaxError("the text is empty; a plan is a JSON object { … }", this.offset);
    }
    const value = this.parseValue([], undefined);
    this.skipSpace();
    if (this.offset < this.text.length) {
      throw new JsonSyntaxError(
        `unexpected ${this.describeHere()} after the end of the JSON value`,
        this.offset,
      );
    }
    return value;
  }

  private parseValue(path: (string | number)[], key: TextPosition | undefined): unknown {
    this.skipSpace();
    const start = this.offset;
    this.positions.set(pathKey(path), { key, value: this.positionOf(start) });
    const char = this.text[start];
    if (char === "{") return this.parseObject(path);
    if (char === "[") return this.parseArray(path);
    if (char === '"') return this.parseString();
    if (char === "-" || (char >= "0" && char <= "9")) return this.parseNumber();
    if (char === "'") {
      throw new JsonSyntaxError("strings must be in double quotes, not single quotes", start);
    }
    if (char === undefined)
      throw new JsonSyntaxError("unexpected end of text: a value is missing", start);
    WORD.lastIndex = start;
    const word = WORD.exec(this.text)?.[0];
    if (word !== undefined) {
      this.offset += word.length;
      if (word === "true") return true;
      if (word === "false") return false;
      if (word === "null") return null;
      const hint =
        word === "True" || word === "False" || word === "None"
          ? ` (JSON writes ${word === "None" ? "null" : word.toLowerCase()})`
          : "; text values must be in double quotes";
      throw new JsonSyntaxError(`unexpected word ${JSON.stringify(word)}${hint}`, start);
    }
    throw new JsonSyntaxError(`unexpected ${this.describeHere()}: a value is expected here`, start);
  }

  private parseObject(path: (string | number)[]): Record<string, unknown> {
    const open = this.offset;
    this.offset++;
    const result: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text[this.offset] === "}") {
      this.offset++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      const keyStart = this.offset;
      const char = this.text[keyStart];
      if (char === "}")
        throw new JsonSyntaxError("trailing comma before }", this.lastComma(keyStart));
      if (char === undefined) throw this.unclosed("object", open);
      if (char !== '"') {
        throw new JsonSyntaxError(
          char === "'"
            ? "property names must be in double quotes, not single quotes"
            : `property names must be in double quotes (found ${this.describeHere()})`,
          keyStart,
        );
      }
      const key = this.parseString();
      this.skipSpace();
      if (this.text[this.offset] !== ":") {
        throw new JsonSyntaxError(
          this.offset >= this.text.length
            ? `unexpected end of text: expected : after ${JSON.stringify(key)}`
            : `expected : after the property name ${JSON.stringify(key)}`,
          this.offset,
        );
      }
      this.offset++;
      const value = this.parseValue([...path, key], this.positionOf(keyStart));
      Object.defineProperty(result, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      const next = this.text[this.offset];
      if (next === ",") {
        this.offset++;
        continue;
      }
      if (next === "}") {
        this.offset++;
        return result;
      }
      if (next === undefined) throw this.unclosed("object", open);
      throw new JsonSyntaxError(
        next === '"'
          ? `a comma is missing after the value of ${JSON.stringify(key)}`
          : `expected , or } after the value of ${JSON.stringify(key)} (found ${this.describeHere()})`,
        this.offset,
      );
    }
  }

  private parseArray(path: (string | number)[]): unknown[] {
    const open = this.offset;
    this.offset++;
    const result: unknown[] = [];
    this.skipSpace();
    if (this.text[this.offset] === "]") {
      this.offset++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      const char = this.text[this.offset];
      if (char === "]")
        throw new JsonSyntaxError("trailing comma before ]", this.lastComma(this.offset));
      if (char === undefined) throw this.unclosed("list", open);
      result.push(this.parseValue([...path, result.length], undefined));
      this.skipSpace();
      const next = this.text[this.offset];
      if (next === ",") {
        this.offset++;
        continue;
      }
      if (next === "]") {
        this.offset++;
        return result;
      }
      if (next === undefined) throw this.unclosed("list", open);
      throw new JsonSyntaxError(
        next === '"' || next === "{" || next === "["
          ? "a comma is missing between two list elements"
          : `expected , or ] after a list element (found ${this.describeHere()})`,
        this.offset,
      );
    }
  }

  private parseString(): string {
    const start = this.offset;
    let i = start + 1;
    for (;;) {
      const char = this.text[i];
      if (char === undefined) {
        throw new JsonSyntaxError('this string is never closed: a " is missing', start);
      }
      if (char === '"') break;
      if (char === "\n" || char === "\r") {
        throw new JsonSyntaxError("this string is not closed before the end of the line", start);
      }
      if (char < " ")
        throw new JsonSyntaxError("control character inside a string; write it as \\u escape", i);
      if (char === "\\") {
        const escaped = this.text[i + 1];
        if (escaped === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(i + 2, i + 6))) {
            throw new JsonSyntaxError("\\u must be followed by four hex digits", i);
          }
          i += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) {
          throw new JsonSyntaxError(
            `invalid escape \\${escaped ?? ""} inside a string (write a backslash as \\\\)`,
            i,
          );
        }
        i += 2;
        continue;
      }
      i++;
    }
    this.offset = i + 1;
    return JSON.parse(this.text.slice(start, i + 1)) as string;
  }

  private parseNumber(): number {
    const start = this.offset;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(this.text);
    const end = match ? start + match[0].length : start;
    const after = this.text[end];
    if (!match || (after !== undefined && /[\w.+-]/.test(after))) {
      const raw = /^[\w.+-]+/.exec(this.text.slice(start))?.[0] ?? this.text[start];
      throw new JsonSyntaxError(`invalid number ${JSON.stringify(raw)}`, start);
    }
    this.offset = end;
    return Number(match[0]);
  }

  private skipSpace(): void {
    while (WHITESPACE.has(this.text[this.offset])) this.offset++;
    if (this.text.startsWith("//", this.offset) || this.text.startsWith("/*", this.offset)) {
      throw new JsonSyntaxError("JSON does not allow comments", this.offset);
    }
  }

  private unclosed(kind: "object" | "list", open: number): JsonSyntaxError {
    const { line, column } = this.positionOf(open);
    const bracket = kind === "object" ? "}" : "]";
    return new JsonSyntaxError(
      `unexpected end of text: the ${kind} opened at line ${line}, column ${column} is not closed with ${bracket}`,
      this.text.length,
    );
  }

  /** The comma before `offset`, to point a "trailing comma" error at the comma itself. */
  private lastComma(offset: number): number {
    const comma = this.text.lastIndexOf(",", offset);
    return comma === -1 ? offset : comma;
  }

  private describeHere(): string {
    const char = this.text[this.offset];
    if (char === undefined) return "end of text";
    if (char === "\n" || char === "\r") return "a line break";
    return JSON.stringify(char);
  }
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────

const KEY_ORDER: Record<string, readonly string[]> = {
  plan: [
    "format_version",
    "execution_id",
    "created_at",
    "source_instruction",
    "variables",
    "guards",
    "operations",
  ],
  operation: ["operation_id", "description", "depends_on", "filter", "action", "options"],
  filter: ["categories", "in_stock", "skus", "price_gte", "price_lte", "all", "any", "none"],
  condition: ["column", "op", "value"],
  action: ["type", "fn", "column", "value", "result_variable"],
  options: ["round_to", "min_value", "max_value", "min_price", "max_price", "ending"],
  guards: ["max_rows_changed", "max_change_percent", "min_value", "max_value"],
};

const LINE_WIDTH = 100;

/**
 * The plan as pretty JSON: `format_version: 1` first, keys in the order of the format's
 * documentation, variables by name, short objects and lists on one line. The same plan always
 * gives the same text, ending in a newline.
 */
export function exportPlan(plan: ExecutionPlan): string {
  const ordered = orderPlan({ ...plan, format_version: PLAN_FORMAT_VERSION });
  return `${render(ordered, 0, 0)}\n`;
}

function orderPlan(plan: ExecutionPlan): Record<string, unknown> {
  const variables =
    plan.variables === undefined
      ? undefined
      : Object.fromEntries(Object.entries(plan.variables).sort(([a], [b]) => (a < b ? -1 : 1)));
  return orderKeys(
    {
      ...plan,
      variables,
      guards: plan.guards && orderKeys(plan.guards, "guards"),
      operations: plan.operations.map((operation) =>
        orderKeys(
          {
            ...operation,
            filter: orderKeys(
              {
                ...operation.filter,
                all: operation.filter.all?.map((c) => orderKeys(c, "condition")),
                any: operation.filter.any?.map((c) => orderKeys(c, "condition")),
                none: operation.filter.none?.map((c) => orderKeys(c, "condition")),
              },
              "filter",
            ),
            action: orderKeys(operation.action, "action"),
            options: operation.options && orderKeys(operation.options, "options"),
          },
          "operation",
        ),
      ),
    },
    "plan",
  );
}

/** Keys in the documented order (unknown keys after them, as they came); undefined dropped. */
function orderKeys(object: object, kind: keyof typeof KEY_ORDER): Record<string, unknown> {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  const order = KEY_ORDER[kind];
  const rank = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  return Object.fromEntries(entries.sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * Render with two-space indentation. Depth 0 (the plan), 1 (operations) and 2 (each operation)
 * are always expanded; anything deeper goes on one line when it fits.
 */
function render(value: unknown, depth: number, used: number): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const indent = "  ".repeat(depth);
  const inner = "  ".repeat(depth + 1);
  const isArray = Array.isArray(value);
  const entries = isArray
    ? (value as unknown[]).map((element) => [undefined, element] as const)
    : Object.entries(value as Record<string, unknown>);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) return `${open}${close}`;

  if (depth >= 3) {
    const inline = renderInline(value);
    if (used + inline.length <= LINE_WIDTH) return inline;
  }
  const lines = entries.map(([key, element]) => {
    const prefix = key === undefined ? "" : `${JSON.stringify(key)}: `;
    return `${inner}${prefix}${render(element, depth + 1, inner.length + prefix.length)}`;
  });
  return `${open}\n${lines.join(",\n")}\n${indent}${close}`;
}

function renderInline(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(renderInline).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const members = entries.map(
    ([key, element]) => `${JSON.stringify(key)}: ${renderInline(element)}`,
  );
  return `{ ${members.join(", ")} }`;
}
