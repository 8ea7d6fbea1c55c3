import { preflightOfProcess, type ProcessRole } from "@/lib/core/env";
import { processCache } from "@/lib/core/process-cache";

// `npm start` checks before Next loads (scripts/serve.ts) and Next's instrumentation checks again
// (for `next start`): in one process the warnings are written once. One key, so a plain Map.
const reported = processCache<"warnings", true>("preflight");

/**
 * A production process whose configuration is incomplete, unsafe or malformed exits at once, one
 * `error:` line per problem. Runs before anything reads the configuration through `env()`.
 */
export function refuseIncompleteProduction(role: ProcessRole = "server"): void {
  const { errors, warnings } = preflightOfProcess(role);
  if (!reported.has("warnings")) for (const warning of warnings) console.warn(`warning: ${warning}`);
  reported.set("warnings", true);
  if (errors.length === 0) return;
  for (const error of errors) console.error(`error: ${error}`);
  process.exit(1);
}
