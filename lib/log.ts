import { env } from "@/lib/env";

// Structured JSON lines on stdout/stderr; enough for a log collector, no dependency.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

// Drizzle's query errors carry the SQL and its bound values ("Failed query: … params: …"); the
// values are personal data (emails, names), so they never reach the log.
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    const message = value.message.replace(QUERY_PARAMS, "\nparams: [not logged]");
    const stack = value.stack?.replace(value.message, message);
    return { name: value.name, message, stack, cause: serialize(value.cause) };
  }
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const entry = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialize(value)]));
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...entry });
  if (LEVELS[level] >= LEVELS.warn) console.error(line);
  else console.log(line);
}

export { serialize as serializeForLog };

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
