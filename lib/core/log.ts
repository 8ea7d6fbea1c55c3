import { env } from "@/lib/core/env";
import { currentRequestId } from "@/lib/core/request-context";

// Structured JSON lines on stdout/stderr; enough for a log collector, no dependency. A line never
// carries personal data or secrets: errors are written field by field from a list of fields known
// to hold none, and their text has bound values and email addresses taken out (docs/architecture.md, Logs).
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

const NOT_LOGGED = "[not logged]";
// Drizzle's query errors end their message with the bound values ("Failed query: … params: …").
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
const STACK_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
const VALUE_REDACTIONS: [RegExp, string][] = [
  // Postgres ends a message with the offending value (`invalid input syntax for type uuid: "…"`,
  // `invalid input value for enum …: "…"`) and names a conflicting row by its values (`Key (email)=(…)`).
  [/: "[^\n]*"(?=\n|$)/g, `: ${NOT_LOGGED}`],
  [/Key \(([^)\n]*)\)=\([^\n]*?\)( already exists| is not present| conflicts)/g, `Key ($1)=(${NOT_LOGGED})$2`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[email]"],
];
const withoutValues = (text: string) =>
  VALUE_REDACTIONS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

/** A message with the values it may quote (bound parameters, rows, email addresses) taken out. */
export function redactText(text: string): string {
  return withoutValues(text.replace(QUERY_PARAMS, `\nparams: ${NOT_LOGGED}`));
}

// What an error may contribute besides its name, message and stack: codes and names from the
// schema, never values. Everything else (postgres.js `query`, `parameters`, `args`, `detail`,
// `where`; drizzle's `params`; whatever a library hangs on its errors) stays out.
const SAFE_ERROR_FIELDS = ["code", "digest", "severity", "routine", "schema_name", "table_name", "column_name", "constraint_name"];

function serialize(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  if (depth > 4) return { name: value.name, message: NOT_LOGGED };
  const message = redactText(value.message);
  // The stack starts with the message, bound values included; its frames follow them and are kept.
  const stack = value.stack === undefined ? undefined : withoutValues(value.stack.replace(STACK_PARAMS, `\nparams: ${NOT_LOGGED}`));
  const fields = Object.fromEntries(
    SAFE_ERROR_FIELDS.flatMap((field) => {
      const fieldValue = (value as unknown as Record<string, unknown>)[field];
      return typeof fieldValue === "string" || typeof fieldValue === "number" ? [[field, fieldValue]] : [];
    }),
  );
  const cause = value.cause === undefined ? {} : { cause: serialize(value.cause, depth + 1) };
  const errors = value instanceof AggregateError ? { errors: value.errors.map((error) => serialize(error, depth + 1)) } : {};
  return { name: value.name, message, ...fields, stack, ...cause, ...errors };
}

function line(level: Level, message: string, fields: Record<string, unknown>): string {
  const requestId = currentRequestId();
  const entry = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialize(value)]));
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...(requestId ? { requestId } : {}), ...entry });
}

// Straight to the streams, not through console: Next dims console output written while a render
// is being aborted, and the server process routes console.error here (lib/server/console-errors.ts).
const stdout = (text: string) => void process.stdout.write(`${text}\n`);
const stderr = (text: string) => void process.stderr.write(`${text}\n`);

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  (LEVELS[level] >= LEVELS.warn ? stderr : stdout)(line(level, message, fields));
}

export { serialize as serializeForLog };

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
  /** One access-log line; ACCESS_LOG, not LOG_LEVEL, decides whether these are written. */
  access: (fields: Record<string, unknown>) => stdout(line("info", "request", fields)),
};
