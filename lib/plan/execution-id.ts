const VERSION_SUFFIX = /_v(\d{1,6})$/;
const MAX_LENGTH = 64;

/**
 * The next id in a plan's own series: `price_rise_v1` → `price_rise_v2`, `price_rise` →
 * `price_rise_v2`. Readable where a random id would not be, and still valid (8–64 characters).
 */
export function nextExecutionId(id: string): string {
  const match = VERSION_SUFFIX.exec(id);
  const base = executionIdBase(id);
  const next = match ? Number(match[1]) + 1 : 2;
  const suffix = `_v${next}`;
  const padded = base.padEnd(8 - suffix.length, "_");
  return `${padded.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
}

/** The series' base: `price_rise_v3` → `price_rise`. */
export function executionIdBase(id: string): string {
  const match = VERSION_SUFFIX.exec(id);
  return match ? id.slice(0, match.index) : id;
}

/** The first id after `id` in its series that is not taken. */
export function nextFreeExecutionId(id: string, taken: ReadonlySet<string>): string {
  let candidate = nextExecutionId(id);
  while (taken.has(candidate)) candidate = nextExecutionId(candidate);
  return candidate;
}
