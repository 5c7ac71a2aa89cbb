/**
 * Row keys as a terminal line shows them: a plain key as it is, one with a line break, a control
 * character, a comma or surrounding spaces quoted as JSON, so one key cannot pass for two or
 * break the line.
 */
export function keyList(keys: Iterable<string>): string {
  return [...keys].map(shownKey).join(", ");
}

function shownKey(key: string): string {
  for (let at = 0; at < key.length; at++) {
    const c = key.charCodeAt(at);
    if (c < 32 || c === 127 || c === 44 || c === 34) return JSON.stringify(key);
  }
  return key.trim() === key && key !== "" ? key : JSON.stringify(key);
}
