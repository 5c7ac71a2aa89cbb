// Adds lockfile entries for optional platform packages that this workplace's npm registry does
// not serve (e.g. @biomejs/cli-darwin-arm64, @next/swc-win32-x64-msvc).
//
// `npm install` drops an optional dependency it cannot fetch, and `npm ci` then refuses the
// lockfile as out of sync. Each missing package is written back as an optional entry with the
// platform its name declares (os, cpu, libc), so `npm ci` sees it, finds it is for another
// platform, and skips it — as it would with a complete lockfile. Run after changing
// dependencies: `node scripts/complete-lockfile.mjs` (idempotent).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const lockPath = path.join(root, "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix", "netbsd"];
const CPU = ["arm64", "x64", "arm", "ia32", "wasm32", "ppc64", "s390x", "riscv64", "loong64"];

function platformOf(name) {
  const parts = path.basename(name).split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu === "wasm32" ? "wasm32" : cpu];
  if (parts.includes("musl")) entry.libc = ["musl"];
  else if (os === "linux" && parts.includes("gnu")) entry.libc = ["glibc"];
  // wasm32-wasi packages run anywhere in principle but need a WASI runtime: npm only picks them
  // when nothing native fits; mark them for a cpu no machine reports.
  if (cpu === "wasm32") entry.cpu = ["wasm32"];
  return entry;
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue;
    packages[hoisted] = {
      version: String(spec).replace(/^[\^~=]/, ""),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added === 0 ? "Lockfile already complete." : `Added ${added} platform entries.`);
