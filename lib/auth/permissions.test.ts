import { describe, expect, it } from "vitest";
import {
  can,
  deniedMessage,
  isRole,
  minimumRole,
  PERMISSIONS,
  type Permission,
  ROLES,
  type Role,
} from "./permissions";

// The definition of the roles, written out in full so a change to the table in
// permissions.ts has to be made twice, on purpose.
const EXPECTED: Record<Role, Permission[]> = {
  viewer: ["account.update", "dataset.read", "plan.read", "history.read", "download.read"],
  author: [
    "account.update",
    "dataset.read",
    "plan.read",
    "history.read",
    "download.read",
    "dataset.upload",
    "plan.draft",
    "plan.edit",
    "plan.preview",
    "execution.revert",
  ],
  approver: [
    "account.update",
    "dataset.read",
    "plan.read",
    "history.read",
    "download.read",
    "dataset.upload",
    "plan.draft",
    "plan.edit",
    "plan.preview",
    "execution.revert",
    "plan.approve",
    "plan.reject",
    "guard.override",
  ],
  admin: [...PERMISSIONS],
};

describe("role permissions", () => {
  for (const role of ROLES) {
    for (const permission of PERMISSIONS) {
      const allowed = EXPECTED[role].includes(permission);
      it(`${role} ${allowed ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission)).toBe(allowed);
      });
    }
  }

  it("each role holds everything the role below it holds", () => {
    for (let index = 1; index < ROLES.length; index++) {
      const lower = ROLES[index - 1];
      const higher = ROLES[index];
      for (const permission of PERMISSIONS) {
        if (can(lower, permission)) expect(can(higher, permission)).toBe(true);
      }
    }
  });

  it("names the least powerful role that holds a permission", () => {
    expect(minimumRole("history.read")).toBe("viewer");
    expect(minimumRole("plan.preview")).toBe("author");
    expect(minimumRole("guard.override")).toBe("approver");
    expect(minimumRole("user.manage")).toBe("admin");
  });

  it("explains a refusal in words", () => {
    expect(deniedMessage("viewer", "dataset.upload")).toBe(
      "This needs an author account (or higher); yours is viewer.",
    );
    expect(deniedMessage("approver", "user.manage")).toBe(
      "This needs an admin account (or higher); yours is approver.",
    );
  });

  it("recognises role names and nothing else", () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole("owner")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
