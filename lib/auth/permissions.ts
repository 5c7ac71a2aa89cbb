/**
 * Who may do what, as data. Each role includes everything the role before it may do; the table
 * below is the single place that says so, and every server action, route handler and page asks
 * it through `can`. Pure: no session, no database, safe in client components.
 */

export const ROLES = ["viewer", "author", "approver", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  // viewer
  "account.update",
  "dataset.read",
  "plan.read",
  "history.read",
  "download.read",
  // author
  "dataset.upload",
  "plan.draft",
  "plan.edit",
  "plan.preview",
  /** Drafts the inverse plan of an execution; applying it still needs an approver. */
  "execution.revert",
  // approver
  "plan.approve",
  "plan.reject",
  "guard.override",
  // admin
  "user.manage",
  "settings.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  "account.update",
  "dataset.read",
  "plan.read",
  "history.read",
  "download.read",
];
const AUTHOR: readonly Permission[] = [
  ...VIEWER,
  "dataset.upload",
  "plan.draft",
  "plan.edit",
  "plan.preview",
  "execution.revert",
];
const APPROVER: readonly Permission[] = [
  ...AUTHOR,
  "plan.approve",
  "plan.reject",
  "guard.override",
];
const ADMIN: readonly Permission[] = [...APPROVER, "user.manage", "settings.manage"];

const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  viewer: new Set(VIEWER),
  author: new Set(AUTHOR),
  approver: new Set(APPROVER),
  admin: new Set(ADMIN),
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  viewer: "Viewer",
  author: "Author",
  approver: "Approver",
  admin: "Admin",
};

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  viewer: "Reads datasets, plans, history and downloads.",
  author: "Also uploads datasets, drafts and edits plans, runs previews, drafts reverts.",
  approver: "Also approves and rejects plans and overrides failed guards.",
  admin: "Also manages users and settings.",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** A stored role that is not one of ours (a hand-edited database) reads as the weakest one. */
export function readRole(value: unknown): Role {
  return isRole(value) ? value : "viewer";
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The least powerful role that holds a permission, for messages such as "needs the author role". */
export function minimumRole(permission: Permission): Role {
  const role = ROLES.find((candidate) => can(candidate, permission));
  if (!role) throw new Error(`No role holds ${permission}`);
  return role;
}

/** The sentence shown when a role lacks a permission. */
export function deniedMessage(role: Role, permission: Permission): string {
  const needed = minimumRole(permission);
  const article = needed === "viewer" ? "a" : "an";
  return `This needs ${article} ${ROLE_LABELS[needed].toLowerCase()} account (or higher); yours is ${ROLE_LABELS[role].toLowerCase()}.`;
}
