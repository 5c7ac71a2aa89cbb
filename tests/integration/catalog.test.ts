import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCatalog } from "@/prisma/seed/catalog";

describe("generateCatalog", () => {
  it("writes the same bytes as the shared benchmark generator", () => {
    const shared = execFileSync(
      process.execPath,
      [path.resolve(__dirname, "../fixtures/gen-products.mjs"), "2500"],
      { encoding: "utf8" },
    );
    expect(generateCatalog(2500)).toBe(shared);
  });
});
