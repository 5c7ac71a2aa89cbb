/**
 * How an actor id reads in the UI. Actor columns hold a user id for people signed in to the web
 * app, `cli:<name>` for the command line, and `system:<what>` or `local:operator` for the app
 * itself. Pure, so pages and client components label actors the same way.
 */

export interface ActorLabel {
  /** e.g. "Ada Lovelace", "ada (CLI)", "Seed data". */
  name: string;
  kind: "user" | "cli" | "system" | "unknown";
}

const SYSTEM_NAMES: Record<string, string> = {
  "system:seed": "Seed data",
  "local:operator": "Local operator",
};

export const CLI_PREFIX = "cli:";

/** The id the CLI writes for a named operator: `cli:<name>` (unchanged if already prefixed). */
export function cliActorId(name: string): string {
  const trimmed = name.trim();
  if (trimmed.startsWith(CLI_PREFIX)) return trimmed;
  return `${CLI_PREFIX}${trimmed || "unknown"}`;
}

export function actorLabel(id: string, userNames: ReadonlyMap<string, string>): ActorLabel {
  const userName = userNames.get(id);
  if (userName !== undefined) return { name: userName, kind: "user" };
  if (id.startsWith(CLI_PREFIX))
    return { name: `${id.slice(CLI_PREFIX.length)} (CLI)`, kind: "cli" };
  const system = SYSTEM_NAMES[id];
  if (system) return { name: system, kind: "system" };
  if (id.startsWith("system:")) return { name: id.slice("system:".length), kind: "system" };
  if (id === "anonymous") return { name: "Signed-out visitor", kind: "unknown" };
  return { name: "Removed user", kind: "unknown" };
}
