/**
 * Execution ids in the seed's style: `plan_<slug>_v1`, the version bumped until the id is
 * unused. Both planners name their plans through here.
 */

const MAX_SLUG = 48;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** Cuts a slug at an underscore so it stays within `max` characters. */
export function shortenSlug(slug: string, max = MAX_SLUG): string {
  let short = slug;
  while (short.length > max && short.includes("_")) short = short.slice(0, short.lastIndexOf("_"));
  return short.slice(0, max);
}

export function uniqueExecutionId(slug: string, existing: ReadonlySet<string>): string {
  const base = shortenSlug(slugify(slug)) || "change";
  for (let version = 1; ; version++) {
    const id = `plan_${base}_v${version}`;
    if (!existing.has(id)) return id;
  }
}
