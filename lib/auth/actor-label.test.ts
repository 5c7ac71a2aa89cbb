import { describe, expect, it } from "vitest";
import { actorLabel, cliActorId } from "./actor-label";

const users = new Map([["u1", "Ada Lovelace"]]);

describe("actorLabel", () => {
  it("names signed-in users", () => {
    expect(actorLabel("u1", users)).toEqual({ name: "Ada Lovelace", kind: "user" });
  });

  it("marks command-line actors", () => {
    expect(cliActorId(" ada ")).toBe("cli:ada");
    expect(cliActorId("cli:ada")).toBe("cli:ada");
    expect(actorLabel("cli:ada", users)).toEqual({ name: "ada (CLI)", kind: "cli" });
  });

  it("names the app's own actors", () => {
    expect(actorLabel("system:seed", users).name).toBe("Seed data");
    expect(actorLabel("local:operator", users).name).toBe("Local operator");
    expect(actorLabel("anonymous", users).name).toBe("Signed-out visitor");
  });

  it("says so when a user id no longer exists", () => {
    expect(actorLabel("gone", users)).toEqual({ name: "Removed user", kind: "unknown" });
  });
});
