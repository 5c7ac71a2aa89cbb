/**
 * The Signoff command line: `npm run signoff -- <command>`, `npx tsx cli/signoff.ts <command>`,
 * or the `signoff` bin (bin/signoff.mjs). See cli/main.ts.
 */
import { processIo } from "./io";
import { main } from "./main";

process.exitCode = await main(process.argv.slice(2), processIo);
