/**
 * Instructions written as lists, as people paste them: one change a line, perhaps after a bullet
 * ("- Dairy Co +6%", "• …", "2. …", "b) …"), or numbered on one line ("1) raise dairy 5% 2) cut
 * oils 3%"). Each line or item is read as a sentence of its own: a line break becomes a
 * semicolon and a bullet or an item's number becomes spaces, so every word keeps its offset and
 * a refusal quotes the words as written.
 */

const MARKER = String.raw`(?:[-*•·–]|\d{1,2}[.)]|[a-z]\))`;
const BULLET = new RegExp(String.raw`(^|[\n\r])([ \t]*)(${MARKER})(?=[ \t])`, "g");
const BULLET_START = new RegExp(String.raw`^[ \t]*${MARKER}[ \t]`);
/** "2)" between items of a list numbered on one line that starts at "1)". */
const INLINE_NUMBER = /([ \t])(\d{1,2}\))(?=[ \t])/g;

/** A line ending with a word that needs more after it ("raise prices 5% for⏎Dairy Co"). */
const RUNS_ON =
  /(?:^|[^\p{L}])(?:for|and|or|to|by|of|in|on|at|with|the|a|an|from|where|except|but|than|is|are|if|when|whose|that|which|who)$/iu;
/** A line opening with a word that carries on the line before ("… by 5%⏎for Dairy Co"). */
const GOES_ON =
  /^(?:for|and|or|to|by|of|in|on|at|with|from|where|except|but|than|if|when|whose|that|which|who|unless|only|excluding|including)(?![\p{L}\p{N}])/iu;

export function listAsSentences(instruction: string): string {
  const lines = /[\n\r]/.test(instruction);
  const numbered = /(?:^|[\n\r])[ \t]*1\)[ \t]/.test(instruction);
  if (!lines && !numbered) return instruction;
  let text = instruction.replace(
    BULLET,
    (_, start: string, space: string, marker: string) =>
      `${start}${space}${" ".repeat(marker.length)}`,
  );
  if (numbered) {
    text = text.replace(
      INLINE_NUMBER,
      (_, space: string, marker: string) => `${space};${" ".repeat(marker.length - 1)}`,
    );
  }
  // A line break ends a sentence, unless the line already ended one or runs on into the next;
  // after a heading's colon too ("Price changes:"), so that the heading is not read as the rows
  // of the first line. The offsets are the instruction's: a bullet there starts an item.
  return text.replace(/[ \t]*\r?\n|\r/g, (breakText: string, at: number) => {
    const line = text.slice(0, at).trimEnd();
    const next = text.slice(at + breakText.length).trimStart();
    const item = BULLET_START.test(instruction.slice(at + breakText.length));
    const runsOn =
      !item && (/[.;!?,]$/.test(line) || line === "" || RUNS_ON.test(line) || GOES_ON.test(next));
    return (runsOn ? " " : ";") + " ".repeat(breakText.length - 1);
  });
}
