/**
 * Writes the plan's JSON Schema, generated from the zod schema, to
 * public/schemas/execution-plan.v1.json (`npm run schema:json`).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PLAN_JSON_SCHEMA_PATH, planJsonSchemaText } from "../lib/plan/json-schema";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, PLAN_JSON_SCHEMA_PATH);
const text = planJsonSchemaText();

let current: string | undefined;
try {
  current = readFileSync(target, "utf8");
} catch {
  current = undefined;
}

if (current === text) {
  console.log(`${PLAN_JSON_SCHEMA_PATH} is up to date`);
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${PLAN_JSON_SCHEMA_PATH}`);
}
