/**
 * How an actor id reads in the UI. Actor columns hold a user id for people signed in to the web
 * app, `cli:<name>` for the command line, and `system:<what>` or `local:operator` for the app
 * itself. Pure, so pages and client components label actors the same way.
 */

export interface ActorLabel {
  /** e.g. "Ada Lovelace", "ada (CLI)", "Seed data". */
  name: string;
  kind: "user" | "cli" | "system" | "unknown";
  /** A person's email: names are not unique, so records that prove who acted show it too. */
  email?: string;
}

/** "Ada Lovelace (ada@example.com)" for a person, the plain label for anything else. */
export function nameWithEmail(label: ActorLabel | undefined, fallback: string): string {
  if (!label) return fallback;
  return label.email ? `${label.name} (${label.email})` : label.name;
}

const SYSTEM_NAMES: Record<string, string> = {
  "system:seed": "Seed data",
  "local:operator": "Local operator",
};

const CLI_PREFIX = "cli:";

/** The id the CLI writes for a named operator: `cli:<name>` (unchanged if already prefixed). */
export function cliActorId(name: string): string {
  const trimmed = name.trim();
  if (trimmed.startsWith(CLI_PREFIX)) return trimmed;
  return `${CLI_PREFIX}${trimmed || "unknown"}`;
}

export function actorLabel(
  id: string,
  users: ReadonlyMap<string, string | { name: string; email: string }>,
): ActorLabel {
  const user = users.get(id);
  if (typeof user === "string") return { name: user, kind: "user" };
  if (user !== undefined) return { name: user.name, kind: "user", email: user.email };
  if (id.startsWith(CLI_PREFIX))
    return { name: `${id.slice(CLI_PREFIX.length)} (CLI)`, kind: "cli" };
  const system = SYSTEM_NAMES[id];
  if (system) return { name: system, kind: "system" };
  if (id.startsWith("system:")) return { name: id.slice("system:".length), kind: "system" };
  if (id === "anonymous") return { name: "Signed-out visitor", kind: "unknown" };
  return { name: "Removed user", kind: "unknown" };
}
