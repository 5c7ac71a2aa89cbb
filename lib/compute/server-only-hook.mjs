// Lets a thread outside Next (the compute thread, a benchmark's child) import server-only modules
// (lib/db, lib/services): the `server-only` marker throws unless resolved under React's server
// condition, which would also switch react-dom/server off. Resolve just that one package to an
// empty module instead, as the Vitest config does. Use: node --import
// ./lib/compute/server-only-hook.mjs --import tsx …, or import it first, as worker.mjs does.
import { register } from "node:module";

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
