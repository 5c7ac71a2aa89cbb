/**
 * Text templates (docs/plan-format.md "Text actions"): `{brand} {name}` writes each row's brand,
 * a space and its name. `{{` and `}}` write a brace. Parsed here once; the executor fills it row
 * by row and validation checks the columns it names.
 */

const TEMPLATE_MAX_LENGTH = 2000;

export type TemplatePart = string | { column: string; at: number };

export class TemplateSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = "TemplateSyntaxError";
  }
}

export function parseTemplate(source: string): TemplatePart[] {
  if (source.length > TEMPLATE_MAX_LENGTH) {
    throw new TemplateSyntaxError(
      `the template is ${source.length.toLocaleString("en-US")} characters long; at most ${TEMPLATE_MAX_LENGTH.toLocaleString("en-US")} are allowed`,
      TEMPLATE_MAX_LENGTH,
    );
  }
  const parts: TemplatePart[] = [];
  let literal = "";
  let k = 0;
  while (k < source.length) {
    const c = source[k];
    if (c === "{" && source[k + 1] === "{") {
      literal += "{";
      k += 2;
    } else if (c === "}" && source[k + 1] === "}") {
      literal += "}";
      k += 2;
    } else if (c === "{") {
      const end = source.indexOf("}", k + 1);
      if (end === -1) {
        throw new TemplateSyntaxError(
          `the '{' at character ${k + 1} is not closed; write {column}, or {{ for a brace`,
          k,
        );
      }
      const column = source.slice(k + 1, end).trim();
      if (column === "") {
        throw new TemplateSyntaxError(`'{}' at character ${k + 1} names no column`, k);
      }
      if (literal !== "") parts.push(literal);
      literal = "";
      parts.push({ column, at: k });
      k = end + 1;
    } else if (c === "}") {
      throw new TemplateSyntaxError(
        `the '}' at character ${k + 1} closes nothing; write }} for a brace`,
        k,
      );
    } else {
      literal += c;
      k++;
    }
  }
  if (literal !== "") parts.push(literal);
  return parts;
}

/** The columns a template names, in order of first appearance. */
export function templateColumns(parts: readonly TemplatePart[]): string[] {
  const names: string[] = [];
  for (const part of parts) {
    if (typeof part !== "string" && !names.includes(part.column)) names.push(part.column);
  }
  return names;
}
