import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/plan/test-support";
// @ts-expect-error: a plain JavaScript module of the bin, without type declarations.
import { currentCliBundle } from "../scripts/cli-bundle.mjs";

/**
 * The bin's bundle of the CLI, on a checkout of two source files: built once, reused while the
 * sources stand still, and rebuilt when one of them changes.
 */
describe("the CLI bundle", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "signoff-bundle-"));
    await mkdir(path.join(root, "cli"));
    await mkdir(path.join(root, "lib"));
    await symlink(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
    await writeFile(path.join(root, "package.json"), '{ "type": "module" }');
    await writeFile(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { paths: { "@/*": ["./*"] } } }),
    );
    await writeFile(
      path.join(root, "cli", "signoff.ts"),
      'import "server-only";\nimport { word } from "@/lib/word";\nconsole.log(word);\n',
    );
    await source("first");
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const source = (word: string) =>
    writeFile(path.join(root, "lib", "word.ts"), `export const word: string = "${word}";\n`);
  const run = (entry: string) => execFileSync(process.execPath, [entry], { encoding: "utf8" });

  it("is built once, reused while its sources stand still, and rebuilt when one changes", async () => {
    const first = await currentCliBundle(root);
    expect(first).toMatch(/signoff-cli/);
    // Runs as plain JavaScript, with `server-only` resolved to nothing.
    expect(run(first)).toBe("first\n");
    expect(await currentCliBundle(root)).toBe(first);

    await source("second, a little longer");
    const second = await currentCliBundle(root);
    expect(second).not.toBe(first);
    expect(run(second)).toBe("second, a little longer\n");
  });
});
