import {
  affixReading,
  caseReading,
  combineReading,
  expressionReading,
  type Found,
  fillReading,
  type Reading,
  replaceReading,
  roundReading,
  templateReading,
  trimReading,
} from "./computed-readings";

/**
 * The phrasings of formulas and text actions, as regular expressions over the folded
 * instruction whose column slots are the table's own column words (column-words.ts). Each is
 * tried at the start of the instruction or after a comma; the first whose reading fits wins.
 */

export interface Pattern {
  regex: RegExp;
  read(found: Found): Reading | undefined;
}

const BOUNDARY = String.raw`(?=\s*[,;:]|\s*\.?\s*$|\s+(?:for|where|when|if|in|on|only|except|but|whose|that|which|and|across|among|within)\s)`;
const EXPRESSION_END = String.raw`(?=\s*[;:]|\s*,\s*(?![\d(])|\s*\.?\s*$|\s+(?:for|where|when|if|only|except|but|whose|which|rounded|round|rounding|and\s+round|in\s+(?:the|rows|all|every)|on\s+(?:the|rows|all|every)|across|among)\b)`;

/** A literal: quoted in any of four ways, or one unquoted word. */
function literal(name: string, unquoted = String.raw`[^\s"'“‘,]+`): string {
  return String.raw`(?:"(?<${name}_q>[^"]*)"|'(?<${name}_s>[^']*)'|“(?<${name}_c>[^”]*)”|‘(?<${name}_d>[^’]*)’|(?<${name}_w>${unquoted}))`;
}

/** A value that may run over several unquoted words, up to where the rows are chosen. */
function value(name: string): string {
  return literal(name, String.raw`[^\s"'“‘][^"“]*?${BOUNDARY}`);
}

const DETERMINERS = String.raw`(?:(?:the|all|every|each|any|its|their)\s+)*`;
const COLUMN_TAIL = String.raw`(?:\s+(?:column|field|values|cells))?(?![a-z0-9])`;

let lastColumns: { key: string; patterns: Pattern[] } | undefined;

/** The patterns of computed actions, made once per set of column names. */
export function patterns(columns: string): Pattern[] {
  if (lastColumns?.key === columns) return lastColumns.patterns;
  const col = (name: string) => `(?<${name}>${DETERMINERS}${columns}${COLUMN_TAIL})`;
  const list: Pattern[] = [
    ...casePatterns(col),
    ...spacePatterns(col),
    ...replacePatterns(col),
    ...affixPatterns(col),
    ...fillPatterns(col),
    ...templatePatterns(col),
    ...formulaPatterns(col),
    ...roundPatterns(col),
  ];
  lastColumns = { key: columns, patterns: list };
  return list;
}

/** A pattern matching a column name, captured as `name`. */
type ColumnGroup = (name: string) => string;

const rx = (source: string) => new RegExp(source, "dy");
const CASE = String.raw`(?<case>upper[\s-]?case|lower[\s-]?case|title[\s-]?case|proper[\s-]?case|all\s+caps|caps|capitals|capital\s+letters|small\s+letters|upper|lower)`;

/** Capitals. */
function casePatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?<case>upper[\s-]?case|lower[\s-]?case|title[\s-]?case|proper[\s-]?case|capitali[sz]e(?:\s+(?:the\s+)?(?:first\s+letter\s+of\s+)?(?:each|every)\s+word\s+(?:of|in))?)\s+${col("col")}`,
      ),
      read: caseReading,
    },
    {
      regex: rx(
        String.raw`(?:make|convert|change|turn|put|write|set|format|switch)\s+${col("col")}\s+(?:(?:to|in|into|as)\s+)?(?:all\s+)?${CASE}(?:\s+letters)?(?![a-z])`,
      ),
      read: caseReading,
    },
  ];
}

/** Spaces. */
function spacePatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?:trim|strip|tidy(?:\s+up)?|clean(?:\s+up)?|remove|collapse|normali[sz]e|fix|squash|get\s+rid\s+of)\s+(?:the\s+|all\s+|any\s+)?(?:(?:extra|double|duplicate|leading|trailing|surrounding|excess|stray|multiple|repeated|unnecessary|and)\s+)*(?:white\s?space|spaces|spacing|blanks|space)\s+(?:in|from|of|around|on)\s+${col("col")}`,
      ),
      read: trimReading,
    },
    {
      regex: rx(
        String.raw`(?:trim|strip)\s+(?:(?:white\s?space|spaces)\s+(?:in|from|of|on)\s+)?${col("col")}`,
      ),
      read: trimReading,
    },
  ];
}

/** Replacing text. */
function replacePatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?:replace|swap|substitute|change|rename|switch)\s+(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:occurrences?|instances?|mentions?)\s+of\s+)?(?:the\s+(?:word|text|string)\s+)?${literal("find")}\s+(?:with|by|for|to|into|→|->)\s+${literal("repl")}\s+(?:in|within|inside|across|throughout|of|on)\s+${col("col")}`,
      ),
      read: (found) => replaceReading(found, false),
    },
    {
      regex: rx(
        String.raw`(?:in|within|across|throughout)\s+${col("col")}\s*,?\s+(?:replace|swap|substitute|change|switch)\s+(?:all\s+|every\s+|each\s+|any\s+)?${literal("find")}\s+(?:with|by|to|into|→|->)\s+${literal("repl")}`,
      ),
      read: (found) => replaceReading(found, false),
    },
    {
      regex: rx(
        String.raw`(?:remove|delete|strip|drop|take\s+out|cut)\s+(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:occurrences?|instances?|mentions?)\s+of\s+)?(?:the\s+(?:word|text|string)\s+)?${literal("find")}\s+(?:from|in|out\s+of|of)\s+${col("col")}`,
      ),
      read: (found) => replaceReading(found, true),
    },
  ];
}

/** Text before or after. */
function affixPatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?:add|put|insert|prepend|place|stick|write)\s+(?:the\s+)?(?:(?:prefix|text|word|string)\s+)?${literal("text")}\s+(?:(?:to|at)\s+(?:the\s+)?)?(?:start|beginning|front)\s+of\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|place|stick|write)\s+(?:the\s+)?(?:(?:text|word|string)\s+)?${literal("text")}\s+(?:before|in\s+front\s+of)\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:prepend|add\s+(?:the\s+|a\s+)?prefix)\s+${literal("text")}\s+to\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(String.raw`(?:prefix|start|begin)\s+${col("col")}\s+with\s+${literal("text")}`),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|append|place|stick|write|tack)\s+(?:on\s+)?(?:the\s+)?(?:(?:suffix|text|word|string)\s+)?${literal("text")}\s+(?:(?:to|at|on)\s+(?:the\s+)?)?end\s+of\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|place|stick|write)\s+(?:the\s+)?(?:(?:text|word|string)\s+)?${literal("text")}\s+after\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(
        String.raw`(?:append|add\s+(?:the\s+|a\s+)?suffix)\s+${literal("text")}\s+to\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(String.raw`(?:suffix|end)\s+${col("col")}\s+with\s+${literal("text")}`),
      read: (found) => affixReading(found, "suffix"),
    },
  ];
}

/** Filling empty cells. */
function fillPatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in|\s+out)?|populate|complete|default)\s+(?:in\s+)?(?:the\s+|all\s+|any\s+|every\s+)?(?:empty|blank|missing|unset)\s+${col("col")}\s+(?:with|as|using|to)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:set|make|default|give)\s+(?:the\s+|all\s+|any\s+|every\s+)?(?:empty|blank|missing|unset)\s+${col("col")}\s+(?:to|as|the\s+value)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in)?|populate|replace)\s+(?:the\s+|all\s+|any\s+)?(?:empty|blank|missing)\s+(?:values|cells|entries|ones)\s+(?:in|of|for)\s+${col("col")}\s+(?:with|by|as)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in)?|populate|set)\s+${col("col")}\s+(?:with|as|to)\s+${value("value")}\s+(?:where|when|if|wherever|whenever)\s+(?:it\s+is\s+|it's\s+|they\s+are\s+|they're\s+|(?:the\s+)?(?:cell|value)\s+is\s+)?(?:empty|blank|missing)`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:where|when|if|wherever|whenever)\s+${col("col")}\s+(?:is|are)\s+(?:empty|blank|missing)\s*,?\s+(?:set|make|fill)\s+(?:it|them|that|those)\s+(?:to|with|as)\s+${value("value")}`,
      ),
      read: fillReading,
    },
  ];
}

/** Templates and combined columns. */
function templatePatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(
        String.raw`(?:set|make|build|fill|write|compose|change)\s+${col("col")}\s+(?:to|from|as|=|into)\s+${literal("template", String.raw`\{[^\s]*\}`)}`,
      ),
      read: templateReading,
    },
    {
      regex: rx(
        String.raw`(?:combine|join|concatenate|merge|put\s+together)\s+${col("c1")}\s+(?:and|with|\+|plus)\s+${col("c2")}\s+(?:into|in|as|to\s+make|to\s+form)\s+${col("col")}(?:\s*,?\s*(?:separated\s+by|with)\s+(?:a\s+)?(?:(?<sepword>space|dash|hyphen|comma|slash)|${literal("sep")}))?`,
      ),
      read: combineReading,
    },
    {
      regex: rx(
        String.raw`(?:set|make|build|fill)\s+${col("col")}\s+(?:to|from|as)\s+(?:the\s+)?${col("c1")}\s+(?:and|followed\s+by|then)\s+(?:the\s+)?${col("c2")}(?:\s*,?\s*(?:separated\s+by|with)\s+(?:a\s+)?(?:(?<sepword>space|dash|hyphen|comma|slash)|${literal("sep")}))?${BOUNDARY}`,
      ),
      read: combineReading,
    },
  ];
}

/** Copies and formulas. */
function formulaPatterns(col: ColumnGroup): Pattern[] {
  return [
    {
      regex: rx(String.raw`(?:copy|duplicate|mirror)\s+${col("src")}\s+(?:in)?to\s+${col("col")}`),
      read: (found) => expressionReading(found, true),
    },
    {
      regex: rx(
        String.raw`(?:set|make|change|update|recalculate|recompute|compute|calculate|reset|fill|match)\s+${col("col")}(?<middle>\s+(?:of|for|on|in)\s+[^,;]+?)?\s+(?:to\s+be\s+|to\s+equal\s+|to\s+match\s+|to\s+|=\s*|equal\s+to\s+|equals?\s+|as\s+|the\s+same\s+as\s+|match\s+|from\s+)(?<expr>.+?)${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      regex: rx(
        String.raw`${col("col")}\s*(?:=|:=|\s(?:should|must|will|shall)\s+(?:now\s+)?be\s|\sbecomes?\s|\sis\s+now\s)\s*(?<expr>.+?)${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      // "early bird prices are 20% below ticket prices": plain "is" or "are" only before a share
      // of another column, elsewhere they name rows ("status is active").
      regex: rx(
        String.raw`${col("col")}\s+(?:is|are)\s+(?<expr>\d[\d.]*\s*(?:%|percent)\s+(?:above|below|over|under|more\s+than|less\s+than|higher\s+than|lower\s+than|of)\s+.+?)${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      // "lower retail price to msrp": a step verb whose target is another column sets the
      // column to it (a number after "to" is read by the grammar, as a step's target).
      regex: rx(
        String.raw`(?:lower|reduce|cut|drop|bring\s+down|raise|increase|lift|bring\s+up|bump\s+up|adjust|align)\s+${col("col")}(?<middle>\s+(?:of|for|on|in)\s+[^,;]+?)?\s+(?:to\s+match\s+|to\s+|with\s+)(?:the\s+|its\s+|their\s+)?(?<expr>${col("src")})${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      // "make the price twice the cost": no word between the column and the formula.
      regex: rx(String.raw`make\s+${col("col")}\s+(?<expr>.+?)${EXPRESSION_END}`),
      read: (found) => expressionReading(found, false),
    },
  ];
}

/** Rounding a column by itself: to the nearest 10, to 2 decimals, to whole dollars; up or down. */
function roundPatterns(col: ColumnGroup): Pattern[] {
  // "the next dollar", said of rounding up, is the nearest one above.
  const nearest = "(?:nearest|next)";
  const whole = String.raw`(?:whole\s+(?:numbers?|dollars?|euros?|pounds?|units?)|(?:the\s+)?${nearest}\s+(?:whole\s+)?(?:number|dollar|euro|pound|integer|unit))`;
  const cents = String.raw`(?:the\s+)?${nearest}\s+(?:(?<cents>\d+)\s*(?:cents?|pence|ct)|(?<cent>cent|penny))\b`;
  // "round all list prices to .99": an ending, said without "the nearest".
  const ending = String.raw`(?:end\s+in\s+)?(?<ending>\.9\d?|0\.9\d?)\b`;
  const target = String.raw`(?:${cents}|(?:the\s+)?${nearest}\s+(?:[$€£]\s?(?=\.?\d))?(?:(?<step>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)(?<k>k)?|(?<stepWord>ten|hundred|thousand|half|quarter|tenth))\b(?:\s+(?:dollars?|euros?|pounds?|bucks|(?<hour>hours?)|units?|points?))?|(?<places>\d+)\s+(?:decimals?|decimal\s+places?|places?)|(?<whole>${whole})|${ending})`;
  return [
    {
      regex: rx(
        String.raw`round(?:\s+(?<dir>up|down))?\s+${col("col")}(?<middle>\s+(?:of|for|on|in)\s+[^,;]+?)?(?:\s+(?<dir2>up|down))?\s+to\s+(?:(?<next>(?=(?:the\s+)?next\b))|)${target}${EXPRESSION_END}`,
      ),
      read: roundReading,
    },
  ];
}
