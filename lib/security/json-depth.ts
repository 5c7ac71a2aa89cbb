/** Deeper than any plan or form (a plan nests about 6 levels): refused before anything walks it. */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether JSON text nests arrays and objects deeper than `max`. V8 parses any depth, but what
 * walks the result afterwards (validation, React's reply decoder) recurses and overflows the
 * stack on 100,000 levels; this scan is one pass over the text and recurses on nothing.
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
