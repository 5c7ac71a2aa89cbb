// Lets a bench child import server-only modules (lib/db, lib/services) outside Next: the
// `server-only` marker throws unless resolved under React's server condition, which would also
// switch react-dom/server off. Resolve just that one package to an empty module instead, as the
// Vitest config does. Use: node --import ./bench/children/server-only-hook.mjs --import tsx …
import { register } from "node:module";

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
