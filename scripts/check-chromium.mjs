import { CHROMIUM_HELP, chromiumPath } from "./lib.mjs";

if (!chromiumPath()) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
