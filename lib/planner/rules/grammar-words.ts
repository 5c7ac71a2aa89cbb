/**
 * Every word the grammar's phrases use ("raise", "under", "all", "except"…), collected as the
 * grammar is built. A one-word value of a free-text column that is also one of these words is
 * not looked up as a value: "new" in a condition column must not turn "new prices" into a filter.
 */
export const GRAMMAR_WORDS = new Set<string>();

/** Lower case without accents: "Café" → "cafe", "Rhône" → "rhone". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
