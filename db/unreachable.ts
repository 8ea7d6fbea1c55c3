// What counts as the database being unreachable, as opposed to a statement failing on a database
// that answers. lib/http/problem.ts answers both kinds of outage 503.

/** A database wait cut short by the client (db/deadlines.ts). */
export const DATABASE_TIMEOUT = "DATABASE_TIMEOUT";
/**
 * A wait for a free connection (or for a statement ahead on one) cut short by the client: the
 * database answers, the pool is busy. A 503 like the others, but it never opens the breaker.
 */
export const DATABASE_BUSY = "DATABASE_BUSY";
/** A statement not even tried, because the database has just been found unreachable (db/breaker.ts). */
export const DATABASE_UNAVAILABLE = "DATABASE_UNAVAILABLE";

/** Set on a socket error that came before the server's first byte: the connection never opened. */
export const BEFORE_FIRST_ANSWER = "databaseNeverAnswered";

export function databaseError(code: typeof DATABASE_TIMEOUT | typeof DATABASE_BUSY | typeof DATABASE_UNAVAILABLE, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const UNREACHABLE = new Set([
  ...["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"],
  // postgres.js: a connection that could not open in time, or was closed under a statement.
  ...["CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"],
  DATABASE_TIMEOUT,
  DATABASE_BUSY,
  DATABASE_UNAVAILABLE,
]);

/** Whether the error, or one it wraps (Drizzle wraps driver errors as `cause`), has a code that `matches`. */
export function hasCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && typeof current.code === "string" && matches(current.code)) return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** The error says the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  // 08: connection exceptions; 57P0x: the server shutting down, or this backend terminated.
  return hasCode(error, (code) => UNREACHABLE.has(code) || /^(08|57P0)/.test(code));
}

/** A statement the server cancelled (57014: its statement timeout, or an operator): the database answers. */
export function isStatementCancelled(error: unknown): boolean {
  return hasCode(error, (code) => code === "57014");
}
