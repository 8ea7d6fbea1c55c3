import { log, redactText } from "@/lib/core/log";

// Next reports a failed page or route handler with console.error(error) (and its own warnings with
// console.warn), before and whether or not instrumentation's onRequestError runs: an unstructured
// stack, with a failed query's bound values in it. In the server process both go through lib/core/log
// instead: one JSON line, values taken out, stamped with the request id of the request being answered.

const INSTALLED = Symbol.for("marketplace.console-through-log");
// Next's prefixes on its own console lines (" ⨯", " ⚠").
const NEXT_PREFIX = /^\s*[⨯⚠]\s*/u;

/** What a console.error/console.warn call said, as a message and the first Error among its arguments. */
export function consoleCallAsLogEntry(args: unknown[]): { message: string; error?: Error } {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const words = args
    .filter((arg) => arg !== error)
    .map((arg) => (typeof arg === "string" ? arg : typeof arg === "object" && arg !== null ? "[object not logged]" : String(arg)))
    .join(" ")
    .replace(NEXT_PREFIX, "")
    .trim();
  return { message: redactText(words) || (error ? "unhandled error" : ""), ...(error ? { error } : {}) };
}

/** Sends console.error and console.warn through lib/core/log for the rest of the process; a second call does nothing. */
export function routeConsoleThroughLog(): void {
  const global = globalThis as { [INSTALLED]?: true };
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => {
      const { message, error } = consoleCallAsLogEntry(args);
      log[level](message, error ? { error } : {});
    };
  }
}
